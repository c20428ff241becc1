import type { Forecast } from '@econ/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useBanner } from '../../../components/Banner';
import { typeCurveQuery } from '../api/typeCurves';
import { FitEditor } from './FitEditor';
import { FitFromWellsPanel } from './FitFromWellsPanel';
import { NormalizationEditor } from './NormalizationEditor';
import { TypeCurveHeader } from './TypeCurveHeader';
import { VolumesTable } from './VolumesTable';
import { WellsTable } from './WellsTable';
import './typeCurves.css';

/**
 * One type curve: its fields, wells (excluded toggle), the fit from its wells, fits with the chart,
 * normalization and volumes. Support users get the same page read-only (no save controls, inputs disabled).
 */
export function TypeCurvePage(props: {
  projectId: string;
  typeCurveId: string;
  forecasts: readonly Forecast[];
  readOnly: boolean;
}) {
  const { projectId, typeCurveId, forecasts, readOnly } = props;
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
      <TypeCurveHeader projectId={projectId} typeCurve={tc} forecasts={forecasts} readOnly={readOnly} report={report} />
      <WellsTable projectId={projectId} typeCurve={tc} forecast={forecast} readOnly={readOnly} report={report} />
      <FitFromWellsPanel
        projectId={projectId}
        typeCurveId={tc.id}
        readOnly={readOnly}
        report={report}
        onSaved={() => setFitsVersion((v) => v + 1)}
      />
      <FitEditor key={fitsVersion} projectId={projectId} typeCurveId={tc.id} readOnly={readOnly} report={report} />
      <NormalizationEditor projectId={projectId} typeCurveId={tc.id} readOnly={readOnly} report={report} />
      <VolumesTable projectId={projectId} typeCurveId={tc.id} />
    </>
  );
}
