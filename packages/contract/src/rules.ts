/*
 * `@econ/contract/rules`: the contract's constants and pure functions that the econ engine runs
 * too, without zod, so `@econ/econ` loads no schema library. The contract's main entry re-exports
 * each of them: they are defined once, here.
 */
export * from './econModels/bonusDepreciation';
export * from './econModels/capexCompanions';
export * from './econModels/differentialKeys';
export * from './econModels/discountPeriods';
export * from './econModels/emissionValues';
export * from './econModels/escalationRefs';
export * from './econModels/examples';
export * from './econModels/expenseKeys';
export * from './econModels/fluidModelValues';
export * from './econModels/priceDeckValues';
export * from './econModels/productionTaxStates';
export * from './econModels/reversionTypes';
export * from './econModels/rowPeriods';
export * from './econModels/streamValues';
