import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { decadeTicks, timeTicks } from './model/axes';
import type { Frame, MarkerShape } from './model/frame';
import { type ReadOut, readOut } from './model/hover';
import type { PlotPosition } from './model/pick';

const tick = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });
/** An axis label: `1`, `10`, `1K`, `0.1`. */
const formatTick = (v: number): string => tick.format(v);

/** How long the last draw took, in milliseconds (from handing the data to uPlot to its `draw` hook). */
export type DrawTiming = { drawMs: number; points: number };

/**
 * History points as small squares, filled in one path: a point that falls on the pixel of the
 * point before it adds nothing (11,000 days on a 1,000-pixel axis are ~11 points a column).
 */
const squares: uPlot.Series.Points.PathBuilder = (u, seriesIdx, idx0, idx1) => {
  const xs = u.data[0];
  const ys = u.data[seriesIdx]!;
  const size = Math.max(2, Math.round(3 * devicePixelRatio));
  const half = size / 2;
  const { left, top, width, height } = u.bbox;
  const fill = new Path2D();
  let lastX = Number.NaN;
  let lastY = Number.NaN;
  for (let i = idx0; i <= idx1; i++) {
    const y = ys[i];
    if (y === null || y === undefined) continue;
    const px = Math.round(u.valToPos(xs[i]!, 'x', true));
    const py = Math.round(u.valToPos(y, 'y', true));
    if ((px === lastX && py === lastY) || px < left || px > left + width || py < top || py > top + height) continue;
    lastX = px;
    lastY = py;
    fill.rect(px - half, py - half, size, size);
  }
  return { fill, stroke: null };
};

/** Marked points as crosses or rings, stroked in one path, drawn over the history points they mark. */
const marks =
  (shape: MarkerShape): uPlot.Series.Points.PathBuilder =>
  (u, seriesIdx, idx0, idx1) => {
    const xs = u.data[0];
    const ys = u.data[seriesIdx]!;
    const r = 4.5 * devicePixelRatio;
    const stroke = new Path2D();
    for (let i = idx0; i <= idx1; i++) {
      const y = ys[i];
      if (y === null || y === undefined) continue;
      const px = u.valToPos(xs[i]!, 'x', true);
      const py = u.valToPos(y, 'y', true);
      if (shape === 'ring') {
        stroke.moveTo(px + r, py);
        stroke.arc(px, py, r, 0, 2 * Math.PI);
      } else {
        stroke.moveTo(px - r, py - r);
        stroke.lineTo(px + r, py + r);
        stroke.moveTo(px - r, py + r);
        stroke.lineTo(px + r, py - r);
      }
    }
    return { stroke, fill: null };
  };

const countPoints = (f: Frame) => f.series.reduce((n, s) => n + s.values.length, 0);

/** The structure of a frame's plot: a new uPlot when it changes, `setData` when only the data does. */
const shapeOf = (f: Frame) =>
  `${f.view}|${f.log}|${f.series.map((s) => `${s.key}:${s.kind}:${s.color}:${s.dash ?? ''}:${s.shape ?? ''}`).join(',')}`;

interface Hooks {
  onHover: (r: ReadOut | undefined) => void;
  /** Called at the end of every draw. */
  onDrawn: () => void;
}

function options(
  frame: Frame,
  size: { width: number; height: number },
  yLabel: string,
  hooks: Hooks,
  current: { frame: Frame },
) {
  const opts: uPlot.Options = {
    ...size,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    scales: {
      x: {
        time: false,
        range: (_u, min, max) => current.frame.xRange ?? (min === max ? [min - 1, max + 1] : [min, max]),
      },
      y: current.frame.log
        ? { distr: 3, log: 10, range: () => current.frame.y }
        : { distr: 1, range: () => current.frame.y },
    },
    axes: [
      {
        splits: (_u, _i, min, max) => timeTicks(min, max).ticks,
        values: (_u, splits) => {
          const { label } = timeTicks(_u.scales.x!.min!, _u.scales.x!.max!);
          return splits.map(label);
        },
        grid: { stroke: '#e6e9ef', width: 1 },
        ticks: { stroke: '#c9ced6', width: 1 },
      },
      {
        label: yLabel,
        labelSize: 20,
        size: 56,
        ...(current.frame.log
          ? { splits: (_u: uPlot, _i: number, min: number, max: number) => decadeTicks(min, max) }
          : {}),
        values: (_u, splits) => splits.map(formatTick),
        grid: { stroke: '#e6e9ef', width: 1 },
        ticks: { stroke: '#c9ced6', width: 1 },
      },
    ],
    series: [
      {},
      ...frame.series.map(
        (s): uPlot.Series =>
          s.kind === 'history'
            ? {
                label: s.label,
                stroke: s.color,
                paths: () => null,
                points: { show: true, size: 3, width: 0, fill: s.color, stroke: s.color, paths: squares },
              }
            : s.kind === 'marker'
              ? {
                  label: s.label,
                  stroke: s.color,
                  paths: () => null,
                  points: {
                    show: true,
                    size: 9,
                    width: 2,
                    fill: 'transparent',
                    stroke: s.color,
                    paths: marks(s.shape ?? 'cross'),
                  },
                }
              : {
                  label: s.label,
                  stroke: s.color,
                  width: s.dash ? 1.5 : 2,
                  spanGaps: false,
                  points: { show: false },
                  ...(s.dash ? { dash: s.dash } : {}),
                },
      ),
    ],
    hooks: {
      draw: [
        (u) => {
          // Segment boundaries: a dashed vertical line at each forecast segment's first day.
          const { ctx } = u;
          const top = u.bbox.top;
          const bottom = u.bbox.top + u.bbox.height;
          ctx.save();
          ctx.strokeStyle = '#8c959f';
          ctx.lineWidth = Math.max(1, devicePixelRatio);
          ctx.setLineDash([4 * devicePixelRatio, 4 * devicePixelRatio]);
          for (const day of current.frame.boundaries) {
            const x = Math.round(u.valToPos(day, 'x', true));
            if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) continue;
            ctx.beginPath();
            ctx.moveTo(x, top);
            ctx.lineTo(x, bottom);
            ctx.stroke();
          }
          ctx.restore();
          hooks.onDrawn();
        },
      ],
      setCursor: [
        (u) => {
          const left = u.cursor.left;
          hooks.onHover(left === undefined || left < 0 ? undefined : readOut(current.frame, u.posToVal(left, 'x')));
        },
      ],
    },
  };
  return opts;
}

/**
 * The canvas under the production chart (uPlot): history points, forecast lines, segment
 * boundaries, decade ticks on a log axis. It follows its container's width; `onDraw` reports each
 * draw's time (the page shows it in a data attribute, the e2e story prints it).
 */
export function CanvasPlot(props: {
  frame: Frame;
  height: number;
  yLabel: string;
  onHover: (r: ReadOut | undefined) => void;
  onDraw?: (t: DrawTiming) => void;
  /**
   * A click on the plot: where (CSS pixels in the plot area) and how to place a (day, value) in
   * the same pixels (to find the point clicked).
   */
  onClick?: ((at: PlotPosition, toPx: (day: number, value: number) => PlotPosition) => void) | undefined;
}) {
  const { frame, height, yLabel } = props;
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const shape = useRef('');
  const current = useRef({ frame });
  const callbacks = useRef({ onHover: props.onHover, onDraw: props.onDraw, onClick: props.onClick });
  callbacks.current = { onHover: props.onHover, onDraw: props.onDraw, onClick: props.onClick };
  const pending = useRef<{ start: number; points: number } | undefined>(undefined);
  const hooks = useRef<Hooks>({
    onHover: (r) => callbacks.current.onHover(r),
    onDrawn: () => {
      const p = pending.current;
      pending.current = undefined;
      if (p) callbacks.current.onDraw?.({ drawMs: performance.now() - p.start, points: p.points });
    },
  });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    current.current.frame = frame;
    const data = [frame.x, ...frame.ys] as uPlot.AlignedData;
    pending.current = { start: performance.now(), points: countPoints(frame) };
    const nextShape = `${shapeOf(frame)}|${yLabel}|${height}`;
    if (plot.current && shape.current === nextShape) {
      plot.current.setData(data);
      return;
    }
    plot.current?.destroy();
    shape.current = nextShape;
    const size = { width: el.clientWidth || 600, height };
    const u = new uPlot(options(frame, size, yLabel, hooks.current, current.current), data, el);
    plot.current = u;
    u.over.addEventListener('click', (e) => {
      const box = u.over.getBoundingClientRect();
      callbacks.current.onClick?.({ x: e.clientX - box.left, y: e.clientY - box.top }, (day, value) => ({
        x: u.valToPos(day, 'x'),
        y: u.valToPos(value, 'y'),
      }));
    });
  }, [frame, height, yLabel]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      const u = plot.current;
      if (u && el.clientWidth > 0 && el.clientWidth !== u.width) {
        pending.current = { start: performance.now(), points: countPoints(current.current.frame) };
        u.setSize({ width: el.clientWidth, height });
      }
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [height]);

  useEffect(
    () => () => {
      plot.current?.destroy();
      plot.current = null;
      shape.current = '';
    },
    [],
  );

  return <div ref={box} className="canvas-plot" />;
}
