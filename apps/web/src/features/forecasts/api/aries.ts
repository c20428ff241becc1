import { AriesForecast, type Series } from '@econ/contract';
import { z } from 'zod';
import { getJson } from '../../../lib/http';
import type { ForecastRef } from './parameters';

/**
 * One well's ARIES lines of a forecast series (`GET …/forecasts/{id}/aries`, decision 050) as text
 * to paste: `KEYWORD<tab>EXPRESSION`, one line each.
 */
export async function fetchAriesLines(f: ForecastRef, well: string, series: Series): Promise<string> {
  const path = `/api/v1/projects/${encodeURIComponent(f.projectId)}/forecasts/${encodeURIComponent(
    f.forecastId,
  )}/aries?well=${encodeURIComponent(well)}&pSeries=${series}`;
  const [row] = await getJson(path, z.array(AriesForecast));
  return (row?.forecast ?? []).map((l) => `${l.KEYWORD}\t${l.EXPRESSION}`).join('\n');
}
