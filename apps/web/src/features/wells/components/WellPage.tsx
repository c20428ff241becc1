import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { Pager } from '../../../components/Pager';
import type { HistoryResolution } from '../../../components/productionChart/model/history';
import { ProductionChart } from '../../../components/productionChart/ProductionChart';
import { historyQuery } from '../../../lib/productionHistory';
import { productionPageQuery, wellQuery } from '../api/wells';
import { ProductionTable } from './ProductionTable';
import { WellHeaders } from './WellHeaders';
import './wells.css';
import { ResolutionToggle } from '../../../components/productionChart/ResolutionToggle';

export interface WellSearch {
  resolution: HistoryResolution;
  skip: number;
  take: number;
}

/** A well: its headers, its production records a page at a time, and the production chart. */
export function WellPage(props: {
  projectId: string;
  wellId: string;
  search: WellSearch;
  onSearch: (patch: Partial<WellSearch>) => void;
}) {
  const { projectId, wellId, search, onSearch } = props;
  const { data: well } = useSuspenseQuery(wellQuery(projectId, wellId));
  const { data: page } = useSuspenseQuery(productionPageQuery(projectId, wellId, search));
  const history = useQuery(historyQuery(projectId, wellId, search.resolution));
  const name = search.resolution === 'daily' ? 'daily' : 'monthly';
  return (
    <>
      <h1>{well.wellName}</h1>
      <section className="panel" aria-labelledby="well-headers-title">
        <h2 id="well-headers-title">Headers</h2>
        <WellHeaders well={well} />
      </section>
      <section className="panel" aria-labelledby="production-title">
        <div className="row spread">
          <h2 id="production-title">
            Production ({page.total.toLocaleString()} {name} records)
          </h2>
          <ResolutionToggle value={search.resolution} onChange={(r) => onSearch({ resolution: r, skip: 0 })} />
        </div>
        {page.total === 0 ? (
          <p className="muted">No {name} production is stored for this well.</p>
        ) : (
          <>
            <ProductionTable resolution={search.resolution} records={page.items} />
            <Pager
              skip={search.skip}
              take={search.take}
              total={page.total}
              hasNext={page.hasNext}
              onSkip={(skip) => onSearch({ skip })}
            />
          </>
        )}
      </section>
      <section className="panel" aria-labelledby="well-chart-title">
        <h2 id="well-chart-title">Production chart</h2>
        <ErrorBanner error={history.error} />
        {history.isPending ? (
          <p className="muted">Loading the {name} history…</p>
        ) : (
          <ProductionChart
            history={history.data}
            rateLabel={
              search.resolution === 'daily'
                ? 'Rate, BBL/D or MCF/D'
                : 'Rate (monthly volume / days in month), BBL/D or MCF/D'
            }
            emptyText={`No ${name} production to draw.`}
          />
        )}
      </section>
    </>
  );
}
