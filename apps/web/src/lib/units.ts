/*
 * Units the console names the same way everywhere. The spec's "$M" means thousands of dollars
 * (not millions): the console writes it "M$ (thousands of dollars)" so no engineer reads it as
 * millions.
 */

/** Thousands of dollars, as every field and column in M$ is labelled. */
export const THOUSANDS_OF_DOLLARS = 'M$ (thousands of dollars)';
