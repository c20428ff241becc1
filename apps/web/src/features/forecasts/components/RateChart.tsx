import type { Phase } from '@econ/contract';
import { fromDayIndex, type Segment } from '@econ/decline';
import { useMemo, useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  buildChart,
  logDomain,
  type MonthlyValue,
  niceMax,
  type Resolution,
  ratioUnit,
  volumeUnit,
  yearTicks,
} from '../model/chartData';
import { formatTick, formatValue, formatVolume } from '../model/computed';
import type { Settings } from '../model/drafts';

const PHASE_NAME: Record<Phase, string> = { oil: 'Oil', gas: 'Gas', water: 'Water' };

/** The labels of what is drawn, in the units it is drawn in. */
function labels(phase: Phase, settings: Settings, resolution: Resolution, monthlyValue: MonthlyValue) {
  const unit = volumeUnit(phase);
  if (settings.forecastType === 'ratio' && settings.basePhase) {
    const name = `${PHASE_NAME[phase]}/${settings.basePhase} ratio, ${ratioUnit(phase, settings.basePhase)}`;
    return { rate: resolution === 'monthly' && monthlyValue === 'volume' ? `${name} × days per month` : name, unit };
  }
  if (resolution === 'daily') return { rate: `${PHASE_NAME[phase]} rate, ${unit}/D`, unit };
  return monthlyValue === 'volume'
    ? { rate: `${PHASE_NAME[phase]} volume, ${unit} per month`, unit }
    : { rate: `${PHASE_NAME[phase]} rate, ${unit}/D (monthly average)`, unit };
}

/**
 * Rate against time, computed in the browser with packages/decline from the segments as they are
 * typed: linear or log rate axis, daily (downsampled) or monthly points, the cumulative volume on
 * a second axis, and the EUR. `stale`: the segments drawn are the last valid ones.
 */
export function RateChart(props: {
  segments: readonly Segment[] | undefined;
  stale: boolean;
  phase: Phase;
  settings: Settings;
  /** A ratio forecast's base phase segments (undefined: not stored, or not valid). */
  base?: readonly Segment[] | undefined;
  /** What to say when there is nothing to draw. */
  emptyText: string;
}) {
  const { segments, stale, phase, settings, base, emptyText } = props;
  const [log, setLog] = useState(false);
  const [resolution, setResolution] = useState<Resolution>('daily');
  const [monthlyValue, setMonthlyValue] = useState<MonthlyValue>('volume');
  const data = useMemo(
    () => (segments?.length ? buildChart(segments, { resolution, monthlyValue, log, base }) : undefined),
    [segments, resolution, monthlyValue, log, base],
  );
  const ratio = settings.forecastType === 'ratio';
  const text = labels(phase, settings, resolution, monthlyValue);
  const first = data?.points[0]?.day ?? 0;
  const last = data?.points[data.points.length - 1]?.day ?? 0;
  const ticks = useMemo(() => yearTicks(first, last), [first, last]);
  return (
    <>
      <div className="chart-controls">
        <label className="choice">
          <input type="checkbox" checked={log} onChange={(e) => setLog(e.target.checked)} />
          Log rate axis
        </label>
        <fieldset className="inline">
          <legend>Resolution</legend>
          {(['daily', 'monthly'] as const).map((r) => (
            <label className="choice" key={r}>
              <input type="radio" name="resolution" checked={resolution === r} onChange={() => setResolution(r)} />
              {r === 'daily' ? 'Daily' : 'Monthly'}
            </label>
          ))}
        </fieldset>
        {resolution === 'monthly' && (
          <fieldset className="inline">
            <legend>Monthly values</legend>
            <label className="choice">
              <input
                type="radio"
                name="monthly-value"
                checked={monthlyValue === 'volume'}
                onChange={() => setMonthlyValue('volume')}
              />
              Volume per month
            </label>
            <label className="choice">
              <input
                type="radio"
                name="monthly-value"
                checked={monthlyValue === 'rate'}
                onChange={() => setMonthlyValue('rate')}
              />
              Average rate
            </label>
          </fieldset>
        )}
      </div>
      <p className="eur">
        <label htmlFor="eur">EUR</label>{' '}
        <output id="eur">
          {!data
            ? '—'
            : ratio && !base
              ? `needs a valid ${settings.basePhase ?? 'base phase'} forecast of this well and series`
              : `${formatVolume(data.eur)} ${text.unit}`}
        </output>
        {ratio && base && data && <span className="muted"> (ratio × {settings.basePhase} rate)</span>}
        {stale && data && <span className="muted"> (last valid segments; fix the marked fields)</span>}
      </p>
      {data ? (
        <div className={stale ? 'chart stale' : 'chart'} role="img" aria-label={`${text.rate} against time`}>
          <ResponsiveContainer width="100%" height={340}>
            <LineChart data={data.points} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
              <CartesianGrid stroke="#e6e9ef" />
              <XAxis
                dataKey="day"
                type="number"
                domain={[first, last]}
                ticks={ticks}
                tickFormatter={(d: number) => fromDayIndex(d).slice(0, 4)}
                fontSize={12}
              />
              <YAxis
                yAxisId="rate"
                scale={log ? 'log' : 'linear'}
                domain={log ? logDomain(data.minPositiveRate, data.maxRate) : [0, niceMax(data.maxRate)]}
                allowDataOverflow={log}
                tickFormatter={formatTick}
                fontSize={12}
                width={56}
                label={{ value: text.rate, angle: -90, position: 'insideLeft', offset: 0, fontSize: 12, dy: 70 }}
              />
              {!ratio && (
                <YAxis
                  yAxisId="cumulative"
                  orientation="right"
                  tickFormatter={formatTick}
                  fontSize={12}
                  width={56}
                  label={{
                    value: `Cumulative, ${text.unit}`,
                    angle: 90,
                    position: 'insideRight',
                    fontSize: 12,
                    dy: -50,
                  }}
                />
              )}
              <Tooltip
                labelFormatter={(d) => fromDayIndex(Number(d))}
                formatter={(v) => (typeof v === 'number' ? formatValue(v) : String(v))}
              />
              <Legend verticalAlign="top" height={24} />
              <Line
                yAxisId="rate"
                dataKey="rate"
                name={ratio ? 'Ratio' : resolution === 'monthly' && monthlyValue === 'volume' ? 'Volume' : 'Rate'}
                stroke="#1f6feb"
                dot={false}
                strokeWidth={2}
                isAnimationActive={false}
                connectNulls={false}
              />
              {!ratio && (
                <Line
                  yAxisId="cumulative"
                  dataKey="cumulative"
                  name="Cumulative"
                  stroke="#b26a00"
                  dot={false}
                  strokeDasharray="5 4"
                  isAnimationActive={false}
                />
              )}
            </LineChart>
          </ResponsiveContainer>
        </div>
      ) : (
        <p className="muted chart-empty">{emptyText}</p>
      )}
    </>
  );
}
