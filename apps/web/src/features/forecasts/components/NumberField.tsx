import { type InputHTMLAttributes, useState } from 'react';
import { flushSync } from 'react-dom';
import { fractionFromPercent, percentFromFraction, shownText } from '../model/numbers';

/**
 * A segment's number input. Read, it shows four significant digits (`67.56`, not `67.563118`);
 * focused, the full value the row holds, to edit. With `percent`, the row holds the fraction the
 * API stores and the person types percent (65 for 0.65).
 */
export function NumberField(
  props: {
    /** The row's text (a fraction for `percent`). */
    text: string;
    percent?: boolean;
    onText: (text: string) => void;
  } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onFocus' | 'onBlur'>,
) {
  const { text, percent = false, onText, ...input } = props;
  // What the person types while the field has focus (percent for a percent field).
  const [editing, setEditing] = useState<string>();
  const full = percent ? percentFromFraction(text) : text;
  return (
    <input
      inputMode="decimal"
      autoComplete="off"
      {...input}
      value={editing ?? shownText(full)}
      title={shownText(full) !== full.trim() ? full : undefined}
      onFocus={(e) => {
        if (input.readOnly) return;
        // The full value replaces the short one at once; text that was all selected (a Tab into
        // the field, a fill) stays all selected, so what is typed replaces it.
        const el = e.currentTarget;
        const all = el.value.length > 0 && el.selectionStart === 0 && el.selectionEnd === el.value.length;
        flushSync(() => setEditing(full));
        if (all) el.select();
      }}
      onBlur={() => setEditing(undefined)}
      onChange={(e) => {
        setEditing(e.target.value);
        onText(percent ? fractionFromPercent(e.target.value) : e.target.value);
      }}
    />
  );
}
