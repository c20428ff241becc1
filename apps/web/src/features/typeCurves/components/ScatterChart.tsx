import type uPlot from 'uplot';
import type { Scatter } from '../model/normalizationScatter';
import { usePlot } from './usePlot';

const tick = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });

/** The normalization scatter: each well's EUR or peak against its x-axis header, and the curve f(x). */
export function ScatterChart(props: { scatter: Scatter; yLabel: string; height?: number }) {
  const { scatter, yLabel, height = 280 } = props;
  const box = usePlot(
    (width) => {
      const target = scatter.targetX;
      const opts: uPlot.Options = {
        width,
        height,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false }, y: { range: (_u, min, max) => [Math.min(0, min), max * 1.1 || 1] } },
        axes: [
          { label: scatter.xAxis, labelSize: 20, values: (_u, s) => s.map((v) => tick.format(v)) },
          { label: yLabel, labelSize: 20, size: 60, values: (_u, s) => s.map((v) => tick.format(v)) },
        ],
        series: [
          {},
          {
            label: 'Wells',
            stroke: '#0969da',
            paths: () => null,
            points: { show: true, size: 8, fill: '#0969da', stroke: '#0969da' },
          },
          { label: 'Normalization curve', stroke: '#bc4c00', width: 2, spanGaps: true, points: { show: false } },
        ],
        hooks: {
          draw: [
            (u) => {
              if (target === undefined) return;
              const x = Math.round(u.valToPos(target, 'x', true));
              const { ctx } = u;
              ctx.save();
              ctx.strokeStyle = '#8c959f';
              ctx.setLineDash([4 * devicePixelRatio, 4 * devicePixelRatio]);
              ctx.beginPath();
              ctx.moveTo(x, u.bbox.top);
              ctx.lineTo(x, u.bbox.top + u.bbox.height);
              ctx.stroke();
              ctx.restore();
            },
          ],
        },
      };
      return [opts, [scatter.x, scatter.wells, scatter.curve] as uPlot.AlignedData];
    },
    height,
    [scatter, yLabel],
  );
  return (
    <div className="chart" role="img" aria-label={`${yLabel} against ${scatter.xAxis}`}>
      <div ref={box} className="canvas-plot" />
    </div>
  );
}
