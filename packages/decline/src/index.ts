export {
  ARIES_DIGITS,
  type AriesEnding,
  type AriesLine,
  type AriesOptions,
  type AriesPhase,
  type AriesPhaseInput,
  type AriesRateUnit,
  ariesDate,
  ariesKeyword,
  ariesNumber,
  ariesPhaseLines,
  ariesUnit,
  segmentExpressions,
  segmentsFrom,
} from './aries';
export { B_EXPONENTIAL_THRESHOLD, DAYS_PER_MONTH, DAYS_PER_YEAR } from './constants';
export { dailySum } from './dailySum';
export { civilFromDayIndex, dayIndexFromCivil, daysInMonth, fromDayIndex, toDayIndex } from './dayIndex';
export { DeclineError } from './declineError';
export {
  arpsEffectiveFromNominal,
  arpsNominalFromEffective,
  exponentialEffectiveFromNominal,
  exponentialNominalFromEffective,
  nominalPerDay,
} from './declines';
export type {
  ExclusionReason,
  FitModel,
  FitOptions,
  FitPoint,
  FitQuality,
  FitResult,
  RegressionOptions,
} from './fit/fitDecline';
export { fitDecline, MIN_POINTS, MIN_R2, OUTLIER_LOG_RATE } from './fit/fitDecline';
export type { FitPhase, FitRatioOptions, FitRatioResult } from './fit/fitRatio';
export { fitRatio } from './fit/fitRatio';
export type { FitSequenceOptions, FitSequenceResult, SequenceSegmentOptions } from './fit/fitSequence';
export { fitSequence, MAX_SEQUENCE_SEGMENTS } from './fit/fitSequence';
export type { ModelConstraints } from './fit/models';
export type { PercentileCase, PercentileOptions, Percentiles } from './fit/percentiles';
export { fitHistory, type HistoryPoint, historyPoint, historyPoints, type PhaseRecord } from './historyPoints';
export { arpsRate, exponentialRate, modifiedArpsRate, segmentRate } from './rate';
export type { Segment, SegmentInput, SegmentType } from './segment';
export { SEGMENT_TYPES, switchDelta, toSegment } from './segment';
export type { DailySeries, MonthlySeries } from './series';
export { assertContiguous, dailySeries, eur, monthlySeries, multiplySeries } from './series';
export type { AlignedRates, Alignment, StepResolution, VolumeRecord } from './typeCurve/alignedRates';
export { alignedRates, dayOfStep, normalizedRates, recordRate, stepsBetween } from './typeCurve/alignedRates';
export type {
  Factor,
  Multipliers,
  NormalizationDocument,
  NormalizationPiece,
  NormalizationPlan,
  PhaseNormalization,
  TypeCurvePhase,
  WellMultipliers,
} from './typeCurve/multipliers';
export { curveValue, normalizationPlan, PLL_HEADER, pieceAt, wellMultipliers } from './typeCurve/multipliers';
export type { SeriesStop, StepStatistic } from './typeCurve/stepStatistics';
export { quantile, stepStatistics } from './typeCurve/stepStatistics';
export type {
  CloudOptions,
  SeriesFitOptions,
  TypeCurveCloud,
  TypeCurveSeries,
  TypeCurveWellInput,
  WellOutcome,
} from './typeCurve/typeCurveFit';
export { DEFAULT_MIN_WELLS, fitSeries, SERIES_SOURCE, typeCurveCloud } from './typeCurve/typeCurveFit';
export { arpsVolume, exponentialVolume, segmentVolume } from './volume';
