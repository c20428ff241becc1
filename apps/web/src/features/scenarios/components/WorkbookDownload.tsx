import type { EconRun } from '@econ/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleLink } from '../../../lib/exportLinks';
import { startWorkbook, workbookQuery } from '../api/workbook';

/**
 * "Workbook (.xlsx)" on the run panel (writers, complete runs): asks the API for the run's workbook
 * (an export of type `econWorkbookExport`), shows its progress, then the link that downloads it
 * through the console. The export page lists it among the session's exports too.
 */
export function WorkbookDownload(props: { projectId: string; scenarioId: string; run: EconRun }) {
  const { projectId, scenarioId, run } = props;
  const [exportId, setExportId] = useState<string>();
  const start = useMutation({
    mutationFn: () => startWorkbook({ projectId, scenarioId, econRunId: run.id }),
    onSuccess: (view) => setExportId(view.id),
  });
  const view = useQuery({ ...workbookQuery(exportId ?? ''), enabled: exportId !== undefined });
  const current = view.data;
  const file = current?.status === 'complete' ? current.files[0] : undefined;
  const busy = start.isPending || current?.status === 'running';
  return (
    <fieldset className="row run-workbook" aria-label="Run workbook">
      <button type="button" onClick={() => start.mutate()} disabled={busy}>
        {busy ? 'Writing the workbook…' : 'Workbook (.xlsx)'}
      </button>
      {current?.status === 'running' && (
        <span className="muted" role="status">{`${current.rowsWritten.toLocaleString('en-US')} rows written`}</span>
      )}
      {file?.url && (
        <a className="button primary" href={consoleLink(file.url)} download={file.name}>
          {`Download ${file.name}`}
        </a>
      )}
      {(start.isError || current?.status === 'failed' || current?.status === 'expired') && (
        <span className="banner error" role="alert">
          {start.error instanceof Error
            ? `The workbook could not be started: ${start.error.message}`
            : (current?.error ?? `The workbook's export is ${current?.status}`)}
        </span>
      )}
    </fieldset>
  );
}
