import type { ExportView } from '@econ/contract';
import { useState } from 'react';
import { formatBytes, formatCountdown, formatProgress, msUntil } from '../model/format';
import type { ListedExport } from '../model/listed';
import { consoleLink, displayState, exportTypeLabel, previewable } from '../model/state';
import { useNow } from './Clock';
import { FilePreview } from './FilePreview';

const STATE_TEXT = { running: 'Running', failed: 'Failed', valid: 'Complete', expired: 'Expired' } as const;

/**
 * The chosen export: its progress while it runs (the API's rows written and files done), then its
 * files with size, the links' live expiry countdown, a download link and a preview of each.
 */
export function ExportStatusPanel({ entry }: { entry: ListedExport }) {
  const now = useNow();
  const state = displayState(entry, now);
  const [preview, setPreview] = useState<string | null>(null);
  const left = msUntil(entry.expiresAt, now);
  return (
    <section className="panel" aria-labelledby="export-status-title">
      <h2 id="export-status-title">{`${exportTypeLabel(entry.exportType)} · ${entry.sourceName}`}</h2>
      <p className="muted">{`${entry.projectName} · export ${entry.id} · started ${new Date(entry.createdAt).toLocaleString()}`}</p>
      <div className="row" role="status" aria-label="Export progress">
        <span
          className={`badge ${state === 'valid' ? 'active' : state === 'failed' ? 'error' : state === 'expired' ? 'warn' : ''}`}
        >
          {STATE_TEXT[state]}
        </span>
        <span>{formatProgress(entry)}</span>
        {state === 'running' && <progress aria-label="Generating files" />}
      </div>
      {state === 'failed' && (
        <div className="banner error" role="alert">
          {entry.error ?? 'The export failed'}
        </div>
      )}
      {state === 'valid' && (
        <p>
          Links expire in <strong className="countdown">{formatCountdown(left)}</strong>
          <span className="muted">{` (at ${new Date(entry.expiresAt).toLocaleString()})`}</span>
        </p>
      )}
      {state === 'expired' && (
        <p className="muted">{`The links expired at ${new Date(entry.expiresAt).toLocaleString()}; the files are deleted.`}</p>
      )}
      {entry.status === 'complete' && (
        <FileTable
          files={entry.files}
          usable={state === 'valid'}
          expiresIn={formatCountdown(left)}
          preview={preview}
          onPreview={(url) => setPreview((p) => (p === url ? null : url))}
        />
      )}
      {state === 'valid' && preview && (
        <FilePreview
          url={preview}
          name={entry.files.find((f) => f.url && consoleLink(f.url) === preview)?.name ?? ''}
          bytes={entry.files.find((f) => f.url && consoleLink(f.url) === preview)?.bytes}
        />
      )}
    </section>
  );
}

function FileTable(props: {
  files: ExportView['files'];
  usable: boolean;
  expiresIn: string;
  preview: string | null;
  onPreview: (url: string) => void;
}) {
  if (props.files.length === 0) return <p className="muted">No rows to export: no files were written.</p>;
  return (
    <table aria-label="Files">
      <thead>
        <tr>
          <th>File</th>
          <th>Rows</th>
          <th>Size</th>
          <th>Expires in</th>
          <th>
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.files.map((f) => {
          const link = props.usable && f.url ? consoleLink(f.url) : null;
          return (
            <tr key={f.name}>
              <td>{f.name}</td>
              <td className="nowrap">{f.rows.toLocaleString('en-US')}</td>
              <td className="nowrap">{formatBytes(f.bytes)}</td>
              <td className="nowrap">{props.expiresIn}</td>
              <td className="nowrap">
                {link ? (
                  <>
                    <a className="button" href={link} download={f.name} aria-label={`Download ${f.name}`}>
                      Download
                    </a>{' '}
                    {previewable(f.name) && (
                      <button
                        type="button"
                        aria-pressed={props.preview === link}
                        aria-label={`Preview ${f.name}`}
                        onClick={() => props.onPreview(link)}
                      >
                        Preview
                      </button>
                    )}
                  </>
                ) : (
                  <span className="muted">link expired</span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
