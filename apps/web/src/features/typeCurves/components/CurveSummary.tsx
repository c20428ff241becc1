import { useSuspenseQuery } from '@tanstack/react-query';
import { fitsQuery, normalizationQuery, typeCurveWellsQuery } from '../api/typeCurves';
import { curveSummary } from '../model/curveSummary';
import type { TcTab } from '../model/workspaceTabs';

/**
 * What the type curve holds, on its curve tab: its wells and, per phase, its fit and normalization
 * in words, each with a way to the tab that edits it.
 */
export function CurveSummary(props: { projectId: string; typeCurveId: string; onTab: (tab: TcTab) => void }) {
  const { projectId, typeCurveId, onTab } = props;
  const { data: fits } = useSuspenseQuery(fitsQuery(projectId, typeCurveId));
  const { data: normalization } = useSuspenseQuery(normalizationQuery(projectId, typeCurveId));
  const { data: wells } = useSuspenseQuery(typeCurveWellsQuery(projectId, typeCurveId));
  const excluded = wells.filter((w) => w.excluded).length;
  const rows = curveSummary(fits, normalization);
  return (
    <section className="panel" aria-labelledby="tc-summary-title">
      <h2 id="tc-summary-title">Summary</h2>
      <p>
        {wells.length} well{wells.length === 1 ? '' : 's'}
        {excluded ? `, ${excluded} excluded from the fit` : ''}.{' '}
        <button type="button" className="link" onClick={() => onTab('wells')}>
          Open the wells
        </button>
      </p>
      <table className="tc-summary" aria-label="Type curve by phase">
        <thead>
          <tr>
            <th>Phase</th>
            <th>Fit</th>
            <th>Normalization</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.phase}>
              <th scope="row">{r.phase}</th>
              <td>{r.fit}</td>
              <td>{r.normalization}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="tc-section-links">
        <button type="button" className="link" onClick={() => onTab('fits')}>
          Open the fits
        </button>
        <button type="button" className="link" onClick={() => onTab('normalization')}>
          Open the normalization
        </button>
        <button type="button" className="link" onClick={() => onTab('volumes')}>
          Open the volumes
        </button>
      </p>
    </section>
  );
}
