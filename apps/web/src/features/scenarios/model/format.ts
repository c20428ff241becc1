/* How the scenario page writes economics numbers: dollars, percent, volumes and months. */

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Whole dollars with separators: `$1,234,568`, `-$2,500`; `—` for a missing or non-finite value. */
export function formatMoney(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const s = dollars.format(Math.round(v));
  return s === '-$0' ? '$0' : s;
}

/** A unit price with cents, signed as money is: `$72.50`, `-$3.50` ($/BBL, $/MCF); `—` for a missing value. */
export function formatPrice(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const s = cents.format(Math.round(v * 100) / 100);
  return s === '-$0.00' ? '$0.00' : s;
}

/**
 * Dollars for chart axes: whole dollars with separators (`$1,200,000`, `-$350,000`), never a `k` or
 * `M` suffix — the spec's reporting unit `M$` means thousands of dollars, so `$1.2M` could be read
 * either way.
 */
export function formatMoneyTick(v: number): string {
  return Number.isFinite(v) ? formatMoney(v) : '';
}

/** The width (px) a money axis needs for its longest tick at a 12 px font. */
export function moneyAxisWidth(ticks: readonly number[]): number {
  const longest = Math.max(2, ...ticks.map((t) => formatMoneyTick(t).length));
  return Math.ceil(longest * 7.2) + 10;
}

/** A percent with one decimal: `12.3 %`; `—` when there is none (an IRR that does not exist). */
export function formatPercent(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  return `${oneDecimal.format(v)} %`;
}

/** A whole number with separators, for a volume whose unit is in its column's header: `123,457`. */
export function formatCount(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const s = integer.format(v);
  return s === '-0' ? '0' : s;
}

/** A volume with its unit: `123,457 BBL`. */
export function formatVolume(v: number | null | undefined, unit: 'BBL' | 'MCF'): string {
  const n = formatCount(v);
  return n === '—' ? n : `${n} ${unit}`;
}

/** `2031-04-01` → `2031-04` (the month a monthly date stands for). */
export const monthOf = (date: string): string => date.slice(0, 7);

/** A payout: its month, or `none` when the cash flow never pays out. */
export function formatPayout(p: { date: string; months: number } | null): string {
  return p ? `${monthOf(p.date)} (${p.months} mo)` : 'none';
}

/** A discount rate from the table: `10 %`, `12.5 %`. */
export const formatRate = (rate: number): string => `${Number.isInteger(rate) ? rate : oneDecimal.format(rate)} %`;

const phrase = (v: string) => {
  const s = v.replace(/_/g, ' ');
  return /^c\d$/.test(s) ? s.toUpperCase() : s.charAt(0).toUpperCase() + s.slice(1);
};

/** A reserves category in a table cell: its category and sub-category (`Proved · producing`, `C2 · development pending`). */
export function shortReservesCategory(c: { prmsCategory: string; prmsSubCategory: string }): string {
  return `${phrase(c.prmsCategory)} · ${phrase(c.prmsSubCategory).toLowerCase()}`;
}

/** The short form of an empty figure's reason: the words before its colon (`no sign change`, `never pays out`). */
export function shortReason(reason: string | undefined): string | undefined {
  return reason?.split(':')[0];
}
