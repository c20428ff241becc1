import { ForecastOutput, type Phase } from '@econ/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../lib/http';
import { type ForecastRef, parametersKey } from './parameters';

/** At most this many outputs a request (the route's largest page; the well picker reads 1000 wells too). */
const TAKE = 1000;

const outputsPath = ({ projectId, forecastId }: ForecastRef, filter: URLSearchParams) =>
  `/api/v1/projects/${encodeURIComponent(projectId)}/forecasts/${encodeURIComponent(forecastId)}/outputs?${filter}`;

/**
 * The stored series of one well, every phase (spec part 4.4 "Forecast outputs"): what the chart
 * draws beside the series being edited. Under the parameters key, so a save refreshes it.
 */
export const wellOutputsQuery = (f: ForecastRef, well: string) =>
  queryOptions({
    queryKey: [...parametersKey(f), 'outputs', 'well', well],
    queryFn: () => getJson(outputsPath(f, new URLSearchParams({ well, take: String(TAKE) })), ForecastOutput.array()),
  });

/** Every well's stored series of one phase: which wells the picker marks as having segments. */
export const phaseOutputsQuery = (f: ForecastRef, phase: Phase) =>
  queryOptions({
    queryKey: [...parametersKey(f), 'outputs', 'phase', phase],
    queryFn: () => getJson(outputsPath(f, new URLSearchParams({ phase, take: String(TAKE) })), ForecastOutput.array()),
  });
