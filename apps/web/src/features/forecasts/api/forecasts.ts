import { Forecast } from '@econ/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson, getPage } from '../../../lib/http';

const base = (projectId: string) => `/api/v1/projects/${encodeURIComponent(projectId)}/forecasts`;

/** A project's forecasts by name (the first 200: the API's page limit). */
export const forecastsQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['forecasts', projectId],
    queryFn: () => getPage(`${base(projectId)}?take=200&sort=name`, Forecast),
  });

export const forecastQuery = (projectId: string, forecastId: string) =>
  queryOptions({
    queryKey: ['forecast', projectId, forecastId],
    queryFn: () => getJson(`${base(projectId)}/${encodeURIComponent(forecastId)}`, Forecast),
  });
