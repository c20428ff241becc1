import { WELL_COLUMNS_MAX, type Well, type WellHeaderName } from '@econ/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Pager } from '../../../components/Pager';
import { HttpError, type Page } from '../../../lib/http';
import { type ProjectWellSet, projectWellsQuery, saveWellColumns, wellColumnsQuery } from '../api/wells';
import { DEFAULT_COLUMNS, shownColumns, toggleColumn } from '../model/columns';
import { apiParams, filterOfField, filtersFromUrl, toUrl, type WellFilter } from '../model/filters';
import { ColumnPicker } from './ColumnPicker';
import { WellFilters } from './WellFilters';
import { WellsTable } from './WellsTable';
import './wells.css';

/** The wells part of a project page's address: paging of each table, the sort and the filters. */
export interface WellsSearch {
  skip: number;
  cskip: number;
  take: number;
  sort: string;
  f?: string[] | undefined;
}

/** Saves run one after the other, so the last choice is the one kept. */
let saving: Promise<unknown> = Promise.resolve();

/**
 * A project's wells: its own and the company wells attached to it, in two tables with the same
 * columns (picked by the user, saved for them), sort and filters (kept in the address).
 */
export function WellsSection(props: {
  projectId: string;
  search: WellsSearch;
  onSearch: (patch: Partial<WellsSearch>) => void;
}) {
  const { projectId, search, onSearch } = props;
  const queryClient = useQueryClient();
  const saved = useQuery(wellColumnsQuery);
  // The user's latest pick, shown at once (the saved copy follows); undefined until they pick.
  const [picked, setPicked] = useState<WellHeaderName[] | null>();
  const columns = shownColumns((picked === undefined ? saved.data : picked) ?? DEFAULT_COLUMNS);
  const [picking, setPicking] = useState(false);
  const [saveError, setSaveError] = useState<string>();

  const filters = filtersFromUrl(search.f);
  const params = apiParams(filters);
  const own = useQuery(
    projectWellsQuery(projectId, 'wells', { skip: search.skip, take: search.take, sort: search.sort, filters: params }),
  );
  const company = useQuery(
    projectWellsQuery(projectId, 'company-wells', {
      skip: search.cskip,
      take: search.take,
      sort: search.sort,
      filters: params,
    }),
  );

  const choose = (next: WellHeaderName[] | null) => {
    setPicked(next);
    queryClient.setQueryData(wellColumnsQuery.queryKey, next);
    setSaveError(undefined);
    saving = saving
      .then(() => saveWellColumns(next))
      .catch((e: unknown) => setSaveError(e instanceof Error ? e.message : 'Could not save the columns'));
  };

  // The API's refusal of a filter goes beside it; anything else above the tables.
  const refusal = [own.error, company.error].find((e) => e instanceof HttpError) as HttpError | undefined;
  const errors = new Map<number, string>();
  let general: string | undefined;
  if (refusal) {
    const at = filterOfField(filters, refusal.details[0]?.field);
    if (at >= 0) errors.set(at, refusal.message);
    else general = refusal.message;
  } else if (own.error || company.error) general = (own.error ?? company.error)?.message;

  const sortBy = (sort: string) => onSearch({ sort, skip: 0, cskip: 0 });
  const applyFilters = (next: WellFilter[]) =>
    onSearch({ f: next.length ? next.map(toUrl) : undefined, skip: 0, cskip: 0 });
  const ownPage = refusal ? undefined : own.data;
  const companyPage = refusal ? undefined : company.data;

  return (
    <section className="wells-section">
      <div className="row">
        <button type="button" onClick={() => setPicking(true)}>
          Columns
        </button>
        <span className="muted">{columns.length} columns</span>
      </div>
      <ColumnPicker
        open={picking}
        columns={columns}
        max={WELL_COLUMNS_MAX}
        error={saveError}
        onToggle={(name) => choose(toggleColumn(columns, name))}
        onReset={() => choose(null)}
        onClose={() => setPicking(false)}
      />
      <WellFilters filters={filters} errors={errors} onApply={applyFilters} />
      {general && (
        <p className="error" role="alert">
          {general}
        </p>
      )}
      <WellsBlock
        title="Project wells"
        projectId={projectId}
        page={ownPage}
        refused={refusal !== undefined}
        columns={columns}
        sort={search.sort}
        onSort={sortBy}
        skip={search.skip}
        take={search.take}
        onSkip={(skip) => onSearch({ skip })}
      />
      <WellsBlock
        title="Company wells in this project"
        projectId={projectId}
        page={companyPage}
        refused={refusal !== undefined}
        columns={columns}
        sort={search.sort}
        onSort={sortBy}
        skip={search.cskip}
        take={search.take}
        onSkip={(cskip) => onSearch({ cskip })}
      />
    </section>
  );
}

/** One of the section's tables: its title with the count, the table and its pager. */
function WellsBlock(props: {
  title: string;
  projectId: string;
  page: Page<Well> | undefined;
  /** The API refused the filters: no count to show. */
  refused: boolean;
  columns: readonly WellHeaderName[];
  sort: string;
  onSort: (sort: string) => void;
  skip: number;
  take: number;
  onSkip: (skip: number) => void;
}) {
  const { title, projectId, page, refused, columns, sort, onSort, skip, take, onSkip } = props;
  return (
    <>
      <h3>{refused ? title : `${title} (${page?.total ?? '…'})`}</h3>
      <WellsTable
        projectId={projectId}
        label={title}
        wells={page?.items ?? []}
        columns={columns}
        sort={sort}
        onSort={onSort}
      />
      <Pager skip={skip} take={take} total={page?.total ?? 0} hasNext={page?.hasNext ?? false} onSkip={onSkip} />
    </>
  );
}

/** The queries the section reads first, for the route's loader (no throw: errors show in place). */
export const prefetchWells = (queryClient: QueryClient, projectId: string, search: WellsSearch) =>
  Promise.all([
    queryClient.prefetchQuery(wellColumnsQuery),
    ...(['wells', 'company-wells'] as const).map((set: ProjectWellSet) =>
      queryClient.prefetchQuery(
        projectWellsQuery(projectId, set, {
          skip: set === 'wells' ? search.skip : search.cskip,
          take: search.take,
          sort: search.sort,
          filters: apiParams(filtersFromUrl(search.f)),
        }),
      ),
    ),
  ]);
