import { ECON_MODEL_KINDS } from '@econ/contract';

/** Where a "not found" page sends the user back to: the list the missing thing was picked from. */
export interface WayBack {
  /** A console path. */
  to: string;
  /** What the link reads after "Back to". */
  label: string;
  /** The project the path names (its page is `to`, labelled by the caller with the project's name). */
  projectId?: string;
}

const isKind = (s: string | undefined) => s !== undefined && (ECON_MODEL_KINDS as readonly string[]).includes(s);
const PROJECTS: WayBack = { to: '/projects', label: 'the projects' };

/**
 * The nearest page above `pathname` that still exists: a type curve's or lookup table's list, a
 * kind's econ models, the project (for its forecasts, scenarios, wells, imports), or the projects.
 * `projectMissing`: the project itself was not found, so only the projects' list is left.
 */
export function wayBack(pathname: string, projectMissing = false): WayBack {
  const s = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (s[0] === 'econ-models') {
    return isKind(s[1]) && s.length > 2
      ? { to: `/econ-models/${s[1]}`, label: `the company's ${s[1]!.replaceAll('-', ' ')} models` }
      : { to: '/econ-models', label: "the company's econ models" };
  }
  if (s[0] !== 'projects' || s.length < 3 || projectMissing) return PROJECTS;
  const base = `/projects/${encodeURIComponent(s[1]!)}`;
  if (s[2] === 'type-curves' && s[3] === 'lookup-tables' && s.length > 4)
    return { to: `${base}/type-curves/lookup-tables`, label: 'the lookup tables' };
  if (s[2] === 'type-curves' && s.length > 3) return { to: `${base}/type-curves`, label: 'the type curves' };
  if (s[2] === 'econ-models' && isKind(s[3]) && s.length > 4)
    return { to: `${base}/econ-models/${s[3]}`, label: `the ${s[3]!.replaceAll('-', ' ')} models` };
  return { to: base, label: 'the project', projectId: s[1]! };
}
