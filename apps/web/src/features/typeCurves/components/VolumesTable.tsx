import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { formatVolume } from '../../forecasts/model/computed';
import { volumesQuery } from '../api/typeCurves';
import { volumeColumns } from '../model/volumes';

const TAKE = 25;
const UNIT = { oil: 'BBL', gas: 'MCF', water: 'BBL' } as const;

/**
 * The stored fits' volumes (`GET /{id}/volumes`), daily or monthly, a page at a time. The route
 * gives a `Link` header but no count, so the pager knows only whether there is a next page.
 */
export function VolumesTable({ projectId, typeCurveId }: { projectId: string; typeCurveId: string }) {
  const [resolution, setResolution] = useState<'daily' | 'monthly'>('monthly');
  const [skip, setSkip] = useState(0);
  const { data, error, isFetching } = useQuery(volumesQuery(projectId, typeCurveId, { resolution, skip, take: TAKE }));
  const rows = data?.rows ?? [];
  const columns = volumeColumns(rows);
  return (
    <section className="panel tc-volumes" aria-labelledby="tc-volumes-title">
      <div className="row spread">
        <h2 id="tc-volumes-title">Volumes</h2>
        <div className="row">
          <label htmlFor="tc-volumes-resolution">Volumes resolution</label>
          <select
            id="tc-volumes-resolution"
            value={resolution}
            onChange={(e) => {
              setResolution(e.target.value as 'daily' | 'monthly');
              setSkip(0);
            }}
          >
            <option value="monthly">Monthly</option>
            <option value="daily">Daily</option>
          </select>
        </div>
      </div>
      <p className="muted">From the saved fits (save the fits to see edits here).</p>
      <ErrorBanner error={error} />
      {rows.length === 0 ? (
        <p className="muted">{isFetching ? 'Loading…' : 'No volumes: the type curve has no saved fits.'}</p>
      ) : (
        <table aria-label="Type curve volumes">
          <thead>
            <tr>
              <th>Date</th>
              {columns.map((c) => (
                <th key={`${c.phase}/${c.series}`} className="num">
                  {c.phase} {c.series} ({UNIT[c.phase]})
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.date}>
                <td>{r.date}</td>
                {columns.map((c) => {
                  const v = r[c.phase]?.[c.series];
                  return (
                    <td key={`${c.phase}/${c.series}`} className="num">
                      {v === undefined ? '' : formatVolume(v)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="pager">
        <button type="button" disabled={skip === 0} onClick={() => setSkip(Math.max(0, skip - TAKE))}>
          Previous
        </button>
        <span className="muted">{rows.length ? `rows ${skip + 1}–${skip + rows.length}` : ''}</span>
        <button type="button" disabled={!data?.hasNext} onClick={() => setSkip(skip + TAKE)}>
          Next
        </button>
      </div>
    </section>
  );
}
