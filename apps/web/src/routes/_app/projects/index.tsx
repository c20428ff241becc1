import { PROJECT_SORT } from '@econ/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { Pager, SortHeader } from '../../../components/Pager';
import { projectsQuery } from '../../../features/projects/api/projects';
import { sortedSearch } from '../../../lib/listSearch';

const Search = sortedSearch(PROJECT_SORT, 'name', 200, 25);

/** The project picker: every project of the company, paged and sorted by the API. */
export const Route = createFileRoute('/_app/projects/')({
  validateSearch: Search,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(projectsQuery(deps)),
  component: ProjectsPage,
});

function ProjectsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data } = useSuspenseQuery(projectsQuery(search));
  const set = (patch: Partial<typeof search>) => navigate({ search: { ...search, ...patch } });
  const sortBy = (sort: string) => set({ sort: sort as typeof search.sort, skip: 0 });
  return (
    <>
      <h1>Projects</h1>
      <table>
        <thead>
          <tr>
            <SortHeader field="name" label="Name" sort={search.sort} onSort={sortBy} />
            <SortHeader field="createdAt" label="Created" sort={search.sort} onSort={sortBy} />
            <SortHeader field="updatedAt" label="Updated" sort={search.sort} onSort={sortBy} />
          </tr>
        </thead>
        <tbody>
          {data.items.map((p) => (
            <tr key={p.id}>
              <td>
                <Link to="/projects/$projectId" params={{ projectId: p.id }}>
                  {p.name}
                </Link>
              </td>
              <td>{new Date(p.createdAt).toLocaleString()}</td>
              <td>{new Date(p.updatedAt).toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
