import type { VaultCredential } from '@econ/contract';
import type { Report } from '../../../components/Banner';
import { CredentialRow } from './CredentialRow';
import './credentials.css';

/** The vault's credentials; a warning stands above them while a one-time ZIP waits to be downloaded. */
export function CredentialTable({ credentials, report }: { credentials: VaultCredential[]; report: Report }) {
  if (credentials.length === 0) {
    return <p className="muted">No credentials in the vault yet: create one or upload a credential ZIP.</p>;
  }
  return (
    <>
      {credentials.some((c) => c.zipAvailable) && (
        <div className="banner warn" role="note">
          The ZIP of a credential created here can be downloaded only once, within an hour of its creation. Its secret
          cannot be recovered afterwards: a lost ZIP means revoke and create again.
        </div>
      )}
      <div className="credentials-scroll">
        <table aria-label="Vault credentials" className="credentials-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Version</th>
              <th>Principal</th>
              <th>Created</th>
              <th>
                <abbr title="When this console last called the API with it. The API does not record a credential's use, so uses by other clients are not seen; — : not used by this console yet.">
                  Last used here
                </abbr>
              </th>
              <th>Source</th>
              <th>Status</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {credentials.map((c) => (
              <CredentialRow key={c.id} credential={c} report={report} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
