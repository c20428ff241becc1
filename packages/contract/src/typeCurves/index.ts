export * from './fitFromWells';
export * from './fits';
export * from './lookupTable';
export * from './migrate';
export * from './normalization';
export * from './typeCurve';
export * from './v1';
