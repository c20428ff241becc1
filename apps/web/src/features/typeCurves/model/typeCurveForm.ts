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

/** A 400 detail's message without the API's leading `field: ` (the form shows it next to the field already). */
export const detailMessage = (d: { field: string; message: string }): string =>
  d.field && d.message.startsWith(`${d.field}: `) ? d.message.slice(d.field.length + 2) : d.message;

/**
 * Splits a 400's details into those of the form's `fields` (by the detail's first path part) and the
 * rest, so the first go next to their fields and the rest to the banner.
 */
export function splitDetails(
  details: readonly { field: string; message: string }[],
  fields: readonly string[],
): { placed: { field: string; message: string }[]; rest: string[] } {
  const placed: { field: string; message: string }[] = [];
  const rest: string[] = [];
  for (const d of details) {
    const head = d.field.split(/[.[]/)[0] ?? '';
    if (fields.includes(head)) placed.push({ field: head, message: detailMessage(d) });
    else rest.push(d.message);
  }
  return { placed, rest };
}
