import { readFileSync } from 'node:fs';
import {
  CREDENTIAL_ZIP_FILES,
  callPath,
  type MigrationPlan,
  migrateV1TypeCurve,
  type TokenResponse,
  V1TypeCurve,
  V2CredentialFile,
} from '@econ/contract';
import { strFromU8, unzipSync } from 'fflate';
import { zodDetails } from '../../http/zodDetails';

/*
 * `npm run cli -- type-curves migrate --file V1.json --project ID [--credentials ZIP] [--dry-run]`
 * (spec part 9.5): the plan of the migration assistant for each V1 type curve of the file, and,
 * without --dry-run, the V2 calls made through the API with a v2 credential ZIP.
 */

/** What the command needs of the CLI's transport (the running API or the app in-process). */
export interface CallApi {
  call(path: string, init?: RequestInit): Promise<Response>;
}

/** The V1 type curves of a file holding one object or an array of them; a bad one names its index and field. */
export function readV1File(text: string): V1TypeCurve[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new Error(`The file is not JSON: ${(e as Error).message}`);
  }
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length === 0) throw new Error('The file holds no type curve');
  return list.map((item, i) => {
    const parsed = V1TypeCurve.safeParse(item);
    if (parsed.success) return parsed.data;
    const details = zodDetails(parsed.error, item, `[${i}].`);
    throw new Error(`Not a V1 type curve: ${details.map((d) => d.message).join('; ')}`);
  });
}

/** The auth headers of a v2 credential ZIP: a token from its clientId and secret, and its API key. */
async function authOf(api: CallApi, zipPath: string): Promise<Record<string, string>> {
  const zip = unzipSync(new Uint8Array(readFileSync(zipPath)));
  const credFile = zip[CREDENTIAL_ZIP_FILES.v2];
  const keyFile = zip[CREDENTIAL_ZIP_FILES.apiKey];
  if (!credFile || !keyFile) {
    throw new Error(
      `${zipPath} is not a v2 credential ZIP (${CREDENTIAL_ZIP_FILES.v2} and ${CREDENTIAL_ZIP_FILES.apiKey})`,
    );
  }
  const file = V2CredentialFile.parse(JSON.parse(strFromU8(credFile)));
  const res = await api.call('/v1/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      clientId: file.clientId,
      clientSecret: file.clientSecret,
    }),
  });
  const token = (await res.json()) as TokenResponse & { message?: string; error?: string };
  if (!res.ok) throw new Error(`Getting a token failed: ${res.status} ${token.error ?? token.message ?? ''}`);
  return {
    authorization: `Bearer ${token.access_token}`,
    'x-api-key': strFromU8(keyFile).trim(),
    'x-backend-version': 'v2',
    'content-type': 'application/json',
  };
}

/** The outcome of one type curve: its plan and, when run, the new id or the failure. */
export interface MigrationOutcome {
  name: string;
  v1Id?: string;
  calls: MigrationPlan['calls'];
  notes: string[];
  id?: string;
  error?: string;
}

/**
 * Runs the plans: for each type curve POST, then PUT fits and normalization. A failing step after
 * the POST deletes the new type curve again, so a corrected file can be run again; the others go on.
 */
async function perform(
  api: CallApi,
  auth: Record<string, string>,
  plans: MigrationPlan[],
): Promise<MigrationOutcome[]> {
  const out: MigrationOutcome[] = [];
  for (const plan of plans) {
    const outcome: MigrationOutcome = { ...plan };
    let id: string | undefined;
    for (const call of plan.calls) {
      const path = id === undefined ? call.path : callPath(call, id);
      const res = await api.call(path, { method: call.method, headers: auth, body: JSON.stringify(call.body) });
      const body = (await res.json().catch(() => ({}))) as { id?: string; message?: string };
      if (!res.ok) {
        outcome.error = `${call.method} ${path}: ${res.status} ${body.message ?? JSON.stringify(body)}`;
        if (id !== undefined) {
          await api.call(path.replace(/\/(fits|normalization)$/, ''), { method: 'DELETE', headers: auth });
          outcome.error += ' (the new type curve was deleted again)';
        }
        break;
      }
      if (call.step === 'create') id = body.id;
    }
    if (!outcome.error && id !== undefined) outcome.id = id;
    out.push(outcome);
  }
  return out;
}

/**
 * The command: reads the file, plans every type curve, prints the plan as JSON on stdout and the
 * notes on stderr; without `dryRun` performs the calls and adds each new `id`. Returns whether
 * every type curve went through.
 */
export async function migrateCommand(
  opts: { file: string; project: string; credentials?: string | undefined; dryRun: boolean },
  connect: () => Promise<CallApi & { close(): Promise<void> }>,
  print: (line: string) => void = (l) => console.log(l),
  note: (line: string) => void = (l) => console.error(l),
): Promise<boolean> {
  if (!/^[0-9a-f]{24}$/.test(opts.project)) throw new Error(`--project must be a 24-character hexadecimal id`);
  const curves = readV1File(readFileSync(opts.file, 'utf8'));
  const plans = curves.map((c) => migrateV1TypeCurve(c, opts.project));
  for (const p of plans) for (const n of p.notes) note(`[migrate] ${p.name}: ${n}`);
  if (opts.dryRun) {
    print(JSON.stringify(plans, null, 2));
    return true;
  }
  if (!opts.credentials)
    throw new Error('type-curves migrate needs --credentials ZIP (a v2 credential ZIP) unless --dry-run');
  const api = await connect();
  try {
    const auth = await authOf(api, opts.credentials);
    const outcomes = await perform(api, auth, plans);
    print(
      JSON.stringify(
        outcomes.map(({ calls, ...o }) => ({ ...o, calls: calls.map((c) => `${c.method} ${c.path}`) })),
        null,
        2,
      ),
    );
    return outcomes.every((o) => o.id !== undefined);
  } finally {
    await api.close();
  }
}
