import {
  EconMonthlyRow,
  EconOneLiner,
  type EconOneLinerComplete,
  EconRun,
  ErrorEnvelope,
  econModelExample,
  NO_FORECAST_WARNING,
} from '@econ/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { econRuns, econRunWells, jobChunks } from '../db/schema';
import { postRecords } from '../test/fixtures';
import { BACKEND, BASE_URL, createTestApi, type TestApi } from '../test/harness';
import {
  claimRun,
  claimRunChunk,
  MAX_ATTEMPTS,
  requeueOrphanedRuns,
  STALE_AFTER_MS,
  storeWellResults,
} from './jobStore';
import { planEconRun, processEconChunk, runPendingEconRuns } from './runner';
import { econRunFixture, MODELS, sender } from './testing';

let send: ReturnType<typeof sender>;
let setup: (opts?: Parameters<typeof econRunFixture>[1]) => ReturnType<typeof econRunFixture>;
let startRun: (s: Awaited<ReturnType<typeof econRunFixture>>, body?: unknown) => Promise<EconRun>;

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  send = sender(t);
  setup = (opts) => econRunFixture(t, opts);
  startRun = async (s, body = { forecast: s.forecast }) => {
    const r = await send('POST', s.runs, s.h, body);
    expect(r.res.status, JSON.stringify(r.body)).toBe(202);
    return EconRun.parse(r.body);
  };
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe(`econ runs (${BACKEND})`, () => {
  it('202 with Location and a pending run; the worker completes it with progress by wells', async () => {
    const s = await setup();
    const r = await send('POST', s.runs, s.h, { forecast: s.forecast });
    expect(r.res.status).toBe(202);
    const run = EconRun.parse(r.body);
    expect(r.res.headers.get('location')).toBe(`${s.runs}/${run.id}`);
    expect(run).toMatchObject({
      status: 'pending',
      forecast: s.forecast,
      progress: { wellsTotal: 3, wellsDone: 0, wellsFailed: 0 },
      qualifiers: {},
    });
    expect(await runPendingEconRuns(t.deps, 'worker-1')).toBe(1);
    const done = EconRun.parse((await send('GET', `${s.runs}/${run.id}`, s.h)).body);
    expect(done).toMatchObject({ status: 'complete', progress: { wellsTotal: 3, wellsDone: 3, wellsFailed: 0 } });
    expect(done.startedAt).toBeDefined();
    expect(done.finishedAt).toBeDefined();
    const list = await send('GET', s.runs, s.h);
    expect((list.body as EconRun[]).map((x) => x.id)).toEqual([run.id]);
  });

  it('the service kinds in a run: escalated prices, a differential, sales volumes and NGL from stream properties', async () => {
    const s = await setup({
      models: {
        differentials: {
          differentials: { firstDifferential: { oil: { rows: [{ entireWellLife: 'Flat', dollarPerBbl: -5 }] } } },
        },
        'stream-properties': {
          yields: { ngl: { rows: [{ entireWellLife: 'Flat', yield: 100 }] } },
          shrinkage: { gas: { rows: [{ entireWellLife: 'Flat', pctRemaining: 80 }] } },
          lossFlare: {},
          btuContent: {},
        },
      },
    });
    // An escalations model, then the pricing model (by name) naming it; an unknown id is refused.
    const e = await send('POST', `/v1/projects/${s.p}/econ-models/escalations`, s.h, {
      name: 'Twelve',
      escalation: { rows: [{ entireWellLife: 'Flat', pctPerYear: 12 }] },
    });
    const escalation = (e.body as { results: { id: string }[] }).results[0]!.id;
    const oil = (escalationModel: string) => ({
      name: 'M pricing',
      priceModel: {
        oil: { escalationModel, rows: [{ entireWellLife: 'Flat', price: 70 }] },
        ngl: { rows: [{ entireWellLife: 'Flat', dollarPerBbl: 20 }] },
      },
    });
    const bad = await send('PUT', `/v1/projects/${s.p}/econ-models/pricing`, s.h, oil('0123456789abcdef01234567'));
    expect((bad.body as { results: { errors: unknown[] }[] }).results[0]!.errors).toEqual([
      expect.objectContaining({
        location: '[0].priceModel.oil.escalationModel',
        rule: 'existing escalations model',
        value: '0123456789abcdef01234567',
      }),
    ]);
    const ok = await send('PUT', `/v1/projects/${s.p}/econ-models/pricing`, s.h, oil(escalation));
    expect((ok.body as { results: { code: number }[] }).results[0]!.code).toBe(200);

    const run = await startRun(s);
    await runPendingEconRuns(t.deps, 'worker-1');
    const rows = (await send('GET', `${s.runs}/${run.id}/monthly?well=${s.a}&take=5000`, s.h)).body as EconMonthlyRow[];
    // The cash flow starts 2027-01 (as-of), the price row's first month: 70 × 1.12^(k/12) in month k.
    expect(rows[0]!.oilPrice).toBeCloseTo(70, 9);
    expect(rows[6]!.oilPrice).toBeCloseTo(70 * 1.12 ** 0.5, 9);
    expect(rows[0]!.oilDifferential).toBe(-5);
    expect(rows[0]!.oilRevenue).toBeCloseTo(3100 * 0.8 * 65, 6); // NRI 80 %
    // Gas 500 MCF/d: sales 80 %, NGL 100 BBL/MMCF of the unshrunk gas, sold at $20.
    expect(rows[0]!.salesGasVolume).toBeCloseTo(15_500 * 0.8, 6);
    expect(rows[0]!.grossNglVolume).toBeCloseTo(1550, 6);
    expect(rows[0]!.nglRevenue).toBeCloseTo(1550 * 0.8 * 20, 6);
  });

  it('the reference well: monthly rows and one-liner by hand', async () => {
    const s = await setup();
    const run = await startRun(s);
    await runPendingEconRuns(t.deps, 'worker-1');
    const m = await send('GET', `${s.runs}/${run.id}/monthly?well=${s.a}&take=5000`, s.h);
    expect(m.res.status).toBe(200);
    const rows = (m.body as unknown[]).map((x) => EconMonthlyRow.parse(x));
    // maxWellLife 5 from 2027-01-01: 60 months, 2027-01 … 2031-12.
    expect(rows).toHaveLength(60);
    expect(rows[0]!.date).toBe('2027-01-01');
    expect(rows[59]!.date).toBe('2031-12-01');
    const jan = rows[0]!;
    expect(jan.grossOilVolume).toBeCloseTo(3100, 6); // 100 BBL/d × 31 days
    expect(jan.netOilVolume).toBeCloseTo(2480, 6); // × NRI 80 %
    expect(jan.oilRevenue).toBeCloseTo(173_600, 4); // × $70
    expect(jan.gasRevenue).toBeCloseTo(500 * 31 * 0.8 * 3, 4);
    expect(jan.totalRevenue).toBeCloseTo(173_600 + 37_200, 4);
    expect(jan.bfit).toBeCloseTo(210_800, 4); // no expenses, taxes or CAPEX
    const feb = rows[1]!;
    expect(feb.grossOilVolume).toBeCloseTo(2800, 6);

    const ol = await send('GET', `${s.runs}/${run.id}/one-liners?sort=wellName`, s.h);
    const lines = (ol.body as unknown[]).map((x) => EconOneLiner.parse(x));
    expect(lines.map((l) => l.wellName)).toEqual(['A', 'B', 'C']);
    const a = lines[0] as EconOneLinerComplete;
    expect(a.status).toBe('complete');
    expect(a.econLimitDate).toBe('2031-12-31');
    const days = 365 * 5 + 1; // 2027-01-01 … 2031-12-31 holds one leap day (2028-02-29)
    // No history: the forecast of 2026, before the as-of date, counts as produced (issue 17).
    expect(a.remaining?.oil).toBeCloseTo(100 * days, 4);
    expect(a.eur.oil).toBeCloseTo(100 * 365 + 100 * days, 4);
    const totalBfit = rows.reduce((x, r) => x + r.bfit, 0);
    expect(a.bfit).toBeCloseTo(totalBfit, 4);
    expect(a.bfit).toBeCloseTo(days * (100 * 0.8 * 70 + 500 * 0.8 * 3), 3);
    // NPV at 0 % is the undiscounted total; NPV falls as the rate rises.
    expect(a.npv[0]).toEqual({ rate: 0, npv: expect.closeTo(a.bfit, 4) });
    for (let i = 1; i < a.npv.length; i++) expect(a.npv[i]!.npv).toBeLessThan(a.npv[i - 1]!.npv);
    expect(a.secondDiscountNpv).toBeCloseTo(a.npv.find((x) => x.rate === 10)!.npv, 6);
    // The rates of both NPVs are the general options' (the page's "NPV 10 %" headers).
    const go = (MODELS['general-options'] as { discountTable: { firstDiscount: number; secondDiscount: number } })
      .discountTable;
    expect(a.discountRates).toEqual({ first: go.firstDiscount, second: go.secondDiscount });
    expect(a.firstDiscountNpv).toBeCloseTo(a.npv.find((x) => x.rate === go.firstDiscount)!.npv, 6);
    // The cumulative column ends at the total.
    expect(rows[59]!.cumBfit).toBeCloseTo(totalBfit, 4);
    // Well C has no forecast: it still gets a line, with a warning saying so.
    const c = lines[2]!;
    expect(c.warnings.some((w) => w.includes(NO_FORECAST_WARNING))).toBe(true);
  });

  it('the one-liners carry the breakeven prices of the pricing model’s settings, by hand', async () => {
    const pricing = {
      ...MODELS.pricing,
      breakeven: { basedOnPriceRatio: 'yes', npvDiscount: 0, priceRatio: 20 },
    };
    const expenses = {
      ...MODELS.expenses,
      fixedExpenses: { monthlyWellCost: { rows: [{ entireWellLife: 'Flat', fixedExpense: 10_000 }] } },
    };
    const s = await setup({ models: { pricing, expenses } });
    const run = await startRun(s);
    await runPendingEconRuns(t.deps, 'worker-1');
    const lines = (await send('GET', `${s.runs}/${run.id}/one-liners?sort=wellName`, s.h)).body as unknown[];
    const [a, b, c] = lines.map((l) => EconOneLiner.parse(l) as EconOneLinerComplete);
    // 60 months of $10,000 against 1,826 days at NRI 80 %, undiscounted (npvDiscount 0).
    // A (oil 100, gas 500 a day), gas = oil ÷ 20: 0.8 × (100 + 25) × p × 1,826 = 600,000 → $3.29/BBL;
    // oil = gas × 20: 0.8 × (2,000 + 500) × g × 1,826 = 600,000 → $0.16/MCF.
    expect(a!.breakeven).toEqual({ oil: 3.29, gas: 0.16, npvDiscount: 0, basedOnPriceRatio: true, priceRatio: 20 });
    // B (oil 200 a day): 0.8 × 200 × p × 1,826 = 600,000 → $2.05; solving gas moves oil: g = p ÷ 20 → $0.10.
    expect(b!.breakeven).toMatchObject({ oil: 2.05, gas: 0.1 });
    // C has no forecast: only the fixed expense, so the cut-off finds it uneconomic; the reason says so.
    expect(c!.uneconomic).toBe(true);
    expect(c!.breakeven).toMatchObject({ oil: null, gas: null });
    expect(c!.breakeven!.reason).toMatch(/^the well is uneconomic/);

    // Without a pricing model the well has no breakeven settings, and no breakeven.
    const bare = await setup({ assign: false });
    const r2 = await startRun(bare);
    await runPendingEconRuns(t.deps, 'worker-1');
    const plain = (await send('GET', `${bare.runs}/${r2.id}/one-liners`, bare.h)).body as EconOneLinerComplete[];
    expect(plain.every((l) => l.breakeven === undefined)).toBe(true);
  });

  it('income tax on: after-tax columns and figures by hand; the run says so', async () => {
    const incomeTax = {
      carryForward: false,
      fifteenDepletion: false,
      federalIncomeTax: [{ multiplier: 21, entireWellLife: 'Flat' }],
      stateIncomeTax: [{ multiplier: 5, entireWellLife: 'Flat' }],
    };
    const general = econModelExample('general-options') as { mainOptions: object };
    const s = await setup({
      models: {
        'general-options': { ...general, mainOptions: { ...general.mainOptions, incomeTax: true }, incomeTax },
      },
    });
    const run = await startRun(s);
    await runPendingEconRuns(t.deps, 'worker-1');
    expect(EconRun.parse((await send('GET', `${s.runs}/${run.id}`, s.h)).body).incomeTax).toBe(true);
    const rows = (await send('GET', `${s.runs}/${run.id}/monthly?well=${s.a}`, s.h)).body as EconMonthlyRow[];
    const jan = rows[0]!;
    // No CAPEX, no DD&A: TI = BFIT; state 5 %; federal 21 % of (TI − state); AFIT = BFIT × 0.7505.
    expect(jan.taxableIncome).toBeCloseTo(210_800, 4);
    expect(jan.stateTax).toBeCloseTo(10_540, 4);
    expect(jan.federalTax).toBeCloseTo(0.21 * (210_800 - 10_540), 4);
    expect(jan.afit).toBeCloseTo(210_800 * 0.7505, 4);
    const lines = (await send('GET', `${s.runs}/${run.id}/one-liners?sort=wellName`, s.h)).body as EconOneLiner[];
    const a = lines[0] as EconOneLinerComplete;
    expect(a.afterTax!.afit).toBeCloseTo(a.bfit * 0.7505, 3);
    expect(a.afterTax!.firstDiscountNpv).toBeCloseTo(a.firstDiscountNpv * 0.7505, 3);
    expect(a.warnings).toContain(
      'depreciation: none assigned while general-options mainOptions.incomeTax is on; no DD&A.',
    );
  });

  it('one-liners sort by NPV both ways (nulls last), page with Link; monthly pages concatenate to the whole', async () => {
    const s = await setup();
    const run = await startRun(s);
    await runPendingEconRuns(t.deps, 'worker-1');
    const desc = (await send('GET', `${s.runs}/${run.id}/one-liners?sort=-firstDiscountNpv`, s.h)).body as {
      wellName: string;
    }[];
    expect(desc.map((l) => l.wellName).slice(0, 2)).toEqual(['B', 'A']);
    const page = await send('GET', `${s.runs}/${run.id}/one-liners?sort=wellName&take=2`, s.h);
    expect((page.body as unknown[]).length).toBe(2);
    expect(page.res.headers.get('link')).toBe(
      `<${BASE_URL}${s.runs}/${run.id}/one-liners?skip=2&take=2&sort=wellName>;rel="next",<${BASE_URL}${s.runs}/${run.id}/one-liners?skip=0&take=2&sort=wellName>;rel="first"`,
    );
    const head = await t.app.request(`${s.runs}/${run.id}/one-liners`, { method: 'HEAD', headers: s.h });
    expect(head.headers.get('x-query-count')).toBe('3');

    const all = (await send('GET', `${s.runs}/${run.id}/monthly?take=5000`, s.h)).body as EconMonthlyRow[];
    const pages: EconMonthlyRow[] = [];
    for (let skip = 0; skip < all.length + 50; skip += 47) {
      const r = await send('GET', `${s.runs}/${run.id}/monthly?skip=${skip}&take=47`, s.h);
      pages.push(...(r.body as EconMonthlyRow[]));
      expect(r.res.headers.get('link')?.includes('rel="next"')).toBe(skip + 47 < all.length);
    }
    expect(pages).toEqual(all);
    // Rows are ordered by well id, then month.
    const ids = all.map((r) => r.well);
    expect(ids).toEqual([...ids].sort());
    const bad = await send('GET', `${s.runs}/${run.id}/monthly?take=5001`, s.h);
    expect(bad.res.status).toBe(400);
    expect(ErrorEnvelope.parse(bad.body).details![0]).toMatchObject({ field: 'take', value: '5001' });
  });

  it('results of a run that is not complete are 409; unknown runs 404', async () => {
    const s = await setup();
    const run = await startRun(s);
    for (const part of ['one-liners', 'monthly']) {
      const r = await send('GET', `${s.runs}/${run.id}/${part}`, s.h);
      expect(r.res.status).toBe(409);
      expect(ErrorEnvelope.parse(r.body).message).toBe(
        `Econ run ${run.id} is pending: its results can be read once it is complete`,
      );
    }
    const missing = 'ffffffffffffffffffffffff';
    expect((await send('GET', `${s.runs}/${missing}`, s.h)).res.status).toBe(404);
  });

  it('refuses bad bodies naming the field, and changes nothing', async () => {
    const s = await setup({ assign: false });
    const cases: [unknown, number, string][] = [
      [{ forecast: 'nope' }, 400, 'forecast'],
      [{ forecast: s.forecast, extra: 1 }, 400, 'extra'],
      [{ forecast: s.forecast, qualifiers: { capex: '' } }, 400, 'qualifiers.capex'],
      [{ forecast: s.forecast, qualifiers: { nonsense: 'x' } }, 400, 'qualifiers.nonsense'],
      [{ forecast: 'ffffffffffffffffffffffff' }, 404, ''],
      ['[1,2]', 400, ''],
    ];
    for (const [body, status, field] of cases) {
      const r = await send('POST', s.runs, s.h, body);
      expect(r.res.status, JSON.stringify(body)).toBe(status);
      if (field) expect(ErrorEnvelope.parse(r.body).details?.map((d) => d.field)).toContain(field);
    }
    const text = await send('POST', s.runs, { ...s.h, 'content-type': 'text/plain' }, 'x');
    expect(text.res.status).toBe(415);
    expect(await t.deps.db.select().from(econRuns)).toHaveLength(0);
  });

  it('forecast may be left out when the project has one forecast, and is required when it has two', async () => {
    const s = await setup({ assign: false });
    const empty = await t.app.request(s.runs, { method: 'POST', headers: s.h });
    expect(empty.status).toBe(202);
    expect(EconRun.parse(await empty.json()).forecast).toBe(s.forecast);
    await postRecords(t, `/v1/projects/${s.p}/forecasts`, s.h, [{ name: 'Second' }]);
    const r = await send('POST', s.runs, s.h, {});
    expect(r.res.status).toBe(400);
    expect(ErrorEnvelope.parse(r.body).details![0]).toMatchObject({
      field: 'forecast',
      rule: 'required unless the project has one forecast',
    });
  });

  it('a reserves category assigned to the wells is reported on each of their one-liners', async () => {
    const category = { prmsClass: 'reserves', prmsCategory: 'proved', prmsSubCategory: 'undeveloped' };
    const s = await setup({ models: { 'reserves-categories': { reservesCategory: category } } });
    const run = await startRun(s);
    await runPendingEconRuns(t.deps, 'worker-1');
    const lines = (await send('GET', `${s.runs}/${run.id}/one-liners?sort=wellName`, s.h)).body as EconOneLiner[];
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(l.reservesCategory).toEqual(category);
    // The category filters the one-liners (HEAD counts them); an unknown class is a 400 naming it.
    const one = (q: string) => send('GET', `${s.runs}/${run.id}/one-liners?${q}`, s.h);
    expect(((await one('prmsClass=reserves&prmsSubCategory=undeveloped')).body as unknown[]).length).toBe(3);
    expect(((await one('prmsSubCategory=producing')).body as unknown[]).length).toBe(0);
    const head = await send('HEAD', `${s.runs}/${run.id}/one-liners?prmsCategory=probable`, s.h);
    expect(head.res.headers.get('x-query-count')).toBe('0');
    const bad = await one('prmsClass=proven');
    expect(bad.res.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('query.prmsClass');
    // Without one, the field is left out.
    const bare = await setup();
    const r2 = await startRun(bare);
    await runPendingEconRuns(t.deps, 'worker-1');
    const plain = (await send('GET', `${bare.runs}/${r2.id}/one-liners`, bare.h)).body as EconOneLiner[];
    expect(plain.every((l) => l.reservesCategory === undefined)).toBe(true);
  });

  it('a well whose general options report by fiscal year says so on its one-liner', async () => {
    const example = econModelExample('general-options') as { mainOptions: Record<string, unknown> };
    const s = await setup({
      models: {
        'general-options': {
          ...example,
          mainOptions: { ...example.mainOptions, reportingPeriod: 'fiscal', fiscal: '3-2' },
        },
      },
    });
    const run = await startRun(s);
    await runPendingEconRuns(t.deps, 'worker-1');
    const lines = (await send('GET', `${s.runs}/${run.id}/one-liners`, s.h)).body as { fiscal?: string }[];
    expect(lines.map((l) => l.fiscal)).toEqual(['3-2', '3-2', '3-2']);
  });

  it('without assigned models every well runs on documented defaults and says so', async () => {
    const s = await setup({ assign: false });
    const run = await startRun(s);
    await runPendingEconRuns(t.deps, 'worker-1');
    const lines = (await send('GET', `${s.runs}/${run.id}/one-liners?sort=wellName`, s.h)).body as EconOneLiner[];
    expect(lines).toHaveLength(3);
    for (const l of lines) {
      expect(l.warnings.some((w) => /^pricing: none assigned/.test(w))).toBe(true);
      expect(l.warnings.some((w) => /ownership/i.test(w))).toBe(true);
    }
  });

  it('each run is planned by one worker; a silent planner’s run is planned again afresh, then failed after the last attempt', async () => {
    const s = await setup({ assign: false });
    const run = await startRun(s);
    const now = t.clock.now();
    const stale = new Date(now.getTime() - STALE_AFTER_MS);
    const first = await claimRun(t.deps.db, 'w1', now, stale);
    expect(first?.id).toBe(run.id);
    // Nothing else is waiting: a second worker gets nothing while w1 is alive.
    expect(await claimRun(t.deps.db, 'w2', now, stale)).toBeNull();
    // w1 plans the run (its 3 wells in one chunk) and takes that chunk …
    await planEconRun(t.deps, first!, 'w1');
    const chunk = await claimRunChunk(t.deps.db, 'w1', now, new Date(now.getTime() - t.deps.config.jobChunkStaleMs));
    expect(chunk).toMatchObject({ runId: run.id, chunkNo: 0, plan: 1, wellIds: [s.a, s.b, s.c].sort() });
    // … with a partial result, then goes silent for longer than STALE_AFTER_MS: w2 plans the run again, afresh.
    await t.deps.db.insert(econRunWells).values({
      runId: run.id,
      wellId: s.a,
      wellName: 'A',
      status: 'failed',
      oneLiner: {},
      months: 0,
      columns: [],
      monthly: new Uint8Array(0),
    });
    t.clock.advance(STALE_AFTER_MS + 1000);
    const later = t.clock.now();
    const again = await claimRun(t.deps.db, 'w2', later, new Date(later.getTime() - STALE_AFTER_MS));
    expect(again).toMatchObject({ id: run.id, workerId: 'w2', attempts: 2 });
    expect(await t.deps.db.select().from(econRunWells).where(eq(econRunWells.runId, run.id))).toHaveLength(0);
    // w1 wakes up: its chunk (of the first plan) is refused.
    expect(await storeWellResults(t.deps.db, chunk!, 'w1', later, [], false)).toBe('lost');
    // After MAX_ATTEMPTS silent planners the run is failed with the reason.
    for (let i = 2; i < MAX_ATTEMPTS; i++) {
      t.clock.advance(STALE_AFTER_MS + 1000);
      const at = t.clock.now();
      expect(await claimRun(t.deps.db, `w${i + 1}`, at, new Date(at.getTime() - STALE_AFTER_MS))).not.toBeNull();
    }
    t.clock.advance(STALE_AFTER_MS + 1000);
    expect(await runPendingEconRuns(t.deps, 'w9')).toBe(0);
    const failed = EconRun.parse((await send('GET', `${s.runs}/${run.id}`, s.h)).body);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(
      `the run was interrupted ${MAX_ATTEMPTS} times (its API process stopped); start it again`,
    );
  });

  it('chunks: workers share a run, every well is computed once, progress counts each chunk, the last chunk ends the run', async () => {
    const s = await setup({ assign: false });
    const run = await startRun(s);
    const deps = { ...t.deps, config: { ...t.deps.config, runChunkWells: 1 } };
    const now = t.clock.now();
    const stale = new Date(now.getTime() - STALE_AFTER_MS);
    const chunkStale = new Date(now.getTime() - deps.config.jobChunkStaleMs);
    await planEconRun(deps, (await claimRun(deps.db, 'w1', now, stale))!, 'w1');
    const c0 = (await claimRunChunk(deps.db, 'w1', now, chunkStale))!;
    const c1 = (await claimRunChunk(deps.db, 'w2', now, chunkStale))!;
    const c2 = (await claimRunChunk(deps.db, 'w1', now, chunkStale))!;
    expect([c0.chunkNo, c1.chunkNo, c2.chunkNo]).toEqual([0, 1, 2]);
    expect(await claimRunChunk(deps.db, 'w3', now, chunkStale)).toBeNull();
    await processEconChunk(deps, c1, 'w2');
    const mid = EconRun.parse((await send('GET', `${s.runs}/${run.id}`, s.h)).body);
    expect(mid).toMatchObject({ status: 'running', progress: { wellsTotal: 3, wellsDone: 1 } });
    // The two last chunks end at once (on PostgreSQL, two transactions racing): exactly one ends the run.
    await Promise.all([processEconChunk(deps, c2, 'w1'), processEconChunk(deps, c0, 'w1')]);
    const [row] = await deps.db.select().from(econRuns).where(eq(econRuns.id, run.id));
    expect(row).toMatchObject({ status: 'complete', wellsDone: 3, attempts: 1 });
    const stored = await deps.db.select().from(econRunWells).where(eq(econRunWells.runId, run.id));
    expect(stored.map((w) => w.wellId).sort()).toEqual([s.a, s.b, s.c].sort());
    // The chunks stay as the record of who computed what.
    const chunks = await deps.db.select().from(jobChunks).where(eq(jobChunks.runId, run.id));
    expect(chunks.map((c) => [c.chunkNo, c.status, c.workerId]).sort()).toEqual([
      [0, 'complete', 'w1'],
      [1, 'complete', 'w2'],
      [2, 'complete', 'w1'],
    ]);
    // The results read as a run computed by one worker.
    const lines = await send('GET', `${s.runs}/${run.id}/one-liners`, s.h);
    expect((lines.body as unknown[]).length).toBe(3);
  });

  it('a chunk whose worker went silent is taken by another (its late store refused); after MAX_ATTEMPTS the run fails', async () => {
    const s = await setup({ assign: false });
    const run = await startRun(s);
    const staleMs = t.deps.config.jobChunkStaleMs;
    const now = t.clock.now();
    await planEconRun(t.deps, (await claimRun(t.deps.db, 'w1', now, new Date(now.getTime() - STALE_AFTER_MS)))!, 'w1');
    const dead = (await claimRunChunk(t.deps.db, 'dead', now, new Date(now.getTime() - staleMs)))!;
    // Alive within the stale time: nobody else takes it.
    t.clock.advance(staleMs - 1000);
    let at = t.clock.now();
    expect(await claimRunChunk(t.deps.db, 'w2', at, new Date(at.getTime() - staleMs))).toBeNull();
    t.clock.advance(2000);
    at = t.clock.now();
    const taken = (await claimRunChunk(t.deps.db, 'w2', at, new Date(at.getTime() - staleMs)))!;
    expect(taken).toMatchObject({ chunkNo: dead.chunkNo, attempts: 2 });
    expect(await storeWellResults(t.deps.db, dead, 'dead', at, [], false)).toBe('lost');
    // w2 dies too, and a third worker: the run fails naming the interrupted part.
    t.clock.advance(staleMs + 1000);
    at = t.clock.now();
    expect(await claimRunChunk(t.deps.db, 'w3', at, new Date(at.getTime() - staleMs))).toMatchObject({ attempts: 3 });
    t.clock.advance(staleMs + 1000);
    expect(await runPendingEconRuns(t.deps, 'w9')).toBe(0);
    const failed = EconRun.parse((await send('GET', `${s.runs}/${run.id}`, s.h)).body);
    expect(failed).toMatchObject({
      status: 'failed',
      error: `a part of the run was interrupted ${MAX_ATTEMPTS} times (its API process stopped); start it again`,
    });
    expect(await t.deps.db.select().from(jobChunks).where(eq(jobChunks.runId, run.id))).toEqual([]);
  });

  it('at the start of a PGlite process running chunks are pending again and the run goes on; an unplanned run is queued again', async () => {
    const s = await setup({ assign: false });
    const planned = await startRun(s);
    const deps = { ...t.deps, config: { ...t.deps.config, runChunkWells: 1 } };
    const now = t.clock.now();
    const stale = new Date(now.getTime() - STALE_AFTER_MS);
    await planEconRun(deps, (await claimRun(deps.db, 'dead', now, stale))!, 'dead');
    await processEconChunk(deps, (await claimRunChunk(deps.db, 'dead', now, stale))!, 'dead');
    await claimRunChunk(deps.db, 'dead', now, stale);
    const unplanned = await startRun(s);
    expect((await claimRun(deps.db, 'dead', now, stale))?.id).toBe(unplanned.id);
    expect(await requeueOrphanedRuns(deps.db, now)).toBe(1);
    expect(EconRun.parse((await send('GET', `${s.runs}/${planned.id}`, s.h)).body).status).toBe('running');
    expect(EconRun.parse((await send('GET', `${s.runs}/${unplanned.id}`, s.h)).body).status).toBe('pending');
    expect(await runPendingEconRuns(deps, 'worker-1')).toBe(1);
    for (const id of [planned.id, unplanned.id]) {
      const [row] = await deps.db.select().from(econRuns).where(eq(econRuns.id, id));
      expect(row).toMatchObject({ status: 'complete', wellsDone: 3 });
      expect(await deps.db.select().from(econRunWells).where(eq(econRunWells.runId, id))).toHaveLength(3);
    }
  });

  it('a stopping process stores the chunk in hand and leaves the rest of the run to another, which completes it', async () => {
    const s = await setup({ assign: false });
    const run = await startRun(s);
    const deps = { ...t.deps, config: { ...t.deps.config, runChunkWells: 1 } };
    // The loop asks before each step: plan, one chunk, then the process is stopping.
    let asked = 0;
    expect(await runPendingEconRuns(deps, 'leaving', () => ++asked > 2)).toBe(1);
    const [mid] = await deps.db.select().from(econRuns).where(eq(econRuns.id, run.id));
    expect(mid).toMatchObject({ status: 'running', wellsDone: 1 });
    expect(await runPendingEconRuns(deps, 'worker-2')).toBe(0);
    const [done] = await deps.db.select().from(econRuns).where(eq(econRuns.id, run.id));
    expect(done).toMatchObject({ status: 'complete', wellsDone: 3, attempts: 1, workerId: 'worker-2' });
    expect((await deps.db.select().from(econRunWells).where(eq(econRunWells.runId, run.id))).length).toBe(3);
  });

  it('a run whose forecast was deleted fails with the reason', async () => {
    const s = await setup({ assign: false });
    const run = await startRun(s);
    await t.deps.db.update(econRuns).set({ forecastId: null }).where(eq(econRuns.id, run.id));
    await runPendingEconRuns(t.deps, 'worker-1');
    const failed = EconRun.parse((await send('GET', `${s.runs}/${run.id}`, s.h)).body);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed.error).toBe('its forecast was deleted: start a new run on another forecast');
  });

  it('documents the routes, the optional body and the result schemas in the OpenAPI document', async () => {
    const res = await t.app.request('/openapi.json');
    type Op = { requestBody?: { required?: boolean }; responses?: Record<string, unknown>; description?: string };
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, Op>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const base = '/v1/projects/{projectId}/scenarios/{scenarioId}/econ-runs';
    expect(Object.keys(doc.paths[base]!).sort()).toEqual(['get', 'head', 'post']);
    expect(doc.paths[base]!.post!.requestBody!.required).toBe(false);
    expect(doc.paths[base]!.post!.responses!['202']).toBeDefined();
    expect(doc.paths[`${base}/{id}/one-liners`]!.get!.responses!['409']).toBeDefined();
    expect(doc.paths[`${base}/{id}/monthly`]!.get).toBeDefined();
    expect(Object.keys(doc.components.schemas.EconMonthlyRow!.properties!)).toEqual(
      expect.arrayContaining(['well', 'date', 'bfit', 'cumSecondDiscountCashFlow', 'afit']),
    );
    expect(doc.components.schemas.EconOneLiner).toBeDefined();
    expect(Object.keys(doc.components.schemas.EconOneLinerComplete!.properties!)).toContain('breakeven');
    expect(Object.keys(doc.components.schemas.EconBreakeven!.properties!)).toEqual([
      'oil',
      'gas',
      'npvDiscount',
      'basedOnPriceRatio',
      'priceRatio',
      'reason',
    ]);
    expect(doc.components.schemas.EconRunInput).toBeDefined();
  });

  it('production history: actuals before the switch date, the forecast after; moving the switch date moves the one-liners', async () => {
    const replace = (oil: Record<string, string>) => ({
      actualOrForecast: {
        ignoreHistoryProd: false,
        replaceActualWithForecast: { oil, gas: { asOfDate: '' }, water: { asOfDate: '' } },
        afterEconLimit: 'no',
      },
    });
    const s = await setup({ models: { 'actual-forecast': replace({ asOfDate: '' }) } });
    // Well A: 2,000 BBL a month from January 2026 to March 2027 (its forecast is 100 BBL/d from 2026).
    const months = Array.from({ length: 15 }, (_, i) => {
      const y = 2026 + Math.floor(i / 12);
      return { well: s.a, date: `${y}-${String((i % 12) + 1).padStart(2, '0')}-01`, oil: 2000 };
    });
    const put = await send('PUT', `/v1/projects/${s.p}/monthly-productions`, s.h, months);
    expect((put.body as { successCount: number }).successCount).toBe(15);
    const oneLinerA = async () => {
      const run = await startRun(s);
      await runPendingEconRuns(t.deps, 'worker-1');
      const ol = await send('GET', `${s.runs}/${run.id}/one-liners?sort=wellName`, s.h);
      return EconOneLiner.parse((ol.body as unknown[])[0]) as EconOneLinerComplete;
    };
    const days = 365 * 5 + 1;

    const asOf = await oneLinerA();
    expect(asOf.remaining?.oil).toBeCloseTo(100 * days, 4);
    expect(asOf.eur.oil).toBeCloseTo(12 * 2000 + 100 * days, 4);

    const upsert = await send('PUT', `/v1/projects/${s.p}/econ-models/actual-forecast`, s.h, [
      { name: 'M actual-forecast', ...replace({ never: '' }) },
    ]);
    expect(upsert.res.status).toBe(207);
    const never = await oneLinerA();
    // January to March 2027 are actuals (6,000 BBL) instead of 90 days of forecast (9,000 BBL).
    expect(never.remaining?.oil).toBeCloseTo(100 * days - 9000 + 6000, 4);
    expect(never.eur.oil).toBeCloseTo(24_000 + 100 * days - 9000 + 6000, 4);
    expect(never.bfit - asOf.bfit).toBeCloseTo((6000 - 9000) * 0.8 * 70, 3);
  });
});
