import { ECON_MODEL_KINDS, ECON_MODEL_SPECS } from '@econ/contract';
import { Link } from '@tanstack/react-router';

/** The six econ model kinds of a project, as links to their lists. */
export function KindTabs({ projectId, label = 'Econ model kinds' }: { projectId: string; label?: string }) {
  return (
    <nav className="kind-tabs" aria-label={label}>
      {ECON_MODEL_KINDS.map((kind) => (
        <Link
          key={kind}
          to="/projects/$projectId/econ-models/$kind"
          params={{ projectId, kind }}
          search={{}}
          activeOptions={{ includeSearch: false }}
          activeProps={{ className: 'active', 'aria-current': 'page' }}
        >
          {ECON_MODEL_SPECS[kind].title}
        </Link>
      ))}
    </nav>
  );
}

/** The project page's entry to its econ models: one link per kind. */
export function EconModelKindLinks({ projectId }: { projectId: string }) {
  return (
    <ul className="kinds" aria-label="Econ models by kind">
      {ECON_MODEL_KINDS.map((kind) => (
        <li key={kind}>
          <Link className="button" to="/projects/$projectId/econ-models/$kind" params={{ projectId, kind }} search={{}}>
            {ECON_MODEL_SPECS[kind].title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
