import { type LookupTable, LookupTableInput } from '@econ/contract';
import { type FilterRow, filterFromRows, filterRowIssues, rowsFromFilter } from './ruleFilter';

/**
 * The lookup-table editor's form values (spec part 2.9): the table with each rule's optional
 * strings as text ('' for none), its filter as the filter editor's rows (`ruleFilter.ts`) — or,
 * when the stored filter is not one the editor can show, that filter as JSON, kept as it is — and
 * its normalization as a source choice plus a preset.
 */
export interface RuleValues {
  filterRows: FilterRow[];
  /** The stored filter as JSON when the editor cannot show it as rows ('' otherwise): sent back unchanged. */
  filterJson: string;
  typeCurve: string;
  applySeries: string;
  fpdSource: string;
  fixedDate: string;
  riskFactorPeakOil?: number | undefined;
  riskFactorPeakGas?: number | undefined;
  riskFactorPeakWater?: number | undefined;
  normalizationSource: '' | 'own' | 'shared';
  preset: string;
}
export interface LookupTableValues {
  name: string;
  caseInsensitiveMatching: boolean;
  tags: string[];
  rules: RuleValues[];
}

export const emptyRule = (typeCurve = ''): RuleValues => ({
  filterRows: [],
  filterJson: '',
  typeCurve,
  applySeries: '',
  fpdSource: '',
  fixedDate: '',
  riskFactorPeakOil: undefined,
  riskFactorPeakGas: undefined,
  riskFactorPeakWater: undefined,
  normalizationSource: '',
  preset: '',
});

export function lookupValuesFromTable(t: LookupTable): LookupTableValues {
  return {
    name: t.name,
    caseInsensitiveMatching: t.caseInsensitiveMatching,
    tags: [...t.tags],
    rules: t.rules.map((r) => ({
      ...filterValues(r.filter),
      typeCurve: r.typeCurve ?? '',
      applySeries: r.applySeries ?? '',
      fpdSource: r.fpdSource ?? '',
      fixedDate: r.fixedDate ?? '',
      riskFactorPeakOil: r.riskFactorPeakOil,
      riskFactorPeakGas: r.riskFactorPeakGas,
      riskFactorPeakWater: r.riskFactorPeakWater,
      normalizationSource: r.normalization?.source ?? '',
      preset: r.normalization?.source === 'shared' ? r.normalization.preset : '',
    })),
  };
}

const text = (key: string, v: string) => (v.trim() ? { [key]: v.trim() } : {});
const num = (key: string, v: number | undefined) => (v === undefined || Number.isNaN(v) ? {} : { [key]: v });

/** A stored filter as the form holds it: rows when the editor can show it, else its JSON. */
export function filterValues(filter: readonly unknown[]): Pick<RuleValues, 'filterRows' | 'filterJson'> {
  const read = rowsFromFilter(filter);
  return 'rows' in read
    ? { filterRows: read.rows, filterJson: '' }
    : { filterRows: [], filterJson: JSON.stringify(filter) };
}

/** A rule's filter as sent: the stored one unchanged when it is kept as JSON, else the rows'. */
const ruleFilter = (r: RuleValues): unknown => (r.filterJson ? JSON.parse(r.filterJson) : filterFromRows(r.filterRows));

/** The body of `POST /` and `PUT /{id}`. */
export function lookupTableBody(v: LookupTableValues) {
  return {
    name: v.name.trim(),
    caseInsensitiveMatching: v.caseInsensitiveMatching,
    tags: v.tags,
    rules: v.rules.map((r) => ({
      filter: ruleFilter(r),
      typeCurve: r.typeCurve,
      ...text('applySeries', r.applySeries),
      ...text('fpdSource', r.fpdSource),
      ...text('fixedDate', r.fixedDate),
      ...num('riskFactorPeakOil', r.riskFactorPeakOil),
      ...num('riskFactorPeakGas', r.riskFactorPeakGas),
      ...num('riskFactorPeakWater', r.riskFactorPeakWater),
      ...(r.normalizationSource === 'own' ? { normalization: { source: 'own' } } : {}),
      ...(r.normalizationSource === 'shared' ? { normalization: { source: 'shared', preset: r.preset.trim() } } : {}),
    })),
  };
}

/** The form path of a body path: a rule's filter is its `filterRows`, a normalization's preset its `preset`. */
export function lookupFormPath(path: readonly PropertyKey[] | string): string {
  const p = (typeof path === 'string' ? path.replace(/\[(\d+)\]/g, '.$1') : path.map(String).join('.')).replace(
    /^\./,
    '',
  );
  return p
    .replace(/^(rules\.\d+)\.filter(\..*)?$/, '$1.filterRows')
    .replace(/^(rules\.\d+)\.normalization\.preset$/, '$1.preset')
    .replace(/^(rules\.\d+)\.normalization(\..*)?$/, '$1.normalizationSource')
    .replace(/^tags\.\d+$/, 'tags');
}

/** Checks the form: each filter row (field, operator, value), then the contract's LookupTableInput; each issue by its form path. */
export function validateLookupTable(v: LookupTableValues): { path: string; message: string }[] {
  const rows = v.rules.flatMap((r, i) =>
    r.filterJson
      ? []
      : filterRowIssues(r.filterRows).map((x) => ({
          path: `rules.${i}.filterRows.${x.row}.${x.field}`,
          message: x.message,
        })),
  );
  const result = LookupTableInput.safeParse(lookupTableBody(v));
  return [
    ...rows,
    ...(result.success ? [] : result.error.issues.map((i) => ({ path: lookupFormPath(i.path), message: i.message }))),
  ];
}
