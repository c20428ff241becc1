import type { ForecastInput, ProjectInput, ScenarioInput, WellInput } from '@econ/contract';

/** The demo project: a dozen horizontal Permian wells with plausible headers. */
export const DEMO_PROJECT: ProjectInput = { name: 'Permian Basin Demo' };

const COUNTIES = [
  { county: 'Midland', code: '329' },
  { county: 'Martin', code: '317' },
  { county: 'Howard', code: '227' },
] as const;

export function demoWells(): WellInput[] {
  return Array.from({ length: 12 }, (_, i) => {
    const { county, code } = COUNTIES[i % COUNTIES.length]!;
    const lateral = 7500 + ((i * 733) % 3000);
    const tvd = 8800 + ((i * 97) % 700);
    const year = 2019 + (i % 5);
    const month = String(1 + ((i * 5) % 12)).padStart(2, '0');
    return {
      wellName: `${county.toUpperCase()} UNIT ${100 + i}H`,
      chosenID: `42${code}${String(40000 + i * 17).padStart(5, '0')}`,
      dataSource: 'internal',
      api14: `42${code}${String(40000 + i * 17).padStart(5, '0')}0000`,
      county,
      state: 'TX',
      firstProdDate: `${year}-${month}-01`,
      perfLateralLength: lateral - 150,
      lateralLength: lateral,
      measuredDepth: tvd + lateral + 900,
      trueVerticalDepth: tvd,
    };
  });
}

export const DEMO_FORECAST: ForecastInput = { name: 'Demo deterministic forecast', type: 'deterministic' };
export const DEMO_SCENARIO: ScenarioInput = { name: 'Base case' };
