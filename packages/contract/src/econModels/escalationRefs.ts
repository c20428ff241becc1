/*
 * The escalations models a model's functions name (`escalationModel` on pricing, differential,
 * expense and CAPEX tables and rows), without zod: the API checks them on write and a run loads
 * them (decision 034).
 */

/** Every `escalationModel` id (not "none") anywhere in `functions`, each once, in the order found. */
export function escalationModelIds(functions: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) {
      for (const x of v) walk(x);
      return;
    }
    if (v === null || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (k === 'escalationModel' && typeof x === 'string' && x !== 'none' && x !== '') out.add(x);
      else walk(x);
    }
  };
  walk(functions);
  return [...out];
}

/** Where each `escalationModel` id sits in `functions` (dotted paths, for error messages). */
export function escalationModelPaths(functions: unknown): { path: string; id: string }[] {
  const out: { path: string; id: string }[] = [];
  const walk = (v: unknown, path: string) => {
    if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) walk(x, `${path}[${i}]`);
      return;
    }
    if (v === null || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      const at = path ? `${path}.${k}` : k;
      if (k === 'escalationModel' && typeof x === 'string' && x !== 'none' && x !== '') out.push({ path: at, id: x });
      else walk(x, at);
    }
  };
  walk(functions, '');
  return out;
}
