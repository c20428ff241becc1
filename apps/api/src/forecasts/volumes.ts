import {
  type DataFrequency,
  type ForecastKind,
  type OutputSeries,
  type Phase,
  SERIES,
  type Series,
  type StoredSegment,
  segmentView,
  type VolumeSeries,
} from '@econ/contract';
import {
  type DailySeries,
  dailySeries,
  eur,
  fromDayIndex,
  monthlySeries,
  multiplySeries,
  type Segment,
  toSegment,
} from '@econ/decline';

/** What is stored for one well and phase: its kind and the segments of each series. */
export interface WellPhase {
  phase: Phase;
  forecastType: ForecastKind;
  basePhase: Phase | undefined;
  dataFrequency: DataFrequency;
  series: Partial<Record<Series, StoredSegment[]>>;
}

const SERIES_ORDER: readonly Series[] = ['best', ...SERIES.filter((s) => s !== 'best')];

/** The daily series of stored segments (validated on write, so the math accepts them). */
export function dailyOf(segments: readonly StoredSegment[]): { segments: Segment[]; daily: DailySeries } {
  const converted = segments.map((s) => toSegment(s));
  return { segments: converted, daily: dailySeries(converted) };
}

/**
 * The daily volumes (BBL or MCF) of each stored series of each phase of one well. A ratio phase
 * is multiplied by its base phase's same series (or, when the base lacks it, its `best`); a ratio
 * whose base is missing or is itself a ratio has no volumes (null).
 */
export function wellVolumes(
  phases: readonly WellPhase[],
): Map<Phase, Map<Series, { own: DailySeries; volumes: DailySeries | null; segments: Segment[] }>> {
  const own = new Map<Phase, Map<Series, { own: DailySeries; segments: Segment[] }>>();
  for (const p of phases) {
    const bySeries = new Map<Series, { own: DailySeries; segments: Segment[] }>();
    for (const s of SERIES_ORDER) {
      const segs = p.series[s];
      if (!segs?.length) continue;
      const { segments, daily } = dailyOf(segs);
      bySeries.set(s, { own: daily, segments });
    }
    own.set(p.phase, bySeries);
  }
  const out = new Map<Phase, Map<Series, { own: DailySeries; volumes: DailySeries | null; segments: Segment[] }>>();
  for (const p of phases) {
    const bySeries = new Map<Series, { own: DailySeries; volumes: DailySeries | null; segments: Segment[] }>();
    for (const [s, v] of own.get(p.phase) ?? []) {
      let volumes: DailySeries | null = v.own;
      if (p.forecastType === 'ratio') {
        const baseKind = phases.find((q) => q.phase === p.basePhase);
        const baseSeries = own.get(p.basePhase as Phase);
        const base = baseKind?.forecastType === 'rate' ? (baseSeries?.get(s) ?? baseSeries?.get('best')) : undefined;
        volumes = base ? multiplySeries(v.own, base.own) : null;
      }
      bySeries.set(s, { ...v, volumes });
    }
    out.set(p.phase, bySeries);
  }
  return out;
}

/** The outputs of one phase: each series' segments with computed fields and its EUR (BBL or MCF). */
export function phaseOutputs(
  phase: WellPhase,
  computed: Map<Series, { volumes: DailySeries | null; segments: Segment[] }>,
): Partial<Record<Series | 'ratio', OutputSeries & { basePhase?: Phase }>> {
  const out: Partial<Record<Series | 'ratio', OutputSeries & { basePhase?: Phase }>> = {};
  for (const s of SERIES_ORDER) {
    const stored = phase.series[s];
    const c = computed.get(s);
    if (!stored || !c) continue;
    out[s] = {
      segments: stored.map((seg, i) => segmentView(seg, c.segments[i])),
      eur: c.volumes ? eur(c.volumes) : null,
    };
  }
  if (phase.forecastType === 'ratio' && phase.basePhase) {
    const first = SERIES_ORDER.find((s) => out[s]);
    if (first) out.ratio = { ...(out[first] as OutputSeries), basePhase: phase.basePhase };
  }
  return out;
}

/** A daily or monthly volume series as the volumes routes report it. */
export function volumeSeries(series: Series, daily: DailySeries, resolution: DataFrequency): VolumeSeries {
  if (resolution === 'daily') {
    return {
      series,
      startDate: fromDayIndex(daily.start),
      endDate: fromDayIndex(daily.start + daily.values.length - 1),
      eur: eur(daily),
      volumes: Array.from(daily.values),
    };
  }
  const monthly = monthlySeries(daily);
  return {
    series,
    startDate: monthly.labels[0] ?? fromDayIndex(daily.start),
    endDate: monthly.labels[monthly.labels.length - 1] ?? fromDayIndex(daily.start),
    eur: eur(daily),
    volumes: Array.from(monthly.values),
  };
}
