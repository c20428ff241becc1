import { type AriesLineRow, type AriesQuery, PHASES } from '@econ/contract';
import { ariesPhaseLines, segmentsFrom, toDayIndex, toSegment } from '@econ/decline';
import type { ForecastWellHeaders } from './store';
import type { WellPhase } from './volumes';

/** The ARIES section of forecast lines. */
export const ARIES_FORECAST_SECTION = 4;

/** The QUALIFIER written when the query names none: the forecast's name, 10 characters, spaces as `_`. */
export const defaultQualifier = (forecastName: string): string =>
  forecastName.trim().replace(/\s+/g, '_').slice(0, 10) || 'FORECAST';

/** The header written as PROPNUM (`selectedIdKey`); API10 is the first 10 digits of API14. */
function propnum(well: ForecastWellHeaders, key: AriesQuery['selectedIdKey']): string {
  switch (key) {
    case 'chosenID':
      return well.chosenId;
    case 'api14':
      return well.api14 ?? '';
    case 'api10':
      return well.api14?.slice(0, 10) ?? '';
    case 'well_name':
      return well.wellName;
  }
}

/**
 * One well's lines: for each phase with segments in the chosen series (oil, gas, water), START and
 * its decline lines (`packages/decline/src/aries.ts`), numbered 1, 2, … across the well.
 */
export function wellAriesLines(
  well: ForecastWellHeaders,
  phases: readonly WellPhase[],
  q: Pick<AriesQuery, 'pSeries' | 'startDate' | 'selectedIdKey' | 'endingCondition' | 'forecastUnit'>,
  qualifier: string,
): AriesLineRow[] {
  const head = {
    PROPNUM: propnum(well, q.selectedIdKey),
    'WELL NAME': well.wellName,
    'CHOSEN ID': well.chosenId,
    ...(well.api14 ? { API10: well.api14.slice(0, 10), API14: well.api14 } : {}),
  };
  const from = q.startDate === undefined ? undefined : toDayIndex(q.startDate);
  const rows: AriesLineRow[] = [];
  for (const name of PHASES) {
    const phase = phases.find((p) => p.phase === name);
    const stored = phase?.series[q.pSeries];
    if (!phase || !stored?.length) continue;
    const all = stored.map((s) => toSegment(s));
    const segments = from === undefined ? all : segmentsFrom(all, from);
    const lines = ariesPhaseLines(
      { phase: name, segments, basePhase: phase.forecastType === 'ratio' ? phase.basePhase : undefined },
      { unit: q.forecastUnit, ending: q.endingCondition },
    );
    for (const line of lines) {
      rows.push({
        ...head,
        SECTION: ARIES_FORECAST_SECTION,
        SEQUENCE: rows.length + 1,
        QUALIFIER: qualifier,
        KEYWORD: line.keyword,
        EXPRESSION: line.expression,
      });
    }
  }
  return rows;
}
