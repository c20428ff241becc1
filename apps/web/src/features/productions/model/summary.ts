/** The API's answer for one record of a production write (207, in order). */
export interface RecordResult {
  status: string;
  code: number;
  well?: string;
  date?: string;
  errors?: { name: string; message: string; location?: string }[];
}

/** A record the server refused: its file row, the status and the server's reasons. */
export interface Refusal {
  row: number;
  code: number;
  messages: string[];
}

/** How an import went, so far or in the end. */
export interface ImportSummary {
  /** data rows read from the file (empty rows included) */
  rowsRead: number;
  /** rows left out before sending: no cell filled */
  empty: number;
  /** rows left out before sending: bad (listed by the check) */
  bad: number;
  /** records sent to the server */
  sent: number;
  created: number;
  updated: number;
  /** add only (POST): records whose (well, date) was already stored (409), left as they were */
  existing: number;
  refused: number;
  /** the first REFUSALS_KEPT refusals, by row */
  refusals: Refusal[];
}

/** Refusals listed at most; the rest are counted. */
export const REFUSALS_KEPT = 1_000;

export const emptySummary = (): ImportSummary => ({
  rowsRead: 0,
  empty: 0,
  bad: 0,
  sent: 0,
  created: 0,
  updated: 0,
  existing: 0,
  refused: 0,
  refusals: [],
});

/**
 * Counts one batch's answers into the summary (in place): 201 created, 200 updated (add or
 * replace), 409 under add only "already stored", anything else refused with the server's messages.
 * A batch answered with another number of results than it sent is a server fault: thrown.
 */
export function countResults(
  summary: ImportSummary,
  rows: readonly number[],
  results: readonly RecordResult[],
  mode: 'add' | 'replace',
): void {
  if (results.length !== rows.length) {
    throw new Error(`The server answered ${results.length} results for ${rows.length} records: the import stopped.`);
  }
  summary.sent += rows.length;
  results.forEach((r, i) => {
    if (r.code === 201) summary.created++;
    else if (r.code === 200) summary.updated++;
    else if (r.code === 409 && mode === 'add') summary.existing++;
    else {
      summary.refused++;
      if (summary.refusals.length < REFUSALS_KEPT) {
        const messages = (r.errors ?? []).map((e) => e.message);
        summary.refusals.push({ row: rows[i]!, code: r.code, messages: messages.length > 0 ? messages : [r.status] });
      }
    }
  });
}
