import { SEGMENT_TYPES, type SegmentField, type SegmentType } from '@econ/contract';
import { rowView } from '../model/computed';
import { formatValue, isPercentField, shortNumber } from '../model/numbers';
import { canSplit } from '../model/rowEdits';
import { type DeclineField, declineChoices, type RowField, type SegmentRow, visibleFields } from '../model/segmentRows';
import { NumberField } from './NumberField';

/** What the table does with a person's edit of one row. */
export interface RowHandlers {
  onType: (index: number, type: SegmentType) => void;
  onDate: (index: number, field: 'startDate' | 'endDate', value: string) => void;
  onValue: (index: number, field: SegmentField, text: string) => void;
  onDeclineBy: (index: number, by: DeclineField) => void;
  onSplit: (index: number) => void;
  onRemove: (index: number) => void;
  /** Whether the row starts at the previous row's end rate (model/chain.ts); without it, no chain toggle. */
  onChained?: (index: number, chained: boolean) => void;
}

const UNITS: Partial<Record<SegmentField, string>> = {
  d: '/yr',
  dEff: '/yr',
  realizedDEffSw: '/yr',
};

/** One segment: its type, dates, the inputs its type takes, what they compute to, and its actions. */
export function SegmentRowEditor(props: {
  row: SegmentRow;
  index: number;
  issues: Partial<Record<RowField, string>> | undefined;
  rateUnit: string;
  readOnly: boolean;
  handlers: RowHandlers;
  /** The row can start at the previous row's end rate (both carry rates). */
  chainable: boolean;
  /** Effective declines typed in percent per year (the row holds the fraction the API stores). */
  percent: boolean;
}) {
  const { row, index, issues = {}, rateUnit, readOnly, handlers, percent } = props;
  const onChained = handlers.onChained;
  const chainable = props.chainable && onChained !== undefined;
  const chained = chainable && row.chained === true;
  const inPercent = (f: SegmentField) => percent && isPercentField(f);
  const n = index + 1;
  const id = (f: string) => `seg-${row.key}-${f}`;
  const error = (f: RowField) =>
    issues[f] ? (
      <div className="field-error" id={id(`${f}-error`)}>
        {issues[f]}
      </div>
    ) : null;
  const invalid = (f: RowField) =>
    issues[f] ? { 'aria-invalid': true as const, 'aria-describedby': id(`${f}-error`) } : {};
  const choices = declineChoices(row.segmentType);
  const view = rowView(row);
  const units = (f: SegmentField) =>
    f === 'qStart' ? rateUnit : f === 'slope' ? `${rateUnit}/D` : inPercent(f) ? '%/yr' : UNITS[f];
  return (
    <tr>
      <td className="num">{n}</td>
      <td>
        <select
          aria-label={`Segment ${n} type`}
          value={row.segmentType}
          disabled={readOnly}
          onChange={(e) => handlers.onType(index, e.target.value as SegmentType)}
          {...invalid('segmentType')}
        >
          {SEGMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        {error('segmentType')}
      </td>
      <td>
        <div className="dates">
          {(['startDate', 'endDate'] as const).map((f) => (
            <div className="date" key={f}>
              <span className="param-name">{f === 'startDate' ? 'from' : 'to'}</span>
              <input
                type="date"
                aria-label={`Segment ${n} ${f === 'startDate' ? 'start date' : 'end date'}`}
                value={row[f]}
                disabled={readOnly}
                onChange={(e) => handlers.onDate(index, f, e.target.value)}
                {...invalid(f)}
              />
              {error(f)}
            </div>
          ))}
        </div>
      </td>
      <td>
        <div className="params">
          {visibleFields(row).map((f) => {
            const isDecline = choices.includes(f as DeclineField);
            return (
              <div className="param" key={f}>
                {isDecline ? (
                  <select
                    className="decline-by"
                    aria-label={`Segment ${n} decline entered as`}
                    value={row.declineBy}
                    disabled={readOnly}
                    onChange={(e) => handlers.onDeclineBy(index, e.target.value as DeclineField)}
                  >
                    {choices.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </select>
                ) : (
                  <span className="param-name">{f}</span>
                )}
                <NumberField
                  className="param-input"
                  aria-label={`Segment ${n} ${f}`}
                  text={row.values[f]}
                  percent={inPercent(f)}
                  disabled={readOnly}
                  readOnly={f === 'qStart' && chained}
                  onText={(text) => handlers.onValue(index, f, text)}
                  {...invalid(f)}
                />
                {units(f) && <span className="unit">{units(f)}</span>}
                {inPercent(f) && <Stored text={row.values[f]} />}
                {f === 'qStart' && chainable && (
                  <label
                    className="chain choice"
                    title={`Segment ${n} starts at the rate segment ${n - 1} ends at, and follows it`}
                  >
                    <input
                      type="checkbox"
                      aria-label={`Chain segment ${n} to segment ${n - 1}`}
                      checked={chained}
                      disabled={readOnly}
                      onChange={(e) => onChained?.(index, e.target.checked)}
                    />
                    from {n - 1}
                  </label>
                )}
                {error(f)}
              </div>
            );
          })}
          {visibleFields(row).length === 0 && <span className="muted">no production</span>}
        </div>
        {error('row')}
        <Computed row={row} view={view} rateUnit={rateUnit} percent={percent} />
      </td>
      {!readOnly && (
        <td className="actions">
          <button
            type="button"
            aria-label={`Split segment ${n}`}
            disabled={!canSplit(row)}
            onClick={() => handlers.onSplit(index)}
          >
            Split
          </button>
          <button
            type="button"
            className="danger"
            aria-label={`Remove segment ${n}`}
            onClick={() => handlers.onRemove(index)}
          >
            Remove
          </button>
        </td>
      )}
    </tr>
  );
}

/** The fraction the API stores for a decline typed in percent: "0.65 stored". */
function Stored({ text }: { text: string }) {
  const t = text.trim();
  const n = Number(t);
  if (t === '' || !Number.isFinite(n)) return null;
  return (
    <span className="stored" title={`The API stores ${t}`}>
      {shortNumber(n)} stored
    </span>
  );
}

/** The row's computed fields, read-only: what the server would store and report back. */
function Computed(props: { row: SegmentRow; view: ReturnType<typeof rowView>; rateUnit: string; percent: boolean }) {
  const { row, view, rateUnit, percent } = props;
  if (!view) return null;
  const parts: string[] = [];
  if (row.segmentType !== 'empty') parts.push(`qEnd ${formatValue(view.qEnd)} ${rateUnit}`);
  if (row.declineBy === 'dEff' && view.d !== undefined) parts.push(`d ${formatValue(view.d)}/yr`);
  if (row.declineBy === 'd' && view.dEff !== undefined)
    parts.push(percent ? `dEff ${formatValue(view.dEff * 100)} %/yr` : `dEff ${formatValue(view.dEff)}/yr`);
  if (row.segmentType === 'linear' && row.declineBy === 'dEff' && view.slope !== undefined) {
    parts.push(`slope ${formatValue(view.slope)} ${rateUnit}/D`);
  }
  if (row.segmentType === 'arps_modified') {
    parts.push(
      view.switchDate ? `switches to exponential on ${view.switchDate}` : 'does not switch within the segment',
    );
  }
  return <div className="computed">{parts.join(' · ')}</div>;
}
