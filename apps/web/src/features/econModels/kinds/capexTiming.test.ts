import {
  CAPEX_COST_TIMING,
  CapexCostRow,
  CapexEscalationStart,
  CapexFunctions,
  CompletionCost,
  DrillingCost,
  econModelExample,
  FROM_HEADERS_COMPANIONS,
  FROM_SCHEDULE_COMPANIONS,
  OTHER_CAPEX_TIMING,
  OtherCapexRow,
  probabilisticCapexExample,
} from '@econ/contract';
import { describe, expect, it } from 'vitest';
import {
  COST_ROW_TIMING_CHOICES,
  chosenTiming,
  companionOf,
  duplicateRow,
  ESCALATION_START_CHOICES,
  FROM_OPTIONS,
  fromValueWrites,
  newCompletionCost,
  newCostRow,
  newDrillingCost,
  newOtherCapexRow,
  OTHER_CAPEX_TIMING_CHOICES,
  offsetLabel,
  pctTotal,
  timingWrites,
} from './capexTiming';

const NOW = new Date(2026, 10, 22);

/** A row after the form wrote `writes` (undefined = the key is not sent). */
const apply = (row: Record<string, unknown>, writes: Record<string, unknown>) => {
  const out = { ...row, ...writes };
  for (const [k, v] of Object.entries(writes)) if (v === undefined) delete out[k];
  return out;
};
const row = (over: Record<string, unknown> = {}) => {
  const { offsetToFpd: _, ...base } = newOtherCapexRow();
  return { ...base, ...over };
};

describe('choice lists', () => {
  it('cover exactly the contract timing criteria, in its order', () => {
    expect(OTHER_CAPEX_TIMING_CHOICES.map((c) => c.key)).toEqual([...OTHER_CAPEX_TIMING]);
    expect(COST_ROW_TIMING_CHOICES.map((c) => c.key)).toEqual([...CAPEX_COST_TIMING]);
    for (const c of ESCALATION_START_CHOICES) {
      const start = { [c.key]: c.kind === 'date' ? '2026-01-01' : 0 };
      expect(CapexEscalationStart.safeParse(start).success, c.key).toBe(true);
    }
  });
  it('offer every header and schedule value, with readable labels', () => {
    expect(FROM_OPTIONS.fromHeaders.map((o) => o.value)).toEqual(Object.keys(FROM_HEADERS_COMPANIONS));
    expect(FROM_OPTIONS.fromSchedule).toHaveLength(24);
    expect(offsetLabel('offset_to_first_prod_date_daily_calc')).toBe('First prod date daily calc');
    expect(offsetLabel('offset_to_til')).toBe('TIL');
    expect(offsetLabel('customDateHeader3')).toBe('Custom date header 3');
    expect(offsetLabel('offset_to_pad_preparation_mob_start')).toBe('Pad preparation mob start');
  });
});

describe('timingWrites (otherCapex row)', () => {
  const choices = OTHER_CAPEX_TIMING_CHOICES;

  it('carries the days between offsets and clears the old key', () => {
    const r = row({ offsetToFpd: -120 });
    expect(timingWrites(r, choices, 'offsetToAsOf')).toEqual({ offsetToFpd: undefined, offsetToAsOf: -120 });
  });
  it('moves days into the companion of the default header, and back out', () => {
    const r = row({ offsetToFpd: -30 });
    const toHeaders = apply(r, timingWrites(r, choices, 'fromHeaders'));
    expect(toHeaders).toMatchObject({ fromHeaders: 'offset_to_first_prod_date', firstProdDate: -30 });
    expect(toHeaders).not.toHaveProperty('offsetToFpd');
    const back = apply(toHeaders, timingWrites(toHeaders, choices, 'offsetToEconLimit'));
    expect(back).toMatchObject({ offsetToEconLimit: -30 });
    expect(back).not.toHaveProperty('fromHeaders');
    expect(back).not.toHaveProperty('firstProdDate');
  });
  it('goes from headers to schedule with the companion of the schedule default', () => {
    const r = row({ fromHeaders: 'offset_to_spud_date', spudDate: 15 });
    const next = apply(r, timingWrites(r, choices, 'fromSchedule'));
    expect(next).toMatchObject({ fromSchedule: 'offset_to_drill_start', drillStart: 15 });
    expect(next).not.toHaveProperty('spudDate');
    expect(next).not.toHaveProperty('fromHeaders');
  });
  it('starts rates at 0 (or the rate held before) and dates at today', () => {
    const r = row({ offsetToFpd: 10 });
    expect(timingWrites(r, choices, 'oilRate')).toEqual({ offsetToFpd: undefined, oilRate: 0 });
    expect(timingWrites(row({ oilRate: 50 }), choices, 'gasRate')).toEqual({ oilRate: undefined, gasRate: 50 });
    expect(timingWrites(r, choices, 'date', NOW)).toEqual({ offsetToFpd: undefined, date: '2026-11-22' });
  });
  it('writes nothing for the current choice or an unknown one', () => {
    expect(timingWrites(row({ offsetToFpd: 10 }), choices, 'offsetToFpd')).toEqual({});
    expect(timingWrites(row({ offsetToFpd: 10 }), choices, 'nonsense')).toEqual({});
  });
  it('repairs a row holding two criteria and a stray companion', () => {
    const r = row({ offsetToFpd: 10, oilRate: 5, spudDate: 3 });
    const next = apply(r, timingWrites(r, choices, 'date', NOW));
    expect(chosenTiming(next, choices)?.key).toBe('date');
    expect(OtherCapexRow.safeParse(next).success).toBe(true);
  });
  it('gives rows the contract takes, for every criterion', () => {
    for (const c of choices) {
      const r = row({ offsetToFpd: -10 });
      const next = apply(r, timingWrites(r, choices, c.key, NOW));
      const parsed = OtherCapexRow.safeParse(next);
      expect(parsed.success, `${c.key}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });
});

describe('fromValueWrites', () => {
  it('moves the days to the new value companion', () => {
    const r = row({ fromHeaders: 'offset_to_first_prod_date', firstProdDate: -30 });
    const next = apply(r, fromValueWrites(r, 'fromHeaders', 'customDateHeader2'));
    expect(next).toMatchObject({ fromHeaders: 'customDateHeader2', customDateHeader2: -30 });
    expect(next).not.toHaveProperty('firstProdDate');
    expect(companionOf(next, 'fromHeaders')).toBe('customDateHeader2');
    expect(OtherCapexRow.safeParse(next).success).toBe(true);
  });
  it('uses the contract mapping for schedule values', () => {
    const r = row({ fromSchedule: 'offset_to_drill_start', drillStart: 4 });
    const next = apply(r, fromValueWrites(r, 'fromSchedule', 'offset_to_pad_preparation_demob_end'));
    expect(next).toMatchObject({ padPreparationDemobEnd: 4 });
    expect(FROM_SCHEDULE_COMPANIONS.offset_to_pad_preparation_demob_end).toBe('padPreparationDemobEnd');
    expect(OtherCapexRow.safeParse(next).success).toBe(true);
  });
  it('starts at 0 when no companion was held, and ignores unknown values', () => {
    const r = row({ fromHeaders: 'offset_to_first_prod_date' });
    expect(fromValueWrites(r, 'fromHeaders', 'offset_to_til')).toEqual({ fromHeaders: 'offset_to_til', til: 0 });
    expect(fromValueWrites(r, 'fromHeaders', 'offset_to_moon')).toEqual({});
  });
});

describe('cost rows and escalationStart', () => {
  it('switch like the otherCapex rows', () => {
    const r = { pctOfTotalCost: 40, scheduleStart: 7 };
    const next = apply(r, timingWrites(r, COST_ROW_TIMING_CHOICES, 'offsetToFirstSegment'));
    expect(next).toEqual({ pctOfTotalCost: 40, offsetToFirstSegment: 7 });
    expect(CapexCostRow.safeParse(next).success).toBe(true);
    const start = { applyToCriteria: 0 };
    const dated = apply(start, timingWrites(start, ESCALATION_START_CHOICES, 'date', NOW));
    expect(dated).toEqual({ date: '2026-11-22' });
    expect(CapexEscalationStart.safeParse(dated).success).toBe(true);
  });
});

describe('new rows and costs', () => {
  it('are valid as they come', () => {
    expect(OtherCapexRow.safeParse(newOtherCapexRow()).success).toBe(true);
    expect(CapexCostRow.safeParse(newCostRow()).success).toBe(true);
    expect(DrillingCost.safeParse(newDrillingCost()).success).toBe(true);
    expect(CompletionCost.safeParse(newCompletionCost()).success).toBe(true);
    const example = econModelExample('capex');
    expect(CapexFunctions.safeParse({ ...example, drillingCost: newDrillingCost() }).success).toBe(true);
  });
  it('duplicate a row without the read-only probabilistic fields, and without sharing objects', () => {
    const source = probabilisticCapexExample().otherCapex.rows[0] as Record<string, unknown>;
    const copy = duplicateRow(source);
    expect(copy).not.toHaveProperty('distributionType');
    expect(copy).not.toHaveProperty('mean');
    expect(copy).not.toHaveProperty('seed');
    expect(copy.escalationStart).not.toBe(source.escalationStart);
    expect(OtherCapexRow.safeParse(copy).success).toBe(true);
  });
});

describe('pctTotal', () => {
  it('sums the shares exactly, counting unfinished boxes as 0', () => {
    expect(pctTotal([{ pctOfTotalCost: 0.1 }, { pctOfTotalCost: 0.2 }])).toBe(0.3);
    expect(pctTotal([{ pctOfTotalCost: 60 }, { pctOfTotalCost: Number.NaN }, {}, null])).toBe(60);
    expect(pctTotal(undefined)).toBe(0);
  });
});
