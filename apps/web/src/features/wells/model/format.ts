const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A measured value for a table cell: grouped, at most two decimals; empty when not measured. */
export const cell = (v: unknown): string => (typeof v === 'number' && Number.isFinite(v) ? grouped.format(v) : '');
