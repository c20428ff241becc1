import type { VaultCredential } from '@econ/contract';
import { useState } from 'react';
import type { Report } from '../../../components/Banner';
import {
  activateCredential,
  downloadZip,
  removeCredential,
  renameCredential,
  revokeCredential,
  useVaultMutation,
} from '../api/credentials';

/** One vault credential with its actions; revoking asks for confirmation inline. */
export function CredentialRow({ credential: c, report }: { credential: VaultCredential; report: Report }) {
  const [confirming, setConfirming] = useState(false);
  const done = (message: string) => ({ onSuccess: () => report.ok(message), onError: report.fail });
  const activate = useVaultMutation(activateCredential, done(`${c.principal} is now active`));
  const revoke = useVaultMutation(revokeCredential, done(`Revoked ${c.principal}`));
  const remove = useVaultMutation(removeCredential, done(`Removed ${c.principal} from the console`));
  const download = useVaultMutation(downloadZip, done(`Downloaded the ZIP of ${c.principal}; keep it safe.`));
  const [naming, setNaming] = useState<string | null>(null);
  const rename = useVaultMutation(renameCredential, {
    onSuccess: (r) => {
      setNaming(null);
      report.ok(`Renamed ${r.principal} to “${r.name}”`);
    },
    onError: report.fail,
  });
  const busy = activate.isPending || revoke.isPending || remove.isPending || rename.isPending;
  const run = (m: typeof activate) => {
    report.clear();
    m.mutate(c.id);
  };
  return (
    <tr>
      <td className="credential-name">
        {naming === null ? (
          <div className="row">
            <span>{c.name ?? <span className="muted">(no name)</span>}</span>
            <button
              type="button"
              className="link"
              aria-label={`Rename ${c.name ?? c.principal}`}
              onClick={() => setNaming(c.name ?? '')}
            >
              Rename
            </button>
          </div>
        ) : (
          <form
            className="row"
            onSubmit={(e) => {
              e.preventDefault();
              report.clear();
              rename.mutate({ id: c.id, name: naming });
            }}
          >
            <input
              aria-label={`New name of ${c.principal}`}
              value={naming}
              maxLength={100}
              onChange={(e) => setNaming(e.target.value)}
            />
            <button type="submit" disabled={busy || !naming.trim()}>
              Save name
            </button>
            <button type="button" onClick={() => setNaming(null)}>
              Cancel
            </button>
          </form>
        )}
      </td>
      <td>{c.version}</td>
      <td className="credential-principal">{c.principal}</td>
      <td>{new Date(c.createdAt).toLocaleString()}</td>
      <td>{c.lastUsedAt ? new Date(c.lastUsedAt).toLocaleString() : '—'}</td>
      <td>{c.source === 'api' ? 'Created here' : 'Uploaded'}</td>
      <td>{c.active && <span className="badge active">Active</span>}</td>
      <td>
        {confirming ? (
          <div className="confirm">
            <span>
              {c.upstreamId
                ? `Revoke ${c.principal} at the API? Tokens issued from it stop working at once, and it leaves the console.`
                : `${c.principal} was uploaded, so the console cannot revoke it at the API (revoke it in the web application). Remove it from the console?`}
            </span>
            <div className="row">
              <button type="button" className="danger" disabled={busy} onClick={() => run(revoke)}>
                Confirm revoke
              </button>
              <button type="button" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <div className="row">
            {c.zipAvailable && (
              <a
                className="button primary"
                href={`/bff/credentials/${encodeURIComponent(c.id)}/zip`}
                download
                onClick={(e) => {
                  e.preventDefault();
                  if (!download.isPending) run(download);
                }}
              >
                Download the ZIP (once)
              </a>
            )}
            {!c.active && (
              <button type="button" disabled={busy} onClick={() => run(activate)}>
                Make active
              </button>
            )}
            <button type="button" className="danger" disabled={busy} onClick={() => setConfirming(true)}>
              Revoke…
            </button>
            <button
              type="button"
              disabled={busy}
              title="Removes it from the console's vault only; it stays valid at the API"
              onClick={() => run(remove)}
            >
              Remove from console
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}
