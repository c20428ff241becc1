import { type LookupTable, LookupTableInput } from '@econ/contract';

/**
 * The lookup-table editor's form values (spec part 2.9): the table with each rule's optional
 * strings as text ('' for none), its filter as JSON text (the filter's operator syntax is not
 * shown, so it is edited as sent) and its normalization as a source choice plus a preset.
 */
export interface RuleValues {
  filterText: string;
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
  filterText: '[]',
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
      filterText: JSON.stringify(r.filter),
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

/** A rule's filter text as sent: JSON when it parses, else the text itself (the contract then names the filter). */
export function parseFilter(textValue: string): unknown {
  if (!textValue.trim()) return [];
  try {
    return JSON.parse(textValue);
  } catch {
    return textValue;
  }
}

/** The body of `POST /` and `PUT /{id}`. */
export function lookupTableBody(v: LookupTableValues) {
  return {
    name: v.name.trim(),
    caseInsensitiveMatching: v.caseInsensitiveMatching,
    tags: v.tags,
    rules: v.rules.map((r) => ({
      filter: parseFilter(r.filterText),
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

/** The form path of a body path: a rule's filter is its `filterText`, a normalization's preset its `preset`. */
export function lookupFormPath(path: readonly PropertyKey[] | string): string {
  const p = (typeof path === 'string' ? path.replace(/\[(\d+)\]/g, '.$1') : path.map(String).join('.')).replace(
    /^\./,
    '',
  );
  return p
    .replace(/^(rules\.\d+)\.filter(\..*)?$/, '$1.filterText')
    .replace(/^(rules\.\d+)\.normalization\.preset$/, '$1.preset')
    .replace(/^(rules\.\d+)\.normalization(\..*)?$/, '$1.normalizationSource')
    .replace(/^tags\.\d+$/, 'tags');
}

/** Checks the form with the contract's LookupTableInput; each issue by its form path. */
export function validateLookupTable(v: LookupTableValues): { path: string; message: string }[] {
  const result = LookupTableInput.safeParse(lookupTableBody(v));
  return result.success ? [] : result.error.issues.map((i) => ({ path: lookupFormPath(i.path), message: i.message }));
}
