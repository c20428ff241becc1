import type uPlot from 'uplot';
import { decadeTicks } from '../../../components/productionChart/model/axes';
import '../../../components/productionChart/productionChart.css';
import type { CloudFrame } from '../model/cloudFrame';
import { usePlot } from './usePlot';

const tick = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });

/**
 * The type curve's wells as a cloud on a semi-log axis (uPlot, like the production chart): each
 * well's normalized rates as grey points, drawn in one path in a draw hook (any number of wells),
 * and the per-step P10, P50, P90 and average (solid) and the fitted series (dashed) as lines.
 */
export function CloudChart(props: {
  frame: CloudFrame;
  stepUnit: string;
  rateLabel: string;
  height?: number;
  /** The x axis' title (default: steps from the aligned start). */
  startLabel?: string;
  /** The chart's accessible name (default: the wells' normalized rates). */
  label?: string;
}) {
  const { frame, stepUnit, rateLabel, height = 360 } = props;
  const startLabel = props.startLabel ?? `${stepUnit} from the aligned start`;

  const box = usePlot(
    (width) => {
      const opts: uPlot.Options = {
        width,
        height,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: false },
          y: { distr: 3, log: 10, range: () => frame.y },
        },
        axes: [
          { label: startLabel, labelSize: 20, grid: { stroke: '#e6e9ef', width: 1 } },
          {
            label: rateLabel,
            labelSize: 20,
            size: 56,
            splits: (_u, _i, min, max) => decadeTicks(min, max),
            values: (_u, splits) => splits.map((v) => tick.format(v)),
            grid: { stroke: '#e6e9ef', width: 1 },
          },
        ],
        series: [
          {},
          ...frame.lines.map(
            (l): uPlot.Series => ({
              label: l.label,
              stroke: l.color,
              width: l.dashed ? 2 : 2.5,
              ...(l.dashed ? { dash: [8, 5] } : {}),
              points: { show: false },
              spanGaps: false,
            }),
          ),
        ],
        hooks: {
          drawAxes: [
            (u) => {
              // The cloud under the lines: one path of small squares.
              const { ctx } = u;
              const { left, top, width, height: h } = u.bbox;
              const size = Math.max(2, Math.round(3 * devicePixelRatio));
              const path = new Path2D();
              for (const c of frame.cloud) {
                for (let i = 0; i < c.steps.length; i++) {
                  const px = Math.round(u.valToPos(c.steps[i]!, 'x', true));
                  const py = Math.round(u.valToPos(c.rates[i]!, 'y', true));
                  if (px < left || px > left + width || py < top || py > top + h) continue;
                  path.rect(px - size / 2, py - size / 2, size, size);
                }
              }
              ctx.save();
              ctx.fillStyle = 'rgba(110, 119, 129, 0.45)';
              ctx.fill(path);
              ctx.restore();
            },
          ],
        },
      };
      return [opts, [frame.x, ...frame.lines.map((l) => l.values)] as uPlot.AlignedData];
    },
    height,
    [frame, startLabel, rateLabel],
  );

  return (
    <div
      className="chart"
      role="img"
      aria-label={props.label ?? `Normalized rates of the wells by ${stepUnit.toLowerCase()}`}
    >
      <div ref={box} className="canvas-plot" />
    </div>
  );
}
