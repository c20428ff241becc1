import type { EconOneLiner, EconOneLinerComplete } from '@econ/contract';
import type { WellResult } from '../../econRuns/wellResults';
import { type CellFormat, type CellValue, dateCell } from './cells';

/*
 * The columns of the One-liners sheet: one row per well (and combo), the figures of
 * `GET …/econ-runs/{id}/one-liners` with their units in the headers.
 */

export interface OneLinerColumn {
  header: string;
  format: CellFormat;
  value: (w: WellResult) => CellValue;
}

/** What the one-liners of a run hold beyond the figures every well has, found in a first pass. */
export interface OneLinerShape {
  /** The discount-table rates (percent) of any well's NPVs, ascending. */
  rates: number[];
  remaining: boolean;
  reserves: boolean;
  afterTax: boolean;
  breakeven: boolean;
}

export const emptyShape = (): OneLinerShape => ({
  rates: [],
  remaining: false,
  reserves: false,
  afterTax: false,
  breakeven: false,
});

/** Adds what one one-liner holds to `shape`. */
export function noteShape(shape: OneLinerShape, o: EconOneLiner): void {
  shape.reserves ||= o.reservesCategory !== undefined;
  if (o.status !== 'complete') return;
  shape.remaining ||= o.remaining !== undefined;
  shape.afterTax ||= o.afterTax !== undefined;
  shape.breakeven ||= o.breakeven !== undefined;
  for (const { rate } of o.npv) {
    if (!shape.rates.includes(rate)) {
      shape.rates.push(rate);
      shape.rates.sort((a, b) => a - b);
    }
  }
}

const PHASES = [
  ['oil', 'oil', 'BBL'],
  ['gas', 'gas', 'MCF'],
  ['water', 'water', 'BBL'],
  ['ngl', 'NGL', 'BBL'],
  ['dripCondensate', 'drip condensate', 'BBL'],
] as const;

type Complete = EconOneLinerComplete;
const done = (w: WellResult): Complete | undefined => (w.oneLiner.status === 'complete' ? w.oneLiner : undefined);
/** A column of a complete well's figure (empty for a failed well). */
const fig = (header: string, format: CellFormat, value: (o: Complete) => CellValue): OneLinerColumn => ({
  header,
  format,
  value: (w) => {
    const o = done(w);
    return o ? value(o) : null;
  },
});
const money = (header: string, value: (o: Complete) => number | undefined) =>
  fig(`${header} ($)`, 'amount', (o) => value(o) ?? null);
/** `5 %`, `12.5 %`. */
const rateText = (r: number) => `${Number.isInteger(r) ? r : r.toFixed(2).replace(/0+$/, '')} %`;

/** The sheet's columns for a run of this shape, in order. */
export function oneLinerColumns(shape: OneLinerShape): OneLinerColumn[] {
  const phaseColumns = (what: string, of: (o: Complete) => Partial<Record<string, number>> | undefined) =>
    PHASES.map(([key, name, unit]) => fig(`${what} ${name} (${unit})`, 'amount', (o) => of(o)?.[key] ?? null));
  return [
    { header: 'Well name', format: 'text', value: (w) => w.wellName },
    { header: 'Well id', format: 'text', value: (w) => w.wellId },
    { header: 'Combo', format: 'text', value: (w) => w.comboName },
    { header: 'Status', format: 'text', value: (w) => w.oneLiner.status },
    {
      header: 'Error',
      format: 'text',
      value: (w) => (w.oneLiner.status === 'failed' ? w.oneLiner.error : null),
    },
    fig('Economic limit', 'date', (o) => dateCell(o.econLimitDate)),
    fig('Economic limit trigger', 'text', (o) => o.econLimitTrigger),
    fig('Uneconomic', 'boolean', (o) => o.uneconomic),
    fig('Well life (years)', 'decimal', (o) => o.wellLife),
    ...phaseColumns('EUR', (o) => o.eur),
    ...(shape.remaining ? phaseColumns('Remaining', (o) => o.remaining) : []),
    ...PHASES.filter(([key]) => key !== 'water').map(([key, name, unit]) =>
      fig(`Net ${name} (${unit})`, 'amount', (o) => o.netVolume[key as keyof Complete['netVolume']]),
    ),
    money('Revenue', (o) => o.revenue),
    money('Expenses', (o) => o.expenses),
    money('Taxes', (o) => o.taxes),
    money('Net profit interest', (o) => o.npi),
    money('CAPEX', (o) => o.capex),
    money('Net cash flow', (o) => o.bfit),
    money('NPV, 1st discount', (o) => o.firstDiscountNpv),
    money('NPV, 2nd discount', (o) => o.secondDiscountNpv),
    ...shape.rates.map((rate) => money(`NPV ${rateText(rate)}`, (o) => o.npv.find((n) => n.rate === rate)?.npv)),
    fig('IRR (%)', 'decimal', (o) => o.irr),
    fig('Payout', 'date', (o) => dateCell(o.payout?.date)),
    fig('Payout (months)', 'integer', (o) => o.payout?.months ?? null),
    fig('Discounted payout', 'date', (o) => dateCell(o.discountedPayout?.date)),
    fig('Discounted payout (months)', 'integer', (o) => o.discountedPayout?.months ?? null),
    fig('ROI', 'decimal', (o) => o.roi),
    fig('Reversions', 'text', (o) =>
      o.reversions.length === 0 ? null : o.reversions.map((r) => `${r.type} on ${r.date}`).join('; '),
    ),
    ...(shape.reserves
      ? (['prmsClass', 'prmsCategory', 'prmsSubCategory'] as const).map(
          (k, i): OneLinerColumn => ({
            header: ['PRMS class', 'PRMS category', 'PRMS sub-category'][i]!,
            format: 'text',
            value: (w) => w.oneLiner.reservesCategory?.[k] ?? null,
          }),
        )
      : []),
    ...(shape.afterTax
      ? [
          money('After-tax cash flow', (o) => o.afterTax?.afit),
          money('After-tax NPV, 1st discount', (o) => o.afterTax?.firstDiscountNpv),
          money('After-tax NPV, 2nd discount', (o) => o.afterTax?.secondDiscountNpv),
          fig('After-tax IRR (%)', 'decimal', (o) => o.afterTax?.irr ?? null),
          fig('After-tax payout', 'date', (o) => dateCell(o.afterTax?.payout?.date)),
          fig('After-tax payout (months)', 'integer', (o) => o.afterTax?.payout?.months ?? null),
          money('State income tax', (o) => o.afterTax?.stateTax),
          money('Federal income tax', (o) => o.afterTax?.federalTax),
        ]
      : []),
    ...(shape.breakeven
      ? [
          fig('Breakeven oil price ($/BBL)', 'amount', (o) => o.breakeven?.oil ?? null),
          fig('Breakeven gas price ($/MCF)', 'amount', (o) => o.breakeven?.gas ?? null),
          fig('Breakeven NPV discount (%)', 'decimal', (o) => o.breakeven?.npvDiscount ?? null),
          fig('Breakeven note', 'text', (o) => o.breakeven?.reason ?? null),
        ]
      : []),
    {
      header: 'Warnings',
      format: 'text',
      value: (w) => (w.oneLiner.warnings.length === 0 ? null : w.oneLiner.warnings.join('; ')),
    },
  ];
}
