import { type VaultCreateInput, VaultCredential, VaultList } from '@econ/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson, http, sendJson } from '../../../lib/http';
import { type MutationCallbacks, useListMutation } from '../../../lib/listMutation';
import { saveFile } from '../../../lib/saveFile';

/** The vault: metadata of the stored credentials, the active-credential limit and what the BFF can do. */
export const vaultQuery = queryOptions({
  queryKey: ['credentials'],
  queryFn: () => getJson('/bff/credentials', VaultList),
});

const path = (id: string) => `/bff/credentials/${encodeURIComponent(id)}`;

/** Creates a credential at the API; the BFF installs it in the vault and keeps its ZIP for one download. */
export async function createCredential(input: VaultCreateInput): Promise<VaultCredential> {
  return VaultCredential.parse(await (await sendJson('/bff/credentials', 'POST', input)).json());
}

/** Renames a vault credential (the name is the console's; the API does not hold one). */
export async function renameCredential(input: { id: string; name: string }): Promise<VaultCredential> {
  return VaultCredential.parse(await (await sendJson(path(input.id), 'PATCH', { name: input.name })).json());
}

/** Uploads a credential ZIP (its bytes, as application/zip) into the vault, with a name if given. */
export async function uploadCredential({ file, name }: { file: File; name?: string }): Promise<VaultCredential> {
  const query = name ? `?${new URLSearchParams({ name })}` : '';
  const res = await http(`/bff/credentials/upload${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/zip' },
    body: await file.arrayBuffer(),
  });
  return VaultCredential.parse(await res.json());
}

export async function activateCredential(id: string): Promise<void> {
  await sendJson(`${path(id)}/activate`, 'POST');
}

/** Revokes at the API (when the console created it there) and removes it from the vault. */
export async function revokeCredential(id: string): Promise<void> {
  await sendJson(`${path(id)}/revoke`, 'POST');
}

/** Removes from the vault only; the credential stays valid at the API. */
export async function removeCredential(id: string): Promise<void> {
  await sendJson(path(id), 'DELETE');
}

/** Takes the one-time ZIP of a credential and hands it to the browser as a download. */
export async function downloadZip(id: string): Promise<void> {
  const res = await http(`${path(id)}/zip`);
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'api-credentials.zip';
  saveFile(blob, name);
}

/** A change to the vault list; the list is fetched again after it. */
export const useVaultMutation = <V, R>(mutationFn: (v: V) => Promise<R>, callbacks?: MutationCallbacks<V, R>) =>
  useListMutation(vaultQuery.queryKey, mutationFn, callbacks);
