export * from './fits';
export * from './lookupTable';
export * from './normalization';
export * from './typeCurve';
