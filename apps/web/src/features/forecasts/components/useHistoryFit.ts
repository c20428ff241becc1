import type { Phase } from '@econ/contract';
import { type FitResult, type Segment, toSegment } from '@econ/decline';
import { useMemo, useState } from 'react';
import type { MarkerSet } from '../../../components/productionChart/model/frame';
import type { History } from '../../../components/productionChart/model/history';
import { type ClickMode, chartClick, daysFor, toggleExclusion } from '../model/fitExclusions';
import { DEFAULT_FIT_FORM, type FitFormValues, fitOptionsFrom } from '../model/fitForm';
import { fitPointsFromHistory } from '../model/fitPoints';
import { eurComparison, fitToHistory, residualsOf } from '../model/fitPreview';
import type { SegmentRow } from '../model/segmentRows';

/** Colours of the fit on the chart: a violet dashed curve, black crosses for your exclusions, orange rings for outliers. */
export const FIT_COLOR = '#8250df';
const USER_COLOR = '#24292f';
const OUTLIER_COLOR = '#bc4c00';
const NONE: number[] = [];

/**
 * The state of "Fit to history" for the shown well, phase and history resolution: the options
 * typed, the points clicked off (kept per well, phase and resolution while the page is open), what
 * a chart click does, and the live fit with its residuals and EUR comparison.
 */
export function useHistoryFit(input: {
  /** well/phase/series key: exclusions belong to one well and phase (and resolution). */
  comboKey: string;
  phase: Phase;
  history: History | undefined;
  rows: readonly SegmentRow[];
  /** The draft's drawable segments (what the fit is compared with). */
  current: readonly Segment[] | undefined;
  open: boolean;
}) {
  const { comboKey, phase, history, rows, current, open } = input;
  const [values, setValues] = useState<FitFormValues>(DEFAULT_FIT_FORM);
  const [clickMode, setClickMode] = useState<ClickMode>('exclude');
  const [zoom, setZoom] = useState(true);
  const [excludedBy, setExcludedBy] = useState<ReadonlyMap<string, number[]>>(new Map());
  const exclusionKey = `${comboKey}/${history?.resolution ?? ''}`;
  const exclude = excludedBy.get(exclusionKey) ?? NONE;

  const points = useMemo(() => (history ? fitPointsFromHistory(history, phase) : []), [history, phase]);
  const form = useMemo(() => fitOptionsFrom(values, { exclude }), [values, exclude]);
  const result: FitResult | undefined = useMemo(
    () => (open && form.ok && points.length ? fitToHistory(points, form.options, rows) : undefined),
    [open, form, points, rows],
  );
  const preview = useMemo(() => {
    if (!result?.ok) return undefined;
    return {
      segments: [toSegment(result.segment)],
      residuals: residualsOf(points, result),
      eur: eurComparison(result, current),
    };
  }, [result, points, current]);

  // Memoized: the chart rebuilds its frame when its markers change.
  const markers = useMemo((): MarkerSet[] | undefined => {
    if (!open) return undefined;
    const excluded =
      result?.quality?.excluded ?? exclude.map((day) => ({ day, reason: 'excluded by the user' as const }));
    const sets: MarkerSet[] = [
      {
        key: 'fit-user',
        label: 'Excluded by you',
        phase,
        days: daysFor(excluded, 'excluded by the user'),
        shape: 'cross',
        color: USER_COLOR,
      },
      {
        key: 'fit-outlier',
        label: 'Outliers (left out)',
        phase,
        days: daysFor(excluded, 'outlier'),
        shape: 'ring',
        color: OUTLIER_COLOR,
      },
    ];
    return sets.filter((m) => m.days.length > 0);
  }, [open, result, exclude, phase]);

  const toggle = (day: number) =>
    setExcludedBy((m) => new Map(m).set(exclusionKey, toggleExclusion(m.get(exclusionKey) ?? [], day)));
  const onPick = (day: number) => {
    const next = chartClick({ mode: clickMode, exclude, values }, day);
    setClickMode(next.mode);
    setValues(next.values);
    if (next.exclude !== exclude) setExcludedBy((m) => new Map(m).set(exclusionKey, [...next.exclude]));
  };

  return {
    values,
    setValues: (patch: Partial<FitFormValues>) => setValues((v) => ({ ...v, ...patch })),
    errors: form.ok ? {} : form.errors,
    clickMode,
    setClickMode,
    /** Whether the chart shows the days around the history only (a forecast's 30 years squeeze it). */
    zoom,
    setZoom,
    points,
    result,
    preview,
    toggle,
    clearExclusions: () => setExcludedBy((m) => new Map(m).set(exclusionKey, [])),
    markers,
    pick: open && points.length ? { phase, onPick } : undefined,
  };
}

export type HistoryFit = ReturnType<typeof useHistoryFit>;
