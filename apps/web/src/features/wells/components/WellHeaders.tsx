import type { Well } from '@econ/contract';
import { cell } from '../model/format';

/** A well's headers and, when it has production, the API's summary of its history. */
export function WellHeaders({ well }: { well: Well }) {
  const facts: [string, string | undefined][] = [
    ['Chosen ID', well.chosenID],
    ['Data source', well.dataSource],
    ['API 14', well.api14],
    ['County, state', [well.county, well.state].filter(Boolean).join(', ') || undefined],
    ['First production', well.firstProdDate],
    ['Perf. lateral (ft)', cell(well.perfLateralLength) || undefined],
    ['Lateral (ft)', cell(well.lateralLength) || undefined],
    ['Measured depth (ft)', cell(well.measuredDepth) || undefined],
    ['TVD (ft)', cell(well.trueVerticalDepth) || undefined],
    ['First production, daily history', well.firstProdDateDailyCalc],
    ['Last production, daily history', well.lastProdDateDaily],
    ['First production, monthly history', well.firstProdDateMonthlyCalc],
    ['Last production, monthly history', well.lastProdDateMonthly],
    ['Cumulative oil (BBL)', cell(well.cumOil) || undefined],
    ['Cumulative gas (MCF)', cell(well.cumGas) || undefined],
    ['Cumulative water (BBL)', cell(well.cumWater) || undefined],
  ];
  return (
    <dl className="well-headers" aria-label="Well headers">
      {facts
        .filter(([, v]) => v !== undefined && v !== '')
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
