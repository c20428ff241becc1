export * from './admin';
export * from './auth';
export * from './common';
export * from './console';
export * from './econModels';
export * from './forecastSegments';
export * from './forecasts';
export * from './resources';
