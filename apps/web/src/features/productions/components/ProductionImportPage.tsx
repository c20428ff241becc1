import type { ProductionResolution } from '@econ/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { projectWellsQuery } from '../api/productionImport';
import { type ColumnMapping, mappingProblems } from '../model/columns';
import { type CsvHead, type CsvSource, readHead } from '../model/csvRows';
import { guessSetup, retarget } from '../model/guess';
import { type ImportPlan, type ScanResult, scanFile } from '../model/importRun';
import { WellIndex } from '../model/wellIndex';
import { CheckResults } from './CheckResults';
import { ImportPanel } from './ImportPanel';
import { MappingPanel } from './MappingPanel';
import { SourcePicker } from './SourcePicker';
import './productionImport.css';

/** Rows read to guess the columns and daily/monthly. */
const SAMPLE_ROWS = 200;

interface Loaded {
  source: CsvSource;
  label: string;
  head: CsvHead;
  mapping: ColumnMapping;
  resolution: ProductionResolution;
}

type Check =
  | { state: 'running'; fraction: number }
  | { state: 'done'; plan: ImportPlan; scan: ScanResult; id: number }
  | { state: 'idle' };

/**
 * The production import (engineers and admins): a file or pasted rows → the guessed columns, which
 * the user corrects → a check of every row with the contract's rules → the import, a batch at a time.
 */
export function ProductionImportPage(props: { projectId: string }) {
  const { projectId } = props;
  const { data: wells } = useSuspenseQuery(projectWellsQuery(projectId));
  const index = useMemo(() => new WellIndex(wells), [wells]);
  const wellsById = useMemo(() => new Map(wells.map((w) => [w.id, w])), [wells]);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [error, setError] = useState<unknown>(null);
  const [importing, setImporting] = useState(false);
  const scanning = useRef<AbortController | null>(null);
  const scans = useRef(0);
  useEffect(() => () => scanning.current?.abort(), []);

  const problems = loaded ? mappingProblems(loaded.mapping, loaded.head.headers, loaded.resolution) : [];

  /** Checks the whole file with this reading (a check still running for an older one is dropped). */
  const rescan = async (next: Loaded) => {
    scanning.current?.abort();
    setLoaded(next);
    setError(null);
    if (mappingProblems(next.mapping, next.head.headers, next.resolution).length > 0) {
      setCheck({ state: 'idle' });
      return;
    }
    const ctl = new AbortController();
    scanning.current = ctl;
    const plan: ImportPlan = {
      source: next.source,
      delimiter: next.head.delimiter,
      headers: next.head.headers,
      mapping: next.mapping,
      resolution: next.resolution,
      wells: index,
    };
    setCheck({ state: 'running', fraction: 0 });
    try {
      const scan = await scanFile(plan, {
        signal: ctl.signal,
        onProgress: (fraction) => setCheck({ state: 'running', fraction }),
      });
      if (!ctl.signal.aborted) setCheck({ state: 'done', plan, scan, id: ++scans.current });
    } catch (e) {
      if (ctl.signal.aborted) return;
      setCheck({ state: 'idle' });
      setError(e);
    }
  };

  const onSource = async (source: CsvSource, label: string) => {
    scanning.current?.abort();
    setCheck({ state: 'idle' });
    try {
      const head = await readHead(source, SAMPLE_ROWS);
      await rescan({ source, label, head, ...guessSetup(head.headers, head.rows) });
    } catch (e) {
      setLoaded(null);
      setError(e);
    }
  };
  const cancelCheck = () => {
    scanning.current?.abort();
    setCheck({ state: 'idle' });
  };

  return (
    <>
      <SourcePicker onSource={onSource} disabled={importing} />
      <ErrorBanner error={error} />
      {loaded && (
        <>
          <p className="muted">
            {`Reading ${loaded.label}: ${loaded.head.headers.length} columns, separated by ${loaded.head.delimiter === '\t' ? 'tabs' : `"${loaded.head.delimiter}"`}. The project has ${wells.length} wells.`}
          </p>
          <MappingPanel
            headers={loaded.head.headers}
            sample={loaded.head.rows[0]}
            mapping={loaded.mapping}
            resolution={loaded.resolution}
            problems={problems}
            disabled={importing}
            onMapping={(mapping) => rescan({ ...loaded, mapping })}
            onResolution={(resolution) =>
              rescan({ ...loaded, resolution, mapping: retarget(loaded.mapping, loaded.head.headers, resolution) })
            }
          />
        </>
      )}
      {check.state === 'running' && (
        <section className="panel">
          <div className="imp-progress" role="status" aria-label="Check progress">
            <progress max={1} value={check.fraction} aria-label="Rows checked" />
            <span>Checking every row…</span>
            <button type="button" onClick={cancelCheck}>
              Cancel
            </button>
          </div>
        </section>
      )}
      {check.state === 'done' && loaded && (
        <>
          <CheckResults scan={check.scan} plan={check.plan} wellsById={wellsById} />
          <ImportPanel
            key={check.id}
            projectId={projectId}
            plan={check.plan}
            scan={check.scan}
            onRunning={setImporting}
          />
        </>
      )}
    </>
  );
}
