import type { Forecast } from '@econ/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useBanner } from '../../../components/Banner';
import { typeCurveQuery } from '../api/typeCurves';
import { TC_TAB_LABELS, TC_TABS, type TcTab } from '../model/workspaceTabs';
import { CurveSummary } from './CurveSummary';
import { FitEditor } from './FitEditor';
import { FitFromWellsPanel } from './FitFromWellsPanel';
import { NormalizationEditor } from './NormalizationEditor';
import { TypeCurveHeader } from './TypeCurveHeader';
import { VolumesTable } from './VolumesTable';
import { WellsTable } from './WellsTable';
import { WorkspaceTabs } from './WorkspaceTabs';
import './typeCurves.css';

/**
 * One type curve as a workspace of tabs (the open tab is in the address, `?tab=`): the curve's
 * fields, the fits (from the wells, and edited with the chart of every series), the normalization,
 * the wells (excluded toggle) and the volumes. A tab is mounted the first time it is opened and
 * kept, so a draft survives a tab change. Support users get the same page read-only (no save
 * controls, inputs disabled).
 */
export function TypeCurvePage(props: {
  projectId: string;
  typeCurveId: string;
  forecasts: readonly Forecast[];
  readOnly: boolean;
  tab: TcTab;
  onTab: (tab: TcTab) => void;
}) {
  const { projectId, typeCurveId, forecasts, readOnly, tab, onTab } = props;
  const [mounted, setMounted] = useState<ReadonlySet<TcTab>>(() => new Set([tab]));
  if (!mounted.has(tab)) setMounted(new Set([...mounted, tab]));
  const { data: tc } = useSuspenseQuery(typeCurveQuery(projectId, typeCurveId));
  const { banner, report } = useBanner();
  const forecast = forecasts.find((f) => f.id === tc.forecast);
  // Fits saved from the wells restart the fit editor on the stored fits.
  const [fitsVersion, setFitsVersion] = useState(0);
  return (
    <>
      <h1>{tc.name}</h1>
      {readOnly && (
        <div className="banner warn" role="note">
          Read only: your role can inspect type curves but not change them.
        </div>
      )}
      {banner}
      <WorkspaceTabs
        id="tc"
        label="Type curve workspace"
        tabs={TC_TABS}
        labels={TC_TAB_LABELS}
        selected={tab}
        onSelect={onTab}
        mounted={mounted}
        panel={(t) => {
          switch (t) {
            case 'curve':
              return (
                <>
                  <TypeCurveHeader
                    projectId={projectId}
                    typeCurve={tc}
                    forecasts={forecasts}
                    readOnly={readOnly}
                    report={report}
                  />
                  <CurveSummary projectId={projectId} typeCurveId={tc.id} onTab={onTab} />
                </>
              );
            case 'fits':
              return (
                <>
                  <FitFromWellsPanel
                    projectId={projectId}
                    typeCurveId={tc.id}
                    readOnly={readOnly}
                    report={report}
                    onSaved={() => setFitsVersion((v) => v + 1)}
                  />
                  <FitEditor
                    key={fitsVersion}
                    projectId={projectId}
                    typeCurveId={tc.id}
                    readOnly={readOnly}
                    report={report}
                  />
                </>
              );
            case 'normalization':
              return (
                <NormalizationEditor projectId={projectId} typeCurveId={tc.id} readOnly={readOnly} report={report} />
              );
            case 'wells':
              return (
                <WellsTable
                  projectId={projectId}
                  typeCurve={tc}
                  forecast={forecast}
                  readOnly={readOnly}
                  report={report}
                />
              );
            case 'volumes':
              return <VolumesTable projectId={projectId} typeCurveId={tc.id} />;
          }
        }}
      />
    </>
  );
}
