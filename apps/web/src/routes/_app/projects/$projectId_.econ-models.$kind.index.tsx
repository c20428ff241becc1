import { ECON_MODEL_SORT, ECON_MODEL_SPECS, TAKE_MAX } from '@econ/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useBanner } from '../../../components/Banner';
import { Pager } from '../../../components/Pager';
import { sessionQuery } from '../../../features/auth/api/session';
import { econModelsQuery } from '../../../features/econModels/api/econModels';
import { EconModelList } from '../../../features/econModels/components/EconModelList';
import { KindTabs } from '../../../features/econModels/components/KindTabs';
import { isKind, titleInSentence } from '../../../features/econModels/model/kind';
import { projectQuery } from '../../../features/projects/api/projects';
import { sortedSearch } from '../../../lib/listSearch';

/**
 * `name` is the API's exact-name filter: the service filters by whole names only, so the search box
 * says so and the list stays paged and sorted by the service (no client-side scan of every page).
 */
const Search = sortedSearch(ECON_MODEL_SORT, 'name', TAKE_MAX, 25).extend({
  name: z.string().trim().min(1).optional().catch(undefined),
  /** The name of a model just deleted from its page, for the banner. */
  deleted: z.string().optional().catch(undefined),
});

/** A project's econ models of one kind: paged, sorted, searched by exact name; new, copy, delete. */
export const Route = createFileRoute('/_app/projects/$projectId_/econ-models/$kind/')({
  validateSearch: Search,
  beforeLoad: ({ params }) => {
    if (!isKind(params.kind)) throw notFound();
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps }) => {
    if (!isKind(params.kind)) throw notFound();
    return Promise.all([
      queryClient.ensureQueryData(projectQuery(params.projectId)),
      queryClient.ensureQueryData(econModelsQuery(params.projectId, params.kind, deps)),
    ]);
  },
  component: EconModelsPage,
});

function EconModelsPage() {
  const { projectId, kind: rawKind } = Route.useParams();
  const kind = isKind(rawKind) ? rawKind : 'depreciation';
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: project } = useSuspenseQuery(projectQuery(projectId));
  const { data } = useSuspenseQuery(econModelsQuery(projectId, kind, search));
  const { data: session } = useSuspenseQuery(sessionQuery);
  const canWrite = session?.user.role !== 'support';
  const { banner, report } = useBanner();
  useEffect(() => {
    if (search.deleted) report.ok(`Deleted ${search.deleted}.`);
  }, [search.deleted, report]);
  const [name, setName] = useState(search.name ?? '');
  const set = (patch: Partial<typeof search>) => navigate({ search: { ...search, deleted: undefined, ...patch } });
  const spec = ECON_MODEL_SPECS[kind];
  return (
    <>
      <p className="muted">
        <Link to="/projects">Projects</Link> /{' '}
        <Link to="/projects/$projectId" params={{ projectId }}>
          {project.name}
        </Link>{' '}
        / Econ models
      </p>
      <KindTabs projectId={projectId} />
      <div className="row spread">
        <h1>{spec.title} models</h1>
        {canWrite && (
          <Link
            className="button primary"
            to="/projects/$projectId/econ-models/$kind/$modelId"
            params={{ projectId, kind, modelId: 'new' }}
            search={{}}
          >
            New {titleInSentence(spec.title)} model
          </Link>
        )}
      </div>
      {banner}
      <search>
        <form
          className="row search"
          onSubmit={(e) => {
            e.preventDefault();
            set({ name: name.trim() || undefined, skip: 0 });
          }}
        >
          <label htmlFor="model-name-search">Name (exact match)</label>
          <input
            id="model-name-search"
            type="search"
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-describedby="model-name-search-hint"
          />
          <button type="submit">Search</button>
          {search.name && (
            <button
              type="button"
              onClick={() => {
                setName('');
                set({ name: undefined, skip: 0 });
              }}
            >
              Show all
            </button>
          )}
          <span className="muted" id="model-name-search-hint">
            The service matches whole names only (case and spaces count).
          </span>
        </form>
      </search>
      {data.items.length === 0 ? (
        <p className="muted">
          {search.name
            ? `No ${titleInSentence(spec.title)} model is named “${search.name}”.`
            : 'No models of this kind yet.'}
        </p>
      ) : (
        <EconModelList
          projectId={projectId}
          kind={kind}
          models={data.items}
          sort={search.sort}
          onSort={(sort) => set({ sort: sort as typeof search.sort, skip: 0 })}
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
