import { econModelExample, FluidModelFunctions } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { unapplied } from './unapplied';

const fluid = (fluidModel: unknown) => ({ 'fluid-models': FluidModelFunctions.parse({ fluidModel }) });

describe('unapplied: the fluid model', () => {
  it('names each phase that gives something, with its fields, values and units', () => {
    expect(unapplied({ 'fluid-models': FluidModelFunctions.parse(econModelExample('fluid-models')) })).toEqual([
      'fluid-models: fluidModel.oil apiGravity 42 °API, heatingValue 5.8 MMBTU/BBL are stored but not applied: the engine derives no volumes, prices or emissions from a fluid model.',
      'fluid-models: fluidModel.gas composition (15 components, mole %), specificGravity 0.82 (air = 1), heatingValue 1348 BTU/SCF are stored but not applied: the engine derives no volumes, prices or emissions from a fluid model.',
      'fluid-models: fluidModel.water specificGravity 1.1 (water = 1), salinity 140000 mg/L TDS are stored but not applied: the engine derives no volumes, prices or emissions from a fluid model.',
    ]);
  });

  it('one field: "is"; one component', () => {
    expect(unapplied(fluid({ ngl: { composition: { C3: { percentage: 100 } } } }))).toEqual([
      'fluid-models: fluidModel.ngl composition (1 component, mole %) is stored but not applied: the engine derives no volumes, prices or emissions from a fluid model.',
    ]);
  });

  it('says nothing of an empty model, a phase with criteria only or an all-zero composition, or no model', () => {
    expect(unapplied(fluid({}))).toEqual([]);
    expect(unapplied(fluid({ oil: {}, water: { composition: { N2: { percentage: 0 } } } }))).toEqual([]);
    expect(unapplied({})).toEqual([]);
  });
});
