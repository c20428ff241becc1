import Papa from 'papaparse';
import { dataRows } from './csvRows';
import type { ImportPlan } from './importRun';
import { RowChecker } from './rowChecker';

/**
 * Every bad row's reasons as CSV (`row,column,value,rule,reason`), for files with more than the
 * page lists: the file is read again with the same checker, and only the report's text is kept.
 */
export async function issueReport(plan: ImportPlan, signal?: AbortSignal): Promise<string> {
  const checker = new RowChecker(plan.headers, plan.mapping, plan.resolution, plan.wells);
  const lines = [Papa.unparse([['row', 'column', 'value', 'rule', 'reason']])];
  for await (const chunk of dataRows(plan.source, plan.delimiter, plan.chunkSize)) {
    signal?.throwIfAborted();
    const found: (string | number)[][] = [];
    chunk.rows.forEach((cells, i) => {
      const r = checker.check(cells, chunk.firstRow + i);
      if (r.kind === 'bad') for (const x of r.issues) found.push([x.row, x.column, x.value, x.rule, x.message]);
    });
    if (found.length > 0) lines.push(Papa.unparse(found));
  }
  return `${lines.join('\r\n')}\r\n`;
}
