import { useState } from 'react';
import { saveFile } from '../../../lib/saveFile';
import { TEXT_FIELDS } from '../model/columns';
import { type ImportPlan, ISSUES_KEPT, type ScanResult } from '../model/importRun';
import { issueReport } from '../model/issueReport';
import type { IndexedWell } from '../model/wellIndex';
import { CountList } from './CountList';

const ISSUES_SHOWN = 100;
const n = (v: number) => v.toLocaleString('en-US');

/** The check of the whole file: counts, the first rows as the records to send, and every bad row's reasons. */
export function CheckResults(props: { scan: ScanResult; plan: ImportPlan; wellsById: Map<string, IndexedWell> }) {
  const { scan, plan, wellsById } = props;
  const { mapping } = plan;
  const [all, setAll] = useState(false);
  const [report, setReport] = useState<{ busy: boolean; error?: string }>({ busy: false });
  /** Every reason as a CSV file, made by reading the file again (the page keeps the first ones only). */
  const download = async () => {
    setReport({ busy: true });
    try {
      saveFile(new Blob([await issueReport(plan)], { type: 'text/csv' }), 'bad-rows.csv');
      setReport({ busy: false });
    } catch (e) {
      setReport({
        busy: false,
        error: `The list of bad rows could not be made: ${e instanceof Error ? e.message : String(e)}`,
      });
    }
  };
  const fields = mapping.targets.filter((t) => t !== 'ignore' && t !== 'well' && t !== 'date');
  const issues = all ? scan.issues : scan.issues.slice(0, ISSUES_SHOWN);
  return (
    <section className="panel" aria-labelledby="imp-check-title">
      <h2 id="imp-check-title">Check</h2>
      <CountList
        label="Rows checked"
        counts={[
          { value: scan.rows, label: 'rows with data' },
          { value: scan.records, label: 'records to import' },
          { value: scan.badRows, label: 'bad rows (left out)', bad: true },
        ]}
      />
      {scan.preview.length > 0 && (
        <>
          <h3>First records</h3>
          <div className="imp-scroll">
            <table aria-label="First records">
              <thead>
                <tr>
                  <th>Row</th>
                  <th>Well</th>
                  <th>Date</th>
                  {fields.map((f) => (
                    <th key={f} className={TEXT_FIELDS.has(f) ? undefined : 'num'}>
                      {f}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {scan.preview.map(({ row, record }) => {
                  const values = record as Record<string, unknown>;
                  return (
                    <tr key={row}>
                      <td>{row}</td>
                      <td>{(record.well && wellsById.get(record.well)?.wellName) ?? record.well}</td>
                      <td>{record.date}</td>
                      {fields.map((f) => (
                        <td key={f} className={typeof values[f] === 'number' ? 'num' : undefined}>
                          {values[f] === null || values[f] === undefined ? '' : String(values[f])}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
      {scan.issues.length > 0 && (
        <>
          <h3>Bad rows</h3>
          <div className="imp-scroll">
            <table aria-label="Bad rows">
              <thead>
                <tr>
                  <th>Row</th>
                  <th>Column</th>
                  <th>Value</th>
                  <th>Rule</th>
                  <th>Reason</th>
                </tr>
              </thead>
              <tbody>
                {issues.map((i, k) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row may have two reasons in one column
                  <tr key={k}>
                    <td>{i.row}</td>
                    <td>{i.column}</td>
                    <td className="value">{i.value === '' ? <span className="muted">(empty)</span> : i.value}</td>
                    <td className="rule">{i.rule}</td>
                    <td>{i.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="muted">
            {scan.issues.length > ISSUES_SHOWN && !all && (
              <button type="button" onClick={() => setAll(true)}>
                Show all {n(scan.issues.length)} reasons
              </button>
            )}{' '}
            {scan.issues.length >= ISSUES_KEPT &&
              `The first ${n(ISSUES_KEPT)} reasons are listed; fix these and check again.`}{' '}
            Bad rows are left out of the import; the other rows can be imported now.{' '}
            <button type="button" onClick={download} disabled={report.busy}>
              {report.busy ? 'Preparing…' : 'Download all reasons (CSV)'}
            </button>
          </p>
          {report.error && (
            <div className="banner error" role="alert">
              {report.error}
            </div>
          )}
        </>
      )}
    </section>
  );
}
