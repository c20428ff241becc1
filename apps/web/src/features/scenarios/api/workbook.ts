import { type EconWorkbookExportRequest, ExportView } from '@econ/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson, http } from '../../../lib/http';

/* An econ run's workbook (`econWorkbookExport`, ours) through the BFF's export routes. */

/** How often a workbook being written is asked for its progress. */
export const WORKBOOK_POLL_MS = 1000;

/**
 * Starts writing a run's workbook without waiting for it (`Prefer: respond-async`): 202 with the
 * export as it starts; the panel polls it.
 */
export async function startWorkbook(p: {
  projectId: string;
  scenarioId: string;
  econRunId: string;
}): Promise<ExportView> {
  const body: EconWorkbookExportRequest = {
    exportType: 'econWorkbookExport',
    fileType: 'xlsx',
    ...p,
    expirationHours: 24,
  };
  const res = await http('/api/v1/exports', {
    method: 'POST',
    headers: { 'content-type': 'application/json', prefer: 'respond-async' },
    body: JSON.stringify(body),
  });
  return ExportView.parse(await res.json());
}

/** The workbook's export; polled while it is being written. */
export const workbookQuery = (id: string) =>
  queryOptions({
    queryKey: ['export', id],
    queryFn: () => getJson(`/api/v1/exports/${encodeURIComponent(id)}`, ExportView),
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'running' ? false : WORKBOOK_POLL_MS),
  });
