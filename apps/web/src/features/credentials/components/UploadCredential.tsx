import { type FormEvent, useState } from 'react';
import type { Report } from '../../../components/Banner';
import { uploadCredential, useVaultMutation } from '../api/credentials';

/** Puts a credential ZIP downloaded from the web application into the vault. */
export function UploadCredential({ report }: { report: Report }) {
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [name, setName] = useState('');
  const upload = useVaultMutation(uploadCredential);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    report.clear();
    const trimmed = name.trim();
    upload.mutate(trimmed ? { file, name: trimmed } : { file }, {
      onSuccess: (c) => {
        report.ok(`Uploaded a ${c.version} credential${c.name ? ` “${c.name}”` : ''} (${c.principal})`);
        setFile(null);
        setName('');
        setInputKey((k) => k + 1);
      },
      onError: report.fail,
    });
  };
  return (
    <form className="panel" onSubmit={submit} aria-labelledby="upload-credential-title">
      <h2 id="upload-credential-title">Upload a credential ZIP</h2>
      <p className="muted">
        The ZIP downloaded from the web application (API and sync page): api-credentials.json and api-key.txt for v2,
        api-service-account-key.json and api-key.txt for v1.
      </p>
      <div className="credential-name-field">
        <label htmlFor="upload-credential-name">Name (optional)</label>
        <input
          id="upload-credential-name"
          type="text"
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <label htmlFor="credential-zip">ZIP file</label>
      <div className="row">
        <input
          key={inputKey}
          id="credential-zip"
          type="file"
          accept=".zip,application/zip"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <button type="submit" disabled={!file || upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Upload'}
        </button>
      </div>
    </form>
  );
}
