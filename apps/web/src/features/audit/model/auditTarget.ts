/*
 * What an audit entry did, in words: the log records the request (method and path through the
 * console, e.g. `DELETE /api/v1/projects/66a…/econ-models/pricing/66b…`); the page shows
 * "Delete" · "Pricing model 66b1c2d3… in project Permian Basin Demo".
 */

/** What one audit entry did: a verb and its target, with the path's context (project, scenario…). */
export interface AuditDescription {
  action: string;
  target: string;
}

/** Names the page knows, by id (projects, console users, vault credentials…). */
export type KnownNames = ReadonlyMap<string, string>;

/** Collections of the API and the console, by path segment: the noun of one item. */
const NOUNS: Record<string, string> = {
  projects: 'project',
  wells: 'well',
  'company-wells': 'company well',
  forecasts: 'forecast',
  outputs: 'forecast output',
  scenarios: 'scenario',
  'econ-runs': 'econ run',
  'econ-models': 'econ model',
  'type-curves': 'type curve',
  combos: 'combos',
  'lookup-tables': 'lookup table',
  exports: 'export',
  tags: 'tag',
  'ownership-qualifiers': 'ownership qualifier',
  'directional-surveys': 'directional survey',
  'daily-productions': 'daily production',
  'monthly-productions': 'monthly production',
  'forecast-configurations': 'forecast configuration',
  'custom-columns': 'custom columns',
  'well-comments': 'well comments',
  'well-identifiers': 'well identifiers',
  users: 'console user',
  credentials: 'API credential',
  preferences: 'preference',
  'monthly-exports': 'monthly export',
  parameters: 'forecast segments',
  'well-assignments': 'well assignments',
};

/** Segments that qualify the item before them (`fits/monthly`). */
const QUALIFIERS = new Set(['daily', 'monthly']);

/** Segments that name what is done to the item before them (a POST to them is that action). */
const ACTIONS: Record<string, string> = {
  run: 'Run',
  activate: 'Activate',
  revoke: 'Revoke',
  upload: 'Upload',
  batch: 'Create',
};

const VERB: Record<string, string> = { POST: 'Create', PUT: 'Save', PATCH: 'Update', DELETE: 'Delete' };

/** Ids as the API and the console make them: 24 hex digits, a UUID, or 24 hex of the BFF's own. */
const isId = (s: string) => /^[0-9a-f]{24}$/i.test(s) || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/i.test(s);
const shortId = (id: string) => `${id.slice(0, 8)}…`;
const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** `production-taxes` → `production taxes`; `capex` → `CAPEX`. */
const words = (s: string) => (s === 'capex' ? 'CAPEX' : s.replaceAll('-', ' '));

interface Step {
  noun: string;
  id?: string;
  /** A key that is not an id (a preference key, a volume resolution). */
  key?: string;
}

/** The path as a chain of items (`project 66a…`, `pricing model 66b…`) and a trailing action word. */
function walk(segments: string[]): { steps: Step[]; action?: string } {
  const steps: Step[] = [];
  let action: string | undefined;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    const next = segments[i + 1];
    if (seg === 'econ-models' && next && !isId(next)) {
      // `econ-models/{kind}/{id}`: the kind is part of the noun.
      const id = segments[i + 2];
      steps.push({ noun: `${words(next)} model`, ...(id && isId(id) ? { id } : {}) });
      i += id && isId(id) ? 2 : 1;
      continue;
    }
    if ((seg === 'exports' || seg === 'assignments') && next && !isId(next)) {
      // `v2/exports/{kind}` and `assignments/{what}`: the next word says which.
      steps.push(seg === 'exports' ? { noun: `${words(next)} export` } : { noun: `assignments of ${words(next)}` });
      const id = segments[i + 2];
      if (id && isId(id)) steps[steps.length - 1]!.id = id;
      i += id && isId(id) ? 2 : 1;
      continue;
    }
    if (QUALIFIERS.has(seg) && steps.length > 0) {
      steps[steps.length - 1]!.noun += ` (${seg})`;
      continue;
    }
    if (ACTIONS[seg] && i === segments.length - 1) {
      action = ACTIONS[seg];
      continue;
    }
    const noun = NOUNS[seg] ?? words(seg);
    if (next !== undefined && isId(next)) {
      steps.push({ noun, id: next });
      i++;
    } else if (seg === 'preferences' && next !== undefined) {
      steps.push({ noun, key: decodeURIComponent(next) });
      i++;
    } else {
      steps.push({ noun });
    }
  }
  return { steps, ...(action ? { action } : {}) };
}

/** `project Permian Basin Demo` when the name is known, else `project 66a1b2c3…`. */
function label(step: Step, names: KnownNames): string {
  if (step.key !== undefined) return `${step.noun} “${step.key}”`;
  if (!step.id) return step.noun;
  const name = names.get(step.id);
  return name ? `${step.noun} “${name}”` : `${step.noun} ${shortId(step.id)}`;
}

/**
 * The readable form of a recorded write: the action (Create, Save, Update, Delete, or what the path
 * names: Run, Activate, Revoke, Upload; sign-in and sign-out) and its target, the last item of the
 * path with the items it sits in ("Pricing model 66b1c2d3… in project “Permian Basin Demo”").
 * Known names replace ids. The API's paths come through the console under `/api`.
 */
export function describeAuditEntry(method: string, path: string, names: KnownNames = new Map()): AuditDescription {
  const verb = VERB[method.toUpperCase()] ?? method;
  const [, root, ...rest] = path.split('?')[0]!.split('/');
  if (root === 'bff' && rest[0] === 'session') {
    return { action: method === 'DELETE' ? 'Sign out' : 'Sign in', target: 'console session' };
  }
  const segments = root === 'api' ? rest.filter((s, i) => !(i === 0 && /^v\d+$/.test(s))) : rest;
  if (segments.length === 0) return { action: verb, target: path };
  const { steps, action } = walk(segments);
  const last = steps.at(-1);
  if (!last) return { action: action ?? verb, target: path };
  // A POST to a collection creates in it; to an item it runs what the path names.
  const what = action ?? (method === 'POST' && !last.id ? 'Create' : verb);
  const context = steps
    .slice(0, -1)
    .filter((s) => s.id)
    .reverse()
    .map((s) => label(s, names));
  const head = label(last, names);
  return {
    action: what,
    target: sentence(context.length > 0 ? `${head} in ${context.join(' in ')}` : head),
  };
}
