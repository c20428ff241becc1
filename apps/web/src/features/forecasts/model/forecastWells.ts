import type { Forecast } from '@econ/contract';

interface WellHeader {
  id: string;
  wellName: string;
  firstProdDate?: string | undefined;
}

/**
 * The wells of a forecast, by name (the project's wells, already sorted by name, that the forecast
 * holds; a well the project list did not bring is shown by its id), and the one to show: `wanted`
 * when it is one of them, else the first.
 */
export function forecastWells(forecast: Pick<Forecast, 'wells'>, projectWells: readonly WellHeader[], wanted?: string) {
  const ids = new Set(forecast.wells);
  const named = projectWells.filter((w) => ids.has(w.id));
  const seen = new Set(named.map((w) => w.id));
  const options: WellHeader[] = [
    ...named,
    ...forecast.wells.filter((id) => !seen.has(id)).map((id) => ({ id, wellName: id })),
  ];
  return { options, current: options.find((w) => w.id === wanted) ?? options[0] };
}
