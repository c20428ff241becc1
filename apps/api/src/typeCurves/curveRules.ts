import { type ErrorDetail, excludedNotInWells, type ForecastSeries } from '@econ/contract';

/*
 * The type-curve write rules of spec part 2.9 and write rule 5 of part 4.4, as pure functions: the
 * routes load what they need (the forecast, which wells belong to it) and ask these for the result.
 */

/** The stored fields of a type curve that writes change (null: never set, left out on read). */
export interface CurveFields {
  name: string;
  forecastId: string | null;
  forecastSeries: ForecastSeries | null;
  wells: string[] | null;
  excludedWells: string[] | null;
}

/** A validated create or patch body (the contract has checked each field on its own). */
export interface CurveChange {
  name?: string | undefined;
  forecast?: string | undefined;
  forecastSeries?: ForecastSeries | undefined;
  wells?: string[] | undefined;
  excludedWells?: string[] | undefined;
}

/** What the routes know about the forecast the merged type curve links to. */
export interface ForecastFacts {
  type: 'deterministic' | 'probabilistic';
  /** Which of the candidate well ids (see {@link candidateWells}) are wells of the forecast. */
  wells: ReadonlySet<string>;
}

export const NO_FIELDS: CurveFields = {
  name: '',
  forecastId: null,
  forecastSeries: null,
  wells: null,
  excludedWells: null,
};

/** The well ids whose membership in the (new) forecast the merge needs to know. */
export const candidateWells = (stored: CurveFields, change: CurveChange): string[] => [
  ...new Set([...(change.wells ?? stored.wells ?? []), ...(change.excludedWells ?? [])]),
];

const listed = (ids: readonly string[]) => (ids.length > 5 ? `${ids.slice(0, 5).join(', ')}…` : ids.join(', '));

/**
 * Merges a change into the stored fields (create: into {@link NO_FIELDS}) and checks the rules
 * that need the forecast. Rule 5: re-linking `forecast` without `wells` drops the wells the new
 * forecast lacks; changing `wells` without `excludedWells` drops exclusions of unassigned wells.
 * Returns the merged fields, or the 400 details (field, rule, value, message).
 */
export function mergeCurve(
  stored: CurveFields,
  change: CurveChange,
  forecast: ForecastFacts | undefined,
): { ok: true; fields: CurveFields } | { ok: false; details: ErrorDetail[] } {
  const forecastId = change.forecast ?? stored.forecastId;
  const relinked = change.forecast !== undefined && change.forecast !== stored.forecastId;
  let wells = change.wells ?? stored.wells;
  if (relinked && change.wells === undefined && wells !== null && forecast) {
    wells = wells.filter((id) => forecast.wells.has(id));
  }
  let excludedWells = change.excludedWells ?? stored.excludedWells;
  if (change.excludedWells === undefined && excludedWells !== null) {
    const assigned = new Set(wells ?? []);
    excludedWells = excludedWells.filter((id) => assigned.has(id));
  }
  const forecastSeries = change.forecastSeries ?? stored.forecastSeries ?? 'best';
  const details: ErrorDetail[] = [];

  if (forecastId === null) {
    if (wells?.length) {
      details.push({
        field: 'wells',
        rule: 'requires forecast',
        value: wells.length,
        message: 'wells require a forecast: send the forecast the wells belong to',
      });
    }
  } else if (forecast && wells) {
    const stray = wells.filter((id) => !forecast.wells.has(id));
    if (stray.length) {
      details.push({
        field: 'wells',
        rule: 'wells of the forecast',
        value: stray,
        message: `every well must belong to forecast ${forecastId}; these do not (or are not wells): ${listed(stray)}`,
      });
    }
  }
  if (excludedWells?.length) {
    const stray = excludedNotInWells(excludedWells, wells ?? []);
    if (stray.length) {
      details.push({
        field: 'excludedWells',
        rule: 'subset of wells',
        value: stray,
        message: `excludedWells must be a subset of wells (not in wells: ${listed(stray)})`,
      });
    }
  }
  if (forecastSeries !== 'best') {
    if (forecastId === null || forecast?.type !== 'probabilistic') {
      details.push({
        field: 'forecastSeries',
        rule: 'requires probabilistic forecast',
        value: forecastSeries,
        message: `forecastSeries ${forecastSeries} needs a probabilistic forecast${
          forecastId === null ? ': send forecast' : ` (forecast ${forecastId} is deterministic)`
        }`,
      });
    }
  }
  if (details.length) return { ok: false, details };
  return {
    ok: true,
    fields: {
      name: change.name ?? stored.name,
      forecastId,
      forecastSeries,
      wells,
      excludedWells,
    },
  };
}
