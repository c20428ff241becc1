import { type ForecastSeries, TypeCurveInput, TypeCurvePatch } from '@econ/contract';

/** The create and header forms' values: `forecast` '' for none. */
export interface TypeCurveFormValues {
  name: string;
  forecast: string;
  forecastSeries: ForecastSeries;
  /** Create only: assign every well of the chosen forecast. */
  assignWells: boolean;
}

export const TYPE_CURVE_FIELDS = ['name', 'forecast', 'forecastSeries', 'wells', 'excludedWells'] as const;

/** The body of `POST /`: the forecast's wells assigned when asked for (wells require a forecast). */
export function createBody(values: TypeCurveFormValues, forecastWells: readonly string[] | undefined) {
  return {
    name: values.name,
    forecastSeries: values.forecastSeries,
    ...(values.forecast ? { forecast: values.forecast } : {}),
    ...(values.forecast && values.assignWells && forecastWells?.length ? { wells: [...forecastWells] } : {}),
  };
}

/** The body of `PATCH /{id}` from the header form: only what changed (a merge; spec part 4.4). */
export function headerPatch(
  values: Pick<TypeCurveFormValues, 'name' | 'forecast' | 'forecastSeries'>,
  stored: { name: string; forecast?: string | undefined; forecastSeries?: ForecastSeries | undefined },
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (values.name !== stored.name) out.name = values.name;
  if (values.forecast && values.forecast !== stored.forecast) out.forecast = values.forecast;
  if (values.forecastSeries !== (stored.forecastSeries ?? 'best')) out.forecastSeries = values.forecastSeries;
  return out;
}

/** The `excludedWells` after toggling one well (kept in the order of `wells`). */
export function toggleExcluded(wells: readonly string[], excluded: readonly string[], well: string, on: boolean) {
  const set = new Set(excluded);
  if (on) set.add(well);
  else set.delete(well);
  return wells.filter((w) => set.has(w));
}

/** Contract issues of a create body, by form field (the first message per field). */
export function createIssues(body: unknown): Partial<Record<string, string>> {
  return issuesByField(TypeCurveInput.safeParse(body));
}

/** Contract issues of a PATCH body, by form field. */
export function patchIssues(body: unknown): Partial<Record<string, string>> {
  return issuesByField(TypeCurvePatch.safeParse(body));
}

function issuesByField(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined;
}) {
  const out: Partial<Record<string, string>> = {};
  for (const i of result.error?.issues ?? []) {
    const field = String(i.path[0] ?? '');
    out[field] ??= i.message;
  }
  return out;
}

/** The labels of the type curve's header fields, which messages about them use (decision 057). */
export const TYPE_CURVE_LABELS = { name: 'Name', forecast: 'Forecast', forecastSeries: 'Forecast series' } as const;

/**
 * Where an API path of a type curve's body lands on its form: the top-level field, and the wells
 * (`wells[2]`, `excludedWells[0]`) on the forecast they are taken from.
 */
export function typeCurveFormPath(apiPath: string): string {
  const head = apiPath.split(/[.[]/)[0] ?? '';
  return head === 'wells' || head === 'excludedWells' ? 'forecast' : head;
}
