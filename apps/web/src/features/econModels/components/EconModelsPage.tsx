import { ECON_MODEL_SPECS, type EconModelKind } from '@econ/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useBanner } from '../../../components/Banner';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { Pager } from '../../../components/Pager';
import { sessionQuery } from '../../auth/api/session';
import { type EconModelScope, econModelsQuery } from '../api/econModels';
import { titleInSentence } from '../model/kind';
import type { EconModelsSearch } from '../model/listSearch';
import { EconModelList } from './EconModelList';
import { KindTabs } from './KindTabs';
import { ModelLink } from './scopeLinks';

export const loadEconModels = (
  queryClient: QueryClient,
  scope: EconModelScope,
  kind: EconModelKind,
  search: EconModelsSearch,
) => queryClient.ensureQueryData(econModelsQuery(scope, kind, search));

/**
 * The list page of a scope's models of one kind (a project's or the company's): paged, sorted,
 * searched by a part of the name; new, copy, delete. The route gives the address and the breadcrumb.
 */
export function EconModelsPage({
  scope,
  kind,
  search,
  onSearch,
  breadcrumb,
}: {
  scope: EconModelScope;
  kind: EconModelKind;
  search: EconModelsSearch;
  onSearch: (search: EconModelsSearch) => void;
  breadcrumb: ReactNode[];
}) {
  const { data } = useSuspenseQuery(econModelsQuery(scope, kind, search));
  const { data: session } = useSuspenseQuery(sessionQuery);
  const canWrite = session?.user.role !== 'support';
  const { banner, report } = useBanner();
  useEffect(() => {
    if (search.deleted) report.ok(`Deleted ${search.deleted}.`);
  }, [search.deleted, report]);
  const [text, setText] = useState(search.search ?? '');
  const set = (patch: Partial<EconModelsSearch>) => onSearch({ ...search, deleted: undefined, ...patch });
  const spec = ECON_MODEL_SPECS[kind];
  return (
    <>
      <Breadcrumbs steps={breadcrumb} current={`${spec.title} models`} />
      <KindTabs scope={scope} />
      <div className="row spread">
        <h1>{spec.title} models</h1>
        {canWrite && (
          <ModelLink className="button primary" scope={scope} kind={kind} modelId="new">
            New {titleInSentence(spec.title)} model
          </ModelLink>
        )}
      </div>
      {banner}
      <search>
        <form
          className="row search"
          onSubmit={(e) => {
            e.preventDefault();
            set({ search: text.trim() || undefined, skip: 0 });
          }}
        >
          <label htmlFor="model-name-search">Name contains</label>
          <input
            id="model-name-search"
            type="search"
            value={text}
            maxLength={200}
            onChange={(e) => setText(e.target.value)}
            aria-describedby="model-name-search-hint"
          />
          <button type="submit">Search</button>
          {search.search && (
            <button
              type="button"
              onClick={() => {
                setText('');
                set({ search: undefined, skip: 0 });
              }}
            >
              Show all
            </button>
          )}
          <span className="muted" id="model-name-search-hint">
            Matches any part of the name, whatever the case.
          </span>
        </form>
      </search>
      {data.items.length === 0 ? (
        <p className="muted">
          {search.search
            ? `No ${titleInSentence(spec.title)} model has “${search.search}” in its name.`
            : 'No models of this kind yet.'}
        </p>
      ) : (
        <EconModelList
          scope={scope}
          kind={kind}
          models={data.items}
          sort={search.sort}
          onSort={(sort) => set({ sort: sort as EconModelsSearch['sort'], skip: 0 })}
          canWrite={canWrite}
          report={report}
        />
      )}
      <Pager
        skip={search.skip}
        take={search.take}
        total={data.total}
        hasNext={data.hasNext}
        onSkip={(skip) => set({ skip })}
      />
    </>
  );
}
