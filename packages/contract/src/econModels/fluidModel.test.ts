import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { econModelExample } from './examples';
import {
  compositionTotal,
  FLUID_COMPONENTS,
  FLUID_PHASES,
  FLUID_PROPERTIES,
  type FluidModelFunctions,
  FluidModelFunctions as Schema,
} from './fluidModel';
import { issuesOf } from './testing';

const issues = (fluidModel: unknown) => issuesOf(Schema, { fluidModel });
const composition = (values: Record<string, number>) =>
  Object.fromEntries(Object.entries(values).map(([k, percentage]) => [k, { percentage }]));

// The stored type the engine reads is what the schema gives.
const _stored: FluidModelFunctions = {} as z.output<typeof Schema>;
void _stored;

describe('fluid models: accepted', () => {
  it('takes the example (a Permian gas composition summing to 100) and fills criteria', () => {
    const example = econModelExample('fluid-models');
    const parsed = Schema.parse(example);
    expect(parsed).toEqual(example);
    expect(compositionTotal(parsed.fluidModel.gas!.composition!)).toBeCloseTo(100, 9);
    expect(Schema.parse({ fluidModel: { oil: { apiGravity: 40 } } }).fluidModel.oil?.criteria).toBe('flat');
  });

  it('takes an empty model, every phase, every component, and a sum within 100 ± 0.01', () => {
    expect(issues({})).toEqual([]);
    const all = Object.fromEntries(FLUID_COMPONENTS.map((c) => [c.key, 100 / FLUID_COMPONENTS.length]));
    for (const { key } of FLUID_PHASES) expect(issues({ [key]: { composition: composition(all) } })).toEqual([]);
    expect(issues({ gas: { composition: composition({ C1: 99.99 }) } })).toEqual([]);
    expect(issues({ gas: { composition: composition({ C1: 90, C2: 10.01 }) } })).toEqual([]);
  });

  it('takes an all-zero composition as none given (the service’s empty default)', () => {
    expect(issues({ water: { composition: composition({ N2: 0, C1: 0 }) } })).toEqual([]);
    expect(issues({ water: { composition: {} } })).toEqual([]);
  });

  it('takes each property of each phase at its bounds', () => {
    for (const { key } of FLUID_PHASES)
      for (const p of FLUID_PROPERTIES[key]) {
        expect(issues({ [key]: { [p.key]: p.min } })).toEqual([]);
        expect(issues({ [key]: { [p.key]: p.max } })).toEqual([]);
      }
  });
});

describe('fluid models: refused', () => {
  it('a composition off 100 by more than 0.01, naming the phase and the total', () => {
    expect(issues({ gas: { composition: composition({ C1: 80, C2: 19.5 }) } })).toEqual([
      {
        path: 'fluidModel.gas.composition',
        message: 'the gas composition sums to 99.5 mole %; it must sum to 100 (± 0.01)',
        rule: 'sum 100 ± 0.01',
      },
    ]);
    expect(issues({ oil: { composition: composition({ C1: 90, C2: 10.02 }) } })[0]?.message).toBe(
      'the oil composition sums to 100.02 mole %; it must sum to 100 (± 0.01)',
    );
  });

  it('a percentage below 0 or above 100, an unknown component, a component without percentage', () => {
    expect(issues({ gas: { composition: composition({ C1: 101 }) } })).toContainEqual({
      path: 'fluidModel.gas.composition.C1.percentage',
      message: 'gas C1 percentage must be at most 100',
      rule: 'too_big',
    });
    expect(issues({ gas: { composition: composition({ C1: -1, C2: 101 }) } })[0]).toMatchObject({
      path: 'fluidModel.gas.composition.C1.percentage',
      message: 'gas C1 percentage must be at least 0',
    });
    expect(issues({ gas: { composition: composition({ C7plus: 100 }) } })[0]).toMatchObject({
      path: 'fluidModel.gas.composition',
      rule: 'unrecognized_keys',
    });
    expect(issues({ gas: { composition: { C1: 100 } } })[0]).toMatchObject({ path: 'fluidModel.gas.composition.C1' });
  });

  it('a property out of its range, or one the phase does not take', () => {
    expect(issues({ gas: { specificGravity: 0.4 } })).toEqual([
      {
        path: 'fluidModel.gas.specificGravity',
        message: 'gas specificGravity must be at least 0.5',
        rule: 'too_small',
      },
    ]);
    expect(issues({ oil: { apiGravity: 101 } })[0]?.message).toBe('oil apiGravity must be at most 100');
    expect(issues({ water: { salinity: 600000 } })[0]?.message).toBe('water salinity must be at most 500000');
    expect(issues({ gas: { apiGravity: 40 } })[0]).toMatchObject({
      path: 'fluidModel.gas',
      rule: 'unrecognized_keys',
    });
    expect(issues({ oil: { salinity: 1 } })[0]).toMatchObject({ path: 'fluidModel.oil', rule: 'unrecognized_keys' });
  });

  it('another criteria, an unknown phase, no fluidModel', () => {
    expect(issues({ oil: { criteria: 'dates' } })[0]).toMatchObject({
      path: 'fluidModel.oil.criteria',
      message: 'oil criteria must be "flat"',
    });
    expect(issues({ condensate: {} })[0]).toMatchObject({ path: 'fluidModel', rule: 'unrecognized_keys' });
    expect(issuesOf(Schema, {})[0]).toMatchObject({ path: 'fluidModel', rule: 'invalid_type' });
  });
});
