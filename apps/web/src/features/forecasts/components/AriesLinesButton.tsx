import type { Series } from '@econ/contract';
import { useState } from 'react';
import { fetchAriesLines } from '../api/aries';
import type { ForecastRef } from '../api/parameters';

/**
 * "Copy ARIES lines": the selected well's stored segments of the series as ARIES decline lines,
 * copied to the clipboard (when the browser lets us) and shown to select by hand.
 */
export function AriesLinesButton(props: { forecast: ForecastRef; well: string; series: Series }) {
  const [text, setText] = useState<string>();
  const [status, setStatus] = useState<string>();
  const copy = async () => {
    setStatus('Reading…');
    try {
      const lines = await fetchAriesLines(props.forecast, props.well, props.series);
      setText(lines);
      if (!lines) return setStatus('No stored segments for this well and series.');
      await navigator.clipboard?.writeText(lines).then(
        () => setStatus('Copied to the clipboard.'),
        () => setStatus('Select the lines below and copy them.'),
      );
    } catch (e) {
      setStatus(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <div className="aries-lines">
      <button type="button" className="secondary" onClick={() => void copy()}>
        Copy ARIES lines
      </button>
      {status && (
        <span className="muted" role="status">
          {status}
        </span>
      )}
      {text ? (
        <textarea aria-label="ARIES lines" readOnly rows={Math.min(12, text.split('\n').length)} value={text} />
      ) : null}
    </div>
  );
}
