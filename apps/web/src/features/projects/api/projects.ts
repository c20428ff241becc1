import { Project, Well } from '@econ/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getJson, getPage } from '../../../lib/http';

export interface ListParams {
  skip: number;
  take: number;
  sort: string;
}

const qs = (p: ListParams) =>
  new URLSearchParams({ skip: String(p.skip), take: String(p.take), sort: p.sort }).toString();

export const projectsQuery = (p: ListParams) =>
  queryOptions({
    queryKey: ['projects', p],
    queryFn: () => getPage(`/api/v1/projects?${qs(p)}`, Project),
    placeholderData: keepPreviousData,
  });

export const projectQuery = (id: string) =>
  queryOptions({ queryKey: ['project', id], queryFn: () => getJson(`/api/v1/projects/${id}`, Project) });

export const wellsQuery = (projectId: string, p: ListParams) =>
  queryOptions({
    queryKey: ['wells', projectId, p],
    queryFn: () => getPage(`/api/v1/projects/${projectId}/wells?${qs(p)}`, Well),
    placeholderData: keepPreviousData,
  });
