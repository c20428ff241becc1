import type { EconModelKind } from '@econ/contract';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { EconModelScope } from '../api/econModels';

/**
 * Links and navigation to a scope's econ model pages: `/projects/$projectId/econ-models/…` for a
 * project's models, `/econ-models/…` for the company's. One switch here keeps the router's typed
 * paths while the pages and forms stay scope-agnostic.
 */
interface LinkLook {
  className?: string;
  'aria-label'?: string;
  /** Kind tabs: marked when their list (whatever its search) is open. */
  tab?: boolean;
  children: ReactNode;
}

const tabProps = (tab: boolean | undefined) =>
  tab
    ? {
        activeOptions: { includeSearch: false },
        activeProps: { className: 'active', 'aria-current': 'page' as const },
      }
    : {};

/** The list of a kind's models of the scope. */
export function ModelListLink({
  scope,
  kind,
  tab,
  ...look
}: LinkLook & { scope: EconModelScope; kind: EconModelKind }) {
  return 'projectId' in scope ? (
    <Link
      {...look}
      {...tabProps(tab)}
      to="/projects/$projectId/econ-models/$kind"
      params={{ projectId: scope.projectId, kind }}
      search={{}}
    />
  ) : (
    <Link {...look} {...tabProps(tab)} to="/econ-models/$kind" params={{ kind }} search={{}} />
  );
}

/** One model's page (`new` for a new one, with `copy` for a copy). */
export function ModelLink({
  scope,
  kind,
  modelId,
  copy,
  ...look
}: Omit<LinkLook, 'tab'> & { scope: EconModelScope; kind: EconModelKind; modelId: string; copy?: string }) {
  const search = copy ? { copy } : {};
  return 'projectId' in scope ? (
    <Link
      {...look}
      to="/projects/$projectId/econ-models/$kind/$modelId"
      params={{ projectId: scope.projectId, kind, modelId }}
      search={search}
    />
  ) : (
    <Link {...look} to="/econ-models/$kind/$modelId" params={{ kind, modelId }} search={search} />
  );
}

/** Navigation to a scope's model pages from code (after a save, a copy or a delete). */
export function useModelNavigate(scope: EconModelScope, kind: EconModelKind) {
  const navigate = useNavigate();
  return {
    toModel: (modelId: string, opts: { copy?: string; replace?: boolean } = {}) => {
      const search = opts.copy ? { copy: opts.copy } : {};
      return 'projectId' in scope
        ? navigate({
            to: '/projects/$projectId/econ-models/$kind/$modelId',
            params: { projectId: scope.projectId, kind, modelId },
            search,
            replace: opts.replace,
          })
        : navigate({ to: '/econ-models/$kind/$modelId', params: { kind, modelId }, search, replace: opts.replace });
    },
    toList: (search: { deleted?: string } = {}) =>
      'projectId' in scope
        ? navigate({
            to: '/projects/$projectId/econ-models/$kind',
            params: { projectId: scope.projectId, kind },
            search,
          })
        : navigate({ to: '/econ-models/$kind', params: { kind }, search }),
  };
}
