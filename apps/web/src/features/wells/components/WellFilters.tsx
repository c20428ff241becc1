import { WELL_HEADER_NAMES, type WellHeaderName, wellHeader } from '@econ/contract';
import { useEffect, useState } from 'react';
import { columnTitle } from '../model/columns';
import { type FilterOp, newFilter, OP_LABELS, operatorsFor, type WellFilter } from '../model/filters';

const BY_LABEL = [...WELL_HEADER_NAMES].sort((a, b) => columnTitle(a).localeCompare(columnTitle(b)));

/** The input of a filter's value, fitting its header's kind. */
function ValueInput(props: { filter: WellFilter; label: string; onChange: (value: string) => void }) {
  const { filter, label, onChange } = props;
  const def = wellHeader(filter.header);
  if (def.kind === 'boolean') {
    return (
      <select aria-label={label} value={filter.value} onChange={(e) => onChange(e.target.value)}>
        <option value="true">Yes</option>
        <option value="false">No</option>
      </select>
    );
  }
  if (def.kind === 'enum') {
    return (
      <select aria-label={label} value={filter.value} onChange={(e) => onChange(e.target.value)}>
        <option value="">—</option>
        {def.values?.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      aria-label={label}
      value={filter.value}
      placeholder={def.kind === 'date' ? 'YYYY-MM-DD' : def.kind === 'number' ? 'a number' : 'equals'}
      inputMode={def.kind === 'number' ? 'decimal' : undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * The filters of the wells tables, one row each (header, comparison, value; all apply), with the
 * API's refusal beside the filter it names. Edits are a draft until applied (Enter or "Apply").
 */
export function WellFilters(props: {
  filters: readonly WellFilter[];
  /** The API's message for an applied filter, by its index. */
  errors: ReadonlyMap<number, string>;
  onApply: (filters: WellFilter[]) => void;
}) {
  const { filters, errors, onApply } = props;
  const [draft, setDraft] = useState<WellFilter[]>([...filters]);
  const applied = JSON.stringify(filters);
  // The address changed (back, a shared link, Clear): the draft follows it.
  useEffect(() => setDraft(JSON.parse(applied) as WellFilter[]), [applied]);
  const set = (i: number, f: WellFilter) => setDraft(draft.map((g, j) => (j === i ? f : g)));
  const remove = (i: number) => {
    const next = draft.filter((_, j) => j !== i);
    setDraft(next);
    onApply(next);
  };
  return (
    <form
      className="well-filters"
      aria-label="Filters"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      {draft.map((f, i) => {
        const n = i + 1;
        const kind = wellHeader(f.header).kind;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: filters have no identity but their place.
          <div key={i} className="well-filter row">
            <select
              aria-label={`Filter ${n} header`}
              value={f.header}
              onChange={(e) => set(i, newFilter(e.target.value as WellHeaderName))}
            >
              {BY_LABEL.map((h) => (
                <option key={h} value={h}>
                  {columnTitle(h)}
                </option>
              ))}
            </select>
            <select
              aria-label={`Filter ${n} comparison`}
              value={f.op}
              disabled={operatorsFor(kind).length === 1}
              onChange={(e) => set(i, { ...f, op: e.target.value as FilterOp })}
            >
              {operatorsFor(kind).map((op) => (
                <option key={op} value={op}>
                  {kind === 'boolean' ? 'is' : OP_LABELS[op]}
                </option>
              ))}
            </select>
            <ValueInput filter={f} label={`Filter ${n} value`} onChange={(value) => set(i, { ...f, value })} />
            <button type="button" aria-label={`Remove filter ${n}`} onClick={() => remove(i)}>
              ×
            </button>
            {errors.get(i) && (
              <span className="error" role="alert">
                {errors.get(i)}
              </span>
            )}
          </div>
        );
      })}
      <div className="row">
        <button type="button" onClick={() => setDraft([...draft, newFilter('county')])}>
          New filter
        </button>
        {draft.length > 0 && <button type="submit">Apply filters</button>}
        {(draft.length > 0 || filters.length > 0) && (
          <button
            type="button"
            onClick={() => {
              setDraft([]);
              onApply([]);
            }}
          >
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}
