import {
  FACTORS_OF_Y_AXIS,
  FIT_SERIES,
  NORMALIZATION_HEADERS,
  type NormalizationView,
  PHASES,
  type Phase,
  type TypeCurveFitsView,
} from '@econ/contract';
import { fitsDraftFromView } from './fitDraft';

/** One line per phase of the curve tab's summary: its fit and its normalization, in words. */
export interface PhaseSummary {
  phase: Phase;
  fit: string;
  normalization: string;
}

/** A normalization key in words (`perforated lateral length`) and its unit, if a header. */
const header = (key: string) => {
  const h = NORMALIZATION_HEADERS.get(key);
  return { name: h ? h.def.label.toLowerCase() : key, unit: h?.def.unit ? ` ${h.def.unit}` : '' };
};

/** What the type curve holds per phase: `rate fit: best, p10, p50, p90`, `EUR by perforated lateral length, target 10,000 FT`. */
export function curveSummary(fits: TypeCurveFitsView, normalization: NormalizationView | null): PhaseSummary[] {
  const draft = fitsDraftFromView(fits);
  return PHASES.map((phase) => {
    const f = draft[phase];
    const series = f ? FIT_SERIES.filter((s) => f.series[s].length > 0) : [];
    const fit = !f
      ? 'no fit'
      : `${f.fitType === 'ratio' ? `ratio to ${f.basePhase}` : 'rate'} fit: ${series.length ? series.join(', ') : 'no segments'}`;
    const n = normalization?.[phase];
    const factors = n ? FACTORS_OF_Y_AXIS[n.yAxis].filter((k) => n[k].segments.length > 0) : [];
    const target = n?.targets[0];
    const normalized = n?.linkedTo
      ? `uses the multipliers of ${n.linkedTo}`
      : factors.length && n
        ? `${factors.map((k) => (k === 'eur' ? 'EUR' : 'peak')).join(' and ')} by ${header(n.xAxis).name}${
            target ? `, target ${target.value.toLocaleString('en-US')}${header(target.key).unit}` : ''
          }`
        : 'not normalized';
    return { phase, fit, normalization: normalized };
  });
}
