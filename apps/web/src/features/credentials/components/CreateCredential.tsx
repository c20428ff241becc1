import type { CredentialVersion, VaultList } from '@econ/contract';
import { useState } from 'react';
import type { Report } from '../../../components/Banner';
import { useModal } from '../../../components/useModal';
import { createCredential, useVaultMutation } from '../api/credentials';

/**
 * "Create credential": v2 at once when the vault holds no v1 credential; otherwise a dialog chooses
 * v1 or v2 (v2 preselected). Disabled at the active-credential limit or when the BFF cannot reach
 * the API's admin routes.
 */
export function CreateCredential({ vault, report }: { vault: VaultList; report: Report }) {
  const [choosing, setChoosing] = useState(false);
  const [version, setVersion] = useState<CredentialVersion>('v2');
  const [name, setName] = useState('');
  const dialog = useModal(choosing);
  const create = useVaultMutation(createCredential);
  const atLimit = vault.activeCount >= vault.limit;
  const hasV1 = vault.credentials.some((c) => c.version === 'v1');
  const start = (v: CredentialVersion) => {
    setChoosing(false);
    report.clear();
    const trimmed = name.trim();
    create.mutate(trimmed ? { version: v, name: trimmed } : { version: v }, {
      onSuccess: (c) => {
        setName('');
        report.ok(
          `Created a ${c.version} credential${c.name ? ` “${c.name}”` : ''} (${c.principal}). Download its ZIP below: this is the only chance.`,
        );
      },
      onError: report.fail,
    });
  };
  const open = () => {
    if (!hasV1) return start('v2');
    setVersion('v2');
    setChoosing(true);
  };
  return (
    <div>
      <div className="credential-name-field">
        <label htmlFor="new-credential-name">Name of the new credential (optional)</label>
        <input
          id="new-credential-name"
          type="text"
          maxLength={100}
          value={name}
          placeholder="e.g. Reporting job"
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <button
        type="button"
        className="primary"
        disabled={atLimit || !vault.canCreateThroughApi || create.isPending || choosing}
        onClick={open}
      >
        {create.isPending ? 'Creating…' : 'Create credential'}
      </button>
      {atLimit && (
        <p className="muted">
          The limit of {vault.limit} active credentials is reached: revoke one before creating another.
        </p>
      )}
      {!vault.canCreateThroughApi && (
        <p className="muted">
          The console is not set up to create credentials at the API (API_ADMIN_TOKEN and API_COMPANY_ID). An admin can
          upload a credential ZIP instead.
        </p>
      )}
      {choosing && (
        <dialog
          ref={dialog}
          aria-labelledby="create-credential-title"
          className="inline-dialog"
          onCancel={(e) => {
            e.preventDefault();
            setChoosing(false);
          }}
        >
          <h2 id="create-credential-title">Create a credential</h2>
          <fieldset>
            <legend>Credential version</legend>
            <label className="choice">
              <input type="radio" name="version" checked={version === 'v2'} onChange={() => setVersion('v2')} />
              v2 (OAuth client credentials, current)
            </label>
            <label className="choice">
              <input type="radio" name="version" checked={version === 'v1'} onChange={() => setVersion('v1')} />
              v1 (legacy service account key)
            </label>
          </fieldset>
          <div className="row">
            <button type="button" className="primary" onClick={() => start(version)}>
              Create
            </button>
            <button type="button" onClick={() => setChoosing(false)}>
              Cancel
            </button>
          </div>
        </dialog>
      )}
    </div>
  );
}
