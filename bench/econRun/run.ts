/**
 * Econ-run benchmark (issue 20; target: a 1,000-well run with three combos computes, stores and
 * rolls up in under 30 s on one process).
 *
 * BENCH_WELLS (default 1,000) scale wells (`seed --wells`' generator) with oil, gas and water
 * forecasts are written through the API in process (PGlite, or BENCH_DATABASE_URL), in a scenario
 * with date settings (30 years), expenses, production taxes and three pricing models assigned to
 * every well under the qualifiers `default`, `low` and `high`. Then one run of three combos (one
 * per pricing qualifier) is timed from the POST to `complete`, and the rollup of each combo after
 * it. Baseline of the same run: the engine alone (`computeWell` of every well in every combo, the
 * models and forecasts already in memory) — the ratio is the share of the run spent computing.
 *
 *   npm run bench:econ-run
 *   BENCH_WELLS=200 npm run bench:econ-run
 */
import { ECON_MODEL_SPECS, type EconModelKind, econModelExample, type MultiStatus } from '@econ/contract';
import { scaleForecast, scaleWell } from '../../apps/api/src/demo/scaleWells';
import { createWells, putForecastParameters, type SeedClient } from '../../apps/api/src/demo/seedClient';
import { computeWell } from '../../apps/api/src/econRuns/compute';
import { runPendingEconRuns } from '../../apps/api/src/econRuns/runner';
import { scenarioWellHeaders } from '../../apps/api/src/econRuns/store';
import { forecastPhasesOf } from '../../apps/api/src/forecasts/store';
import { openBenchApi } from '../benchApi';
import { reportSummary } from '../summary';

const WELLS = Number(process.env.BENCH_WELLS ?? 1_000);
const TARGET_S = 30;
const COMBOS = [
  { comboName: 'Base', qualifier: 'default', oil: 70 },
  { comboName: 'Low price', qualifier: 'low', oil: 45 },
  { comboName: 'High price', qualifier: 'high', oil: 95 },
];

const api = await openBenchApi('econ-run');
try {
  const client: SeedClient = { call: (path, init) => Promise.resolve(api.app.request(path, init)), auth: api.headers };
  const h = api.headers;
  const t0 = performance.now();
  const project = (await api.call('/v1/projects', [{ name: 'Econ run bench' }], h)) as unknown as MultiStatus;
  const p = project.results[0]!.id!;
  const scale = Array.from({ length: WELLS }, (_, i) => scaleWell(i));
  const wellIds = await createWells(
    client,
    p,
    scale.map((s) => s.well),
  );
  const forecast = (await api.call(`/v1/projects/${p}/forecasts`, [{ name: 'Det' }], h)) as unknown as MultiStatus;
  const forecastId = forecast.results[0]!.id!;
  await putForecastParameters(
    client,
    p,
    forecastId,
    wellIds.flatMap((id, i) => scaleForecast(id, scale[i]!.declines)),
  );
  const scenario = (await api.call(`/v1/projects/${p}/scenarios`, [{ name: 'S' }], h)) as unknown as MultiStatus;
  const s = scenario.results[0]!.id!;
  const dates = econModelExample('date-settings') as { dateSetting: Record<string, unknown> };
  const models: [EconModelKind, string, Record<string, unknown>][] = [
    ['date-settings', 'default', { ...dates, dateSetting: { ...dates.dateSetting, maxWellLife: 30 } }],
    ['expenses', 'default', econModelExample('expenses') as Record<string, unknown>],
    ['production-taxes', 'default', econModelExample('production-taxes') as Record<string, unknown>],
    ['general-options', 'default', econModelExample('general-options') as Record<string, unknown>],
    ...COMBOS.map((c): [EconModelKind, string, Record<string, unknown>] => [
      'pricing',
      c.qualifier,
      {
        priceModel: {
          oil: { rows: [{ entireWellLife: 'Flat', price: c.oil }] },
          gas: { rows: [{ entireWellLife: 'Flat', dollarPerMcf: 3 }] },
        },
      },
    ]),
  ];
  for (const [kind, qualifierName, body] of models) {
    const m = (await api.call(
      `/v1/projects/${p}/econ-models/${kind}`,
      [{ name: `${kind} ${qualifierName}`, ...body }],
      h,
    )) as unknown as MultiStatus;
    const id = m.results[0]!.id;
    if (!id) throw new Error(`${kind}: ${JSON.stringify(m.results[0])}`);
    await api.call(
      `/v1/projects/${p}/econ-models/${kind}/${id}/assignments`,
      [{ scenario: s, qualifierName, allWells: true }],
      h,
    );
  }
  console.log(
    `seeded ${WELLS} wells with forecasts and ${models.length} models (${((performance.now() - t0) / 1000).toFixed(1)} s, ${api.database.kind})`,
  );

  const combos = COMBOS.map((c) => ({
    comboName: c.comboName,
    qualifiers: c.qualifier === 'default' ? [] : [{ assumption: 'Pricing', qualifierName: c.qualifier }],
  }));

  // The run: POST, this process's worker loop to completion, then each combo's rollup.
  const r0 = performance.now();
  const run = (await api.call(`/v1/projects/${p}/scenarios/${s}/econ-runs`, { forecast: forecastId, combos }, h)) as {
    id: string;
  };
  await runPendingEconRuns(api.deps, 'bench');
  const computed = performance.now();
  const base = `/v1/projects/${p}/scenarios/${s}/econ-runs/${run.id}`;
  let totalNpv = 0;
  for (const c of COMBOS) {
    const res = await api.app.request(`${base}/rollup?comboName=${encodeURIComponent(c.comboName)}`, { headers: h });
    if (res.status !== 200) throw new Error(`rollup ${c.comboName}: ${res.status} ${await res.text()}`);
    const rollup = (await res.json()) as { groups: { totals: { firstDiscountNpv: number; wells: number } }[] };
    totalNpv += rollup.groups[0]!.totals.firstDiscountNpv;
  }
  const runSeconds = (performance.now() - r0) / 1000;
  const rollupSeconds = (performance.now() - computed) / 1000;
  const state = (await (await api.app.request(base, { headers: h })).json()) as {
    status: string;
    progress: Record<string, number>;
  };
  if (state.status !== 'complete') throw new Error(`the run ended ${state.status}: ${JSON.stringify(state)}`);

  // Baseline: the engine alone on the same wells and models, in memory.
  const { db } = api.deps;
  const headers = await scenarioWellHeaders(db, s);
  const phases = await forecastPhasesOf(
    db,
    forecastId,
    headers.map((w) => w.id),
  );
  // As the API stores them: parsed by the kind's schema (defaults filled in).
  const modelBodies = new Map(
    models.map(([kind, q, body]) => [`${kind}:${q}`, ECON_MODEL_SPECS[kind].functions.parse(body)]),
  );
  const e0 = performance.now();
  let wellsComputed = 0;
  for (const c of COMBOS) {
    const assigned: Partial<Record<EconModelKind, unknown>> = {};
    for (const [kind, q] of models)
      if (q === 'default' || q === c.qualifier) assigned[kind] = modelBodies.get(`${kind}:${q}`);
    assigned.pricing = modelBodies.get(`pricing:${c.qualifier}`);
    for (const w of headers) {
      computeWell(
        new Date().toISOString().slice(0, 10),
        forecastId,
        { headers: w, phases: phases.get(w.id) ?? [] },
        assigned,
      );
      wellsComputed++;
    }
  }
  const engineSeconds = (performance.now() - e0) / 1000;

  const ratio = engineSeconds / runSeconds;
  console.log(`engine alone (baseline): ${engineSeconds.toFixed(2)} s for ${wellsComputed} well-combos`);
  console.log(
    `econ run: ${runSeconds.toFixed(2)} s for ${WELLS} wells × ${COMBOS.length} combos (rollups ${rollupSeconds.toFixed(2)} s; ` +
      `${JSON.stringify(state.progress)}; Σ NPV ${totalNpv.toExponential(3)}); the engine is ${(ratio * 100).toFixed(0)} % of it`,
  );
  const scaled = (runSeconds * 1_000) / WELLS;
  console.log(
    `target: 1,000 wells × 3 combos < ${TARGET_S} s → ${scaled.toFixed(1)} s at this rate: ${scaled < TARGET_S ? 'met' : 'NOT met'}`,
  );
  reportSummary({
    bench: `econ run (${WELLS} wells × ${COMBOS.length} combos, ${api.database.kind})`,
    figure: `${runSeconds.toFixed(1)} s`,
    baseline: `engine alone ${engineSeconds.toFixed(1)} s`,
    ratio,
    target: `1,000 wells × 3 combos < ${TARGET_S} s`,
    met: scaled < TARGET_S,
  });
} finally {
  await api.close();
}
