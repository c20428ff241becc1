import { type EconOneLinerComplete, EconRollup, EconRun, econModelExample } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';
import { runPendingEconRuns } from './runner';
import { econRunFixture, sender } from './testing';

/*
 * Rollups (issue 20): the scenario total of a run by month and its total one-liner. The fixture's
 * wells: A (oil 100 BBL/d, gas 500 MCF/d), B (oil 200 BBL/d), C (no forecast), five years from
 * 2027-01-01, no expenses, oil $70, gas $3, NRI 80 %.
 */

let t: TestApi;
let send: ReturnType<typeof sender>;
beforeAll(async () => {
  t = await createTestApi();
  send = sender(t);
});
afterAll(() => t.close());
beforeEach(() => t.reset());

async function completeRun(opts?: Parameters<typeof econRunFixture>[1]) {
  const s = await econRunFixture(t, opts);
  const r = await send('POST', s.runs, s.h, { forecast: s.forecast });
  const run = EconRun.parse(r.body);
  await runPendingEconRuns(t.deps, 'worker-1');
  return { ...s, run: `${s.runs}/${run.id}` };
}

describe(`rollups (${BACKEND})`, () => {
  it('sums the wells month by month; the NPVs are the sums of the wells’, the IRR and payout those of the summed cash flow', async () => {
    const s = await completeRun();
    const lines = (await send('GET', `${s.run}/one-liners`, s.h)).body as EconOneLinerComplete[];
    const r = await send('GET', `${s.run}/rollup`, s.h);
    expect(r.res.status, JSON.stringify(r.body)).toBe(200);
    const rollup = EconRollup.parse(r.body);
    expect(rollup).toMatchObject({ comboName: 'default', aggregationDate: '2026-01-01', groupBy: null });
    expect(rollup.groups).toHaveLength(1);
    const [all] = rollup.groups;
    const sum = (f: (l: EconOneLinerComplete) => number) => lines.reduce((a, l) => a + f(l), 0);
    expect(all!.totals.wells).toBe(3);
    expect(all!.totals.firstDiscountNpv).toBeCloseTo(
      sum((l) => l.firstDiscountNpv),
      4,
    );
    expect(all!.totals.secondDiscountNpv).toBeCloseTo(
      sum((l) => l.secondDiscountNpv),
      4,
    );
    expect(all!.totals.revenue).toBeCloseTo(
      sum((l) => l.revenue),
      4,
    );
    expect(all!.totals.bfit).toBeCloseTo(
      sum((l) => l.bfit),
      4,
    );
    // No investment: the summed cash flow never turns negative, so there is no IRR, and it says why.
    expect(all!.totals.irr).toBeNull();
    expect(all!.totals.irrReason).toMatch(/^no sign change/);
    expect(all!.totals.payout).toEqual({ date: '2027-01-01', months: 1 });
    // Month by month: January 2027 holds A's and B's oil (31 × 300 BBL), the wells with a row counted.
    const jan = all!.monthly.find((m) => m.date === '2027-01-01') as Record<string, number>;
    expect(jan.grossOilVolume).toBeCloseTo(31 * 300, 6);
    expect(jan.wells).toBe(3);
    expect(jan.cumBfit).toBeCloseTo(jan.bfit!, 6);
  });

  it('with CAPEX on every well the IRR is that of the summed cash flow, not a sum of the wells’ IRRs', async () => {
    const capex = econModelExample('capex') as { otherCapex: { rows: Record<string, unknown>[] } };
    const { offsetToFpd: _, ...rest } = capex.otherCapex.rows[0]!;
    const row = { ...rest, tangible: 500, intangible: 1500 };
    const s = await completeRun({ models: { capex: { otherCapex: { rows: [{ ...row, offsetToAsOf: 0 }] } } } });
    const lines = (await send('GET', `${s.run}/one-liners`, s.h)).body as EconOneLinerComplete[];
    const totals = EconRollup.parse((await send('GET', `${s.run}/rollup`, s.h)).body).groups[0]!.totals;
    expect(totals.capex).toBeCloseTo(3 * 2000 * 1000, 0);
    const irrs = lines.map((l) => l.irr).filter((x): x is number => x !== null);
    expect(totals.irr).not.toBeNull();
    expect(totals.irr!).not.toBeCloseTo(
      irrs.reduce((a, b) => a + b, 0),
      1,
    );
    // Well C spends its CAPEX with no production: the whole earns less than either producing well.
    expect(totals.irr!).toBeGreaterThan(0);
    expect(totals.irr!).toBeLessThan(Math.min(...irrs));
  });

  it('groups by a header; an unknown combo is 404, a bad groupBy 400', async () => {
    const s = await completeRun();
    const byData = EconRollup.parse((await send('GET', `${s.run}/rollup?groupBy=dataSource`, s.h)).body);
    expect(byData.groups.map((g) => [g.group, g.totals.wells])).toEqual([['internal', 3]]);
    const byCategory = EconRollup.parse((await send('GET', `${s.run}/rollup?groupBy=prmsCategory`, s.h)).body);
    expect(byCategory.groups.map((g) => [g.group, g.totals.wells])).toEqual([[null, 3]]);
    expect((await send('GET', `${s.run}/rollup?comboName=Nope`, s.h)).res.status).toBe(404);
    const bad = await send('GET', `${s.run}/rollup?groupBy=basin`, s.h);
    expect(bad.res.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('groupBy');
  });
});
