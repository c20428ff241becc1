import { canChain } from '../model/chain';
import type { RowField, SegmentRow } from '../model/segmentRows';
import { type RowHandlers, SegmentRowEditor } from './SegmentRowEditor';

/** The segments of one combination, in date order; each row offers the fields its type takes. */
export function SegmentTable(props: {
  rows: readonly SegmentRow[];
  issues: Record<string, Partial<Record<RowField, string>>>;
  rateUnit: string;
  readOnly: boolean;
  handlers: RowHandlers;
  /** A row was focused (the segment a history start applies to). */
  onSelect?: (index: number) => void;
  /** Effective declines typed in percent per year (default: as the fraction the API stores). */
  declinesInPercent?: boolean;
}) {
  const { rows, issues, rateUnit, readOnly, handlers, onSelect, declinesInPercent = false } = props;
  return (
    <table className="segments" aria-label="Segments">
      <thead>
        <tr>
          <th className="num">#</th>
          <th>Type</th>
          <th>Dates</th>
          <th>Parameters</th>
          {!readOnly && <th>Actions</th>}
        </tr>
      </thead>
      <tbody
        onFocus={(e) => {
          const tr = e.target instanceof Element ? e.target.closest('tr') : null;
          const index = tr ? Array.prototype.indexOf.call(e.currentTarget.rows, tr) : -1;
          if (index >= 0) onSelect?.(index);
        }}
      >
        {rows.map((row, i) => (
          <SegmentRowEditor
            key={row.key}
            row={row}
            index={i}
            issues={issues[row.key]}
            rateUnit={rateUnit}
            readOnly={readOnly}
            handlers={handlers}
            chainable={canChain(rows, i)}
            percent={declinesInPercent}
          />
        ))}
      </tbody>
    </table>
  );
}
