/** Days in a forecast year (decline-math.md, Conventions): Y = 365.25 days. */
export const DAYS_PER_YEAR = 365.25;

/** Days in an average month (decline-math.md, Conventions): 30.4375 = Y / 12. */
export const DAYS_PER_MONTH = 30.4375;

/** |b| below this is treated as exponential (decline-math.md, Numerical care). */
export const B_EXPONENTIAL_THRESHOLD = 1e-10;
