import type { ReactNode } from 'react';

/*
 * The buttons of an editable table (schedules, targets, segments, depreciation years): one look and
 * one behaviour everywhere, and nothing at all when the form is read-only.
 */

/** The last cell of a row: its Remove button, named for screen readers by `label`. */
export function RemoveRowCell(props: { label: string; onRemove: () => void; readOnly?: boolean; disabled?: boolean }) {
  if (props.readOnly) return null;
  return (
    <td>
      <button
        type="button"
        className="danger"
        aria-label={props.label}
        disabled={props.disabled}
        onClick={props.onRemove}
      >
        Remove
      </button>
    </td>
  );
}

/** Under the table: appends a row, disabled once the table has its maximum of rows. */
export function AddRowButton(props: {
  children: ReactNode;
  onAdd: () => void;
  rows: number;
  max: number;
  readOnly?: boolean;
}) {
  if (props.readOnly) return null;
  return (
    <button
      type="button"
      className="add-row"
      disabled={props.rows >= props.max}
      title={props.rows >= props.max ? `At most ${props.max} rows` : undefined}
      onClick={props.onAdd}
    >
      {props.children}
    </button>
  );
}
