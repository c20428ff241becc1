import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorBanner } from '../../../components/ErrorBanner';
import type { HistoryResolution } from '../../../components/productionChart/model/history';
import { ProductionChart } from '../../../components/productionChart/ProductionChart';
import { ResolutionToggle } from '../../../components/productionChart/ResolutionToggle';
import { historyQuery } from '../../../lib/productionHistory';

/** The production history of one of the type curve's wells, on the production chart. */
export function WellHistoryChart(props: { projectId: string; wellId: string; wellName: string; onClose: () => void }) {
  const { projectId, wellId, wellName } = props;
  const [resolution, setResolution] = useState<HistoryResolution>('monthly');
  const history = useQuery(historyQuery(projectId, wellId, resolution));
  return (
    <section className="tc-well-history" aria-label={`History of ${wellName}`}>
      <div className="row spread">
        <h3>History of {wellName}</h3>
        <button type="button" onClick={props.onClose}>
          Close
        </button>
      </div>
      <ErrorBanner error={history.error} />
      {history.isPending ? (
        <p className="muted">Loading the {resolution} history…</p>
      ) : (
        <ProductionChart
          history={history.data}
          rateLabel="Rate, BBL/D or MCF/D"
          emptyText={`No ${resolution} production is stored for ${wellName}.`}
          height={280}
          controls={<ResolutionToggle value={resolution} onChange={setResolution} />}
        />
      )}
    </section>
  );
}
