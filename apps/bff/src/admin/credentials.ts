import {
  type ApiOnlyCredential,
  CredentialName,
  MAX_ACTIVE_CREDENTIALS,
  VaultCreateInput,
  VaultRenameInput,
} from '@econ/contract';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { BffDeps, BffEnv } from '../appEnv';
import { BffError, idParam, parseBody, readJson } from '../errors';
import { CredentialZipError, parseCredentialZip } from '../vault/credentialZip';
import {
  activate,
  installCredential,
  listVault,
  removeFromVault,
  renameCredential,
  takeZip,
  type VaultCredentialView,
} from '../vault/vault';

const MAX_ZIP_BYTES = 1024 * 1024;

/** Calls our own API's admin routes (only when API_ADMIN_TOKEN is configured). */
async function apiAdmin(deps: BffDeps, path: string, init: RequestInit = {}): Promise<Response> {
  if (!deps.config.apiAdminToken) {
    throw new BffError(
      409,
      'NotAvailable',
      'Creating or revoking credentials at the API needs API_ADMIN_TOKEN; upload a ZIP instead',
    );
  }
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${deps.config.apiAdminToken}`);
  // The whole answer (a small JSON) is read within the time allowed.
  return callApi(deps, path, async (signal) => {
    const res = await deps.fetch(`${deps.config.apiBaseUrl}${path}`, { ...init, headers, signal });
    return new Response(await res.arrayBuffer(), { status: res.status, headers: res.headers });
  });
}

/**
 * One call to the API, given API_TIMEOUT_SECONDS in all (a frozen API must not hold the admin's
 * request for ever, nor the vault's work behind it): 504 when it takes longer, 502 when the API
 * cannot be reached.
 */
async function callApi<T>(deps: BffDeps, path: string, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = AbortSignal.timeout(deps.config.apiTimeoutMs);
  try {
    return await call(signal);
  } catch (e) {
    if (e instanceof BffError) throw e;
    if (signal.aborted) {
      throw new BffError(
        504,
        'UpstreamTimeout',
        `The API at ${deps.config.apiBaseUrl} did not answer ${path.split('?')[0]} within ${deps.config.apiTimeoutMs / 1000} s`,
      );
    }
    throw new BffError(502, 'UpstreamUnavailable', `The API at ${deps.config.apiBaseUrl} cannot be reached`);
  }
}

async function upstreamError(res: Response, what: string): Promise<BffError> {
  const body = (await res.json().catch(() => ({}))) as { message?: string };
  const status = res.status === 409 || res.status === 404 || res.status === 400 ? res.status : 502;
  return new BffError(
    status,
    status === 409 ? 'Conflict' : 'UpstreamError',
    `${what}: ${body.message ?? `the API answered ${res.status}`}`,
  );
}

/** What the console reads of the API's credential list (checked: it comes over the network). */
const UpstreamCredential = z.object({
  id: z.string(),
  version: z.enum(['v1', 'v2']),
  status: z.string(),
  clientId: z.string().optional(),
  clientEmail: z.string().optional(),
  createdAt: z.string(),
});

/**
 * The company's active credentials at the API (when we can ask it), matched with the vault: by the
 * id the console created it under, or by its principal (v2 clientId, v1 client_email). Null when
 * the API cannot be asked.
 */
async function atApi(
  deps: BffDeps,
  vault: readonly VaultCredentialView[],
): Promise<{ activeCount: number; inVault: number; notInVault: ApiOnlyCredential[] } | null> {
  if (!deps.config.apiAdminToken || !deps.config.apiCompanyId) return null;
  try {
    const res = await apiAdmin(deps, `/admin/credentials?companyId=${encodeURIComponent(deps.config.apiCompanyId)}`);
    if (!res.ok) return null;
    const list = z.array(UpstreamCredential).safeParse(await res.json());
    if (!list.success) return null;
    const active = list.data.filter((c) => c.status === 'active');
    const inVault = (c: z.infer<typeof UpstreamCredential>) =>
      vault.some((v) => v.upstreamId === c.id || v.principal === (c.clientId ?? c.clientEmail));
    return {
      activeCount: active.length,
      inVault: active.filter(inVault).length,
      notInVault: active
        .filter((c) => !inVault(c))
        .map((c) => ({
          id: c.id,
          version: c.version,
          principal: c.clientId ?? c.clientEmail ?? '',
          createdAt: c.createdAt,
        })),
    };
  } catch {
    return null;
  }
}

/** The name given with an upload (`?name=`), checked like a created credential's. */
const UploadQuery = z.object({ name: CredentialName.optional() });

/** What the console needs of the API's `CredentialCreated` answer (checked: it comes over the network). */
const CreatedAnswer = z.object({
  credential: z.object({ id: z.string() }),
  download: z.object({ url: z.url(), expiresAt: z.string() }),
});

/** The credential vault for admins: the browser only ever sees metadata. */
export function registerCredentialRoutes(app: Hono<BffEnv>): void {
  app.get('/bff/credentials', async (c) => {
    const deps = c.get('deps');
    const credentials = await listVault(deps);
    const upstream = await atApi(deps, credentials);
    return c.json({
      credentials,
      limit: MAX_ACTIVE_CREDENTIALS,
      activeCount: upstream?.activeCount ?? credentials.length,
      canCreateThroughApi: !!deps.config.apiAdminToken && !!deps.config.apiCompanyId,
      atApi: upstream && { inVault: upstream.inVault, notInVault: upstream.notInVault },
    });
  });

  app.post('/bff/credentials/upload', async (c) => {
    const deps = c.get('deps');
    const { name } = parseBody(UploadQuery, c.req.query());
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/(zip|x-zip-compressed|octet-stream)/i.test(type)) {
      throw new BffError(415, 'UnsupportedMediaType', 'Upload the credential ZIP as application/zip');
    }
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length > MAX_ZIP_BYTES)
      throw new BffError(413, 'PayloadTooLarge', 'A credential ZIP is a few kilobytes; this file is over 1 MB');
    let parsed: ReturnType<typeof parseCredentialZip>;
    try {
      parsed = parseCredentialZip(bytes);
    } catch (e) {
      if (e instanceof CredentialZipError) {
        throw new BffError(
          400,
          'InvalidCredentialZip',
          e.message,
          e.problems.map((p) => ({ field: 'file', rule: 'credential ZIP', message: p })),
        );
      }
      throw e;
    }
    return c.json(await installCredential(deps, parsed, { source: 'upload', ...(name ? { name } : {}) }), 201);
  });

  app.post('/bff/credentials', async (c) => {
    const deps = c.get('deps');
    const { version, name } = parseBody(VaultCreateInput, await readJson(c));
    if (!deps.config.apiCompanyId) {
      throw new BffError(
        409,
        'NotAvailable',
        'Creating credentials at the API needs API_COMPANY_ID; upload a ZIP instead',
      );
    }
    const res = await apiAdmin(deps, '/admin/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ companyId: deps.config.apiCompanyId, version }),
    });
    if (!res.ok) throw await upstreamError(res, 'The API did not create the credential');
    const answer = CreatedAnswer.safeParse(await res.json().catch(() => undefined));
    if (!answer.success) {
      throw new BffError(502, 'UpstreamError', `The API answered ${res.status} without the created credential`);
    }
    const created = answer.data;
    // Once created at the API, a credential that cannot go into the vault is revoked there (best
    // effort): nobody could use it, and it would count against the company's active credentials.
    const abandon = async (error: BffError): Promise<never> => {
      await apiAdmin(deps, `/admin/credentials/${encodeURIComponent(created.credential.id)}/revoke`, { method: 'POST' })
        .then((r) => r.body?.cancel())
        .catch(() => undefined);
      throw error;
    };
    // The one-time download goes straight into the vault.
    const link = new URL(created.download.url);
    let zip: Uint8Array;
    try {
      zip = await callApi(deps, '/downloads/…', async (signal) => {
        const zipRes = await deps.fetch(`${deps.config.apiBaseUrl}${link.pathname}`, { signal });
        if (!zipRes.ok) throw await upstreamError(zipRes, 'The credential ZIP could not be downloaded');
        return new Uint8Array(await zipRes.arrayBuffer());
      });
    } catch (e) {
      if (e instanceof BffError) return abandon(e);
      throw e;
    }
    let parsed: ReturnType<typeof parseCredentialZip>;
    try {
      parsed = parseCredentialZip(zip);
    } catch (e) {
      if (!(e instanceof CredentialZipError)) throw e;
      return abandon(new BffError(502, 'UpstreamError', `The API's credential ZIP cannot be used: ${e.message}`));
    }
    const view = await installCredential(deps, parsed, {
      source: 'api',
      ...(name ? { name } : {}),
      upstreamId: created.credential.id,
      zip,
      zipExpiresAt: new Date(created.download.expiresAt),
    });
    return c.json(view, 201);
  });

  app.get('/bff/credentials/:id/zip', async (c) => {
    const zip = await takeZip(c.get('deps'), idParam(c, 'credential'));
    return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/zip',
      'content-disposition': 'attachment; filename="api-credentials.zip"',
      'cache-control': 'no-store',
    });
  });

  app.patch('/bff/credentials/:id', async (c) => {
    const { name } = parseBody(VaultRenameInput, await readJson(c));
    return c.json(await renameCredential(c.get('deps'), idParam(c, 'credential'), name));
  });

  app.post('/bff/credentials/:id/activate', async (c) =>
    c.json(await activate(c.get('deps'), idParam(c, 'credential'))),
  );

  /** Revokes at the API (when the console created it there) and removes it from the vault. */
  app.post('/bff/credentials/:id/revoke', async (c) => {
    const deps = c.get('deps');
    const id = idParam(c, 'credential');
    const current = (await listVault(deps)).find((v) => v.id === id);
    if (!current) throw new BffError(404, 'NotFound', `No credential with id ${id} in the vault`);
    if (current.upstreamId) {
      const res = await apiAdmin(deps, `/admin/credentials/${current.upstreamId}/revoke`, { method: 'POST' });
      if (!res.ok) throw await upstreamError(res, 'The API did not revoke the credential');
    }
    await removeFromVault(deps, id);
    deps.tokens.invalidate(id);
    return c.body(null, 204);
  });

  app.delete('/bff/credentials/:id', async (c) => {
    const deps = c.get('deps');
    const id = idParam(c, 'credential');
    await removeFromVault(deps, id);
    deps.tokens.invalidate(id);
    return c.body(null, 204);
  });
}
