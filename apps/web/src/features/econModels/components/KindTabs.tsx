import { ECON_MODEL_KINDS, ECON_MODEL_SPECS } from '@econ/contract';
import type { EconModelScope } from '../api/econModels';
import { ModelListLink } from './scopeLinks';

/** The econ model kinds of a scope (a project or the company), as links to their lists. */
export function KindTabs({ scope, label = 'Econ model kinds' }: { scope: EconModelScope; label?: string }) {
  return (
    <nav className="kind-tabs" aria-label={label}>
      {ECON_MODEL_KINDS.map((kind) => (
        <ModelListLink key={kind} scope={scope} kind={kind} tab>
          {ECON_MODEL_SPECS[kind].title}
        </ModelListLink>
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
          <ModelListLink className="button" scope={{ projectId }} kind={kind}>
            {ECON_MODEL_SPECS[kind].title}
          </ModelListLink>
        </li>
      ))}
    </ul>
  );
}
