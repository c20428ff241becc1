import type { WellHeaderName } from '@econ/contract';
import { useId, useState } from 'react';
import { useModal } from '../../../components/useModal';
import { columnTitle, NAME_COLUMN, searchHeaders } from '../model/columns';

/**
 * The column picker of the wells tables: every header by group, a search box, a checkbox each
 * (the well name always shown) and "Reset to default". A modal `<dialog>`: Escape closes it.
 */
export function ColumnPicker(props: {
  open: boolean;
  columns: readonly WellHeaderName[];
  max: number;
  error?: string;
  onToggle: (name: WellHeaderName) => void;
  onReset: () => void;
  onClose: () => void;
}) {
  const { open, columns, max, error, onToggle, onReset, onClose } = props;
  const ref = useModal(open);
  const titleId = useId();
  const [text, setText] = useState('');
  const groups = searchHeaders(text);
  const full = columns.length >= max;
  return (
    <dialog
      ref={ref}
      className="column-picker"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="row spread">
        <h2 id={titleId} style={{ fontSize: 17, margin: 0 }}>
          Columns ({columns.length} of at most {max})
        </h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="row" style={{ margin: '10px 0' }}>
        <input
          type="search"
          aria-label="Search headers"
          placeholder="Search headers"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="button" onClick={onReset}>
          Reset to default
        </button>
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="column-groups">
        {groups.length === 0 && <p className="muted">No header matches “{text}”.</p>}
        {groups.map((g) => (
          <fieldset key={g.title}>
            <legend>{g.title}</legend>
            {g.names.map((n) => {
              const on = columns.includes(n);
              return (
                <label key={n} className="choice">
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={n === NAME_COLUMN || (!on && full)}
                    onChange={() => onToggle(n)}
                  />
                  {columnTitle(n)}
                </label>
              );
            })}
          </fieldset>
        ))}
      </div>
    </dialog>
  );
}
