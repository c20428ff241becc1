import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, Outlet, redirect, useNavigate } from '@tanstack/react-router';
import { RouteNotice } from '../components/RouteNotice';
import { sessionQuery, signOut } from '../features/auth/api/session';
import { clearAllDrafts } from '../features/forecasts/model/draftStore';

/** The signed-in layout: navigation by role. Every page under it needs a session. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (!session) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { user: session.user };
  },
  component: Layout,
});

function Layout() {
  const { data: session } = useSuspenseQuery(sessionQuery);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const role = session?.user.role;
  const out = async () => {
    await signOut().catch(() => {});
    queryClient.clear();
    clearAllDrafts();
    await navigate({ to: '/login' });
  };
  return (
    <div className="shell">
      <nav className="nav" aria-label="Main">
        <div className="brand">Econ &amp; Forecast Console</div>
        <Link to="/projects" activeProps={{ className: 'active' }}>
          Projects
        </Link>
        <Link to="/econ-models" activeProps={{ className: 'active' }}>
          Econ models
        </Link>
        {(role === 'admin' || role === 'engineer') && (
          <Link to="/exports" activeProps={{ className: 'active' }}>
            Exports
          </Link>
        )}
        {role === 'admin' && (
          <>
            <Link to="/credentials" activeProps={{ className: 'active' }}>
              Credentials
            </Link>
            <Link to="/users" activeProps={{ className: 'active' }}>
              Users
            </Link>
            <Link to="/audit" activeProps={{ className: 'active' }}>
              Audit log
            </Link>
          </>
        )}
        <div className="spacer" />
        <div className="who">
          {session?.user.username} · {role}
        </div>
        <button type="button" onClick={out}>
          Sign out
        </button>
      </nav>
      <main className="main" id="main" tabIndex={-1}>
        <RouteNotice />
        <Outlet />
      </main>
    </div>
  );
}
