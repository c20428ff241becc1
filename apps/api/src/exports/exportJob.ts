import type { ExportRequest } from '@econ/contract';
import type { ParameterSelection } from './forecastParameterFiles';
import type { VolumeFilter } from './forecastVolumeFiles';

/**
 * What an export writes: a request of `POST /v1/exports` (a forecast volume one may carry the
 * filter of a v2 `forecast-volumes` job), or one of the types only the v2 jobs make (decision 051).
 */
export type ExportJob =
  | (ExportRequest & { volumeFilter?: VolumeFilter })
  | {
      exportType: 'forecastParametersExport';
      fileType: 'parquet';
      projectId: string;
      forecastId: string;
      expirationHours: number;
      selection: ParameterSelection;
    }
  | {
      exportType: 'econOneLinersExport';
      fileType: 'parquet';
      projectId: string;
      scenarioId: string;
      econRunId: string;
      expirationHours: number;
    };
