import { econModelExample } from '@econ/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKEND, createTestApi, type TestApi } from '../test/harness';
import { modelRequests } from './testing';

/*
 * What clients written for the service send to the spec's six kinds (service-shapes.md, end of
 * "Econ models"; issue 21): accepted through the API, stored in our form, read back without the
 * values that only mean "empty" or "not used".
 */

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const { send, setup, write } = modelRequests(() => t);

const example = (kind: Parameters<typeof econModelExample>[0]) =>
  JSON.parse(JSON.stringify(econModelExample(kind))) as Record<string, Record<string, unknown>>;

describe(`bodies of the service's clients on the spec's kinds (${BACKEND})`, () => {
  it('date settings: every cut-off companion whatever the trigger; those of other triggers are dropped', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/date-settings`;
    const body = example('date-settings');
    body.cutOff = {
      oilRate: 2,
      minLife: { none: true },
      alignDependentPhases: false,
      triggerEclCapex: false,
      includeCapex: false,
      econLimitDelay: 0,
      discount: 0,
      tolerateNegativeCF: 0,
    };
    const created = await write('POST', base, s.headers, { name: 'Client dates', ...body });
    expect(created.results[0], JSON.stringify(created.results[0])).toMatchObject({ code: 201 });
    const got = (await send('GET', `${base}/${created.results[0]!.id}`, s.headers)).body as typeof body;
    expect(got.cutOff).toEqual({ oilRate: 2, minLife: { none: true }, alignDependentPhases: false });
  });

  it('ownership: reversions 11–20 as null, reversionTiedTo, interests with many decimals', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/ownership-reversions`;
    const body = example('ownership-reversions');
    const ownership = body.ownership as Record<string, Record<string, unknown> | null>;
    ownership.initialOwnership = { ...ownership.initialOwnership, workingInterest: 87.123456789 };
    ownership.firstReversion = { ...ownership.firstReversion, reversionTiedTo: { type: 'fpd', value: '2020-01-01' } };
    for (const k of ['eleventh', 'twelfth', 'nineteenth', 'twentieth']) ownership[`${k}Reversion`] = null;
    const created = await write('POST', base, s.headers, { name: 'Client ownership', ...body });
    expect(created.results[0], JSON.stringify(created.results[0])).toMatchObject({ code: 201 });
    const got = (await send('GET', `${base}/${created.results[0]!.id}`, s.headers)).body as {
      ownership: Record<string, Record<string, unknown> | null>;
    };
    expect(got.ownership.initialOwnership!.workingInterest).toBe(87.123456789);
    expect(got.ownership.firstReversion!.reversionTiedTo).toEqual({ type: 'fpd' });
    expect(got.ownership).not.toHaveProperty('eleventhReversion');
    // A used eleventh reversion is refused, naming it.
    const refused = await write('POST', base, s.headers, {
      name: 'Eleven',
      ...body,
      ownership: { ...ownership, eleventhReversion: ownership.firstReversion },
    });
    expect(refused.results[0]).toMatchObject({ code: 400 });
    expect(JSON.stringify(refused.results[0]!.errors)).toContain('eleventhReversion');
  });

  it('actual or forecast: asOfDate and never as true, stored as ""', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/actual-forecast`;
    const body = {
      actualOrForecast: {
        ignoreHistoryProd: false,
        replaceActualWithForecast: { oil: { asOfDate: true }, gas: { never: true }, water: { never: '' } },
      },
    };
    const created = await write('POST', base, s.headers, { name: 'Client AF', ...body });
    expect(created.results[0], JSON.stringify(created.results[0])).toMatchObject({ code: 201 });
    const got = (await send('GET', `${base}/${created.results[0]!.id}`, s.headers)).body as typeof body;
    expect(got.actualOrForecast.replaceActualWithForecast).toEqual({
      oil: { asOfDate: '' },
      gas: { never: '' },
      water: { never: '' },
    });
  });

  it('capex: rows with the empty probabilistic fields are accepted (dropped); real values are refused', async () => {
    const s = await setup();
    const base = `/v1/projects/${s.project}/econ-models/capex`;
    const body = example('capex');
    const rows = (body.otherCapex as { rows: Record<string, unknown>[] }).rows;
    const empties = {
      distributionType: 'na',
      mean: 0,
      standardDeviation: 0,
      lowerBound: 0,
      upperBound: 0,
      mode: 0,
      seed: 1,
    };
    const withEmpties = { otherCapex: { rows: rows.map((r) => ({ ...r, ...empties })) } };
    const created = await write('POST', base, s.headers, { name: 'Client capex', ...withEmpties });
    expect(created.results[0], JSON.stringify(created.results[0])).toMatchObject({ code: 201 });
    const got = (await send('GET', `${base}/${created.results[0]!.id}`, s.headers)).body as typeof withEmpties;
    expect(got.otherCapex.rows[0]).not.toHaveProperty('distributionType');
    expect(got.otherCapex.rows[0]).not.toHaveProperty('seed');
    const real = { otherCapex: { rows: rows.map((r) => ({ ...r, ...empties, distributionType: 'normal', mean: 5 })) } };
    const refused = await write('POST', base, s.headers, { name: 'Real', ...real });
    expect(refused.results[0]).toMatchObject({ code: 400 });
    expect(JSON.stringify(refused.results[0]!.errors)).toContain('distributionType');
  });
});
