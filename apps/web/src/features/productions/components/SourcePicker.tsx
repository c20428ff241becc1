import { type ChangeEvent, type DragEvent, useEffect, useState } from 'react';
import type { CsvSource } from '../model/csvRows';

/**
 * Where the rows come from: a CSV file dropped on the box or chosen, or text pasted from a
 * spreadsheet (tab-separated). The file itself is handed on, never read whole here.
 */
export function SourcePicker(props: { onSource: (source: CsvSource, label: string) => void; disabled: boolean }) {
  const { onSource, disabled } = props;
  const [over, setOver] = useState(false);
  const [text, setText] = useState('');
  // A file dropped beside the box would otherwise make the browser open it, leaving the page.
  useEffect(() => {
    const keep = (e: globalThis.DragEvent) => e.preventDefault();
    window.addEventListener('dragover', keep);
    window.addEventListener('drop', keep);
    return () => {
      window.removeEventListener('dragover', keep);
      window.removeEventListener('drop', keep);
    };
  }, []);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file && !disabled) onSource(file, file.name);
  };
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // choosing the same file again (after editing it) reads it again
    if (file) onSource(file, file.name);
  };
  return (
    <section className="panel" aria-labelledby="imp-source-title">
      <h2 id="imp-source-title">Production file</h2>
      <section
        aria-label="Drop zone"
        className={over ? 'imp-drop over' : 'imp-drop'}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p>Drop a CSV file here: a header row, then one row per well and day (or month).</p>
        <label className="imp-file">
          Or choose a file
          <input
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
            onChange={onFile}
            disabled={disabled}
          />
        </label>
      </section>
      <label htmlFor="imp-paste">Or paste rows from a spreadsheet (with the header row)</label>
      <textarea
        id="imp-paste"
        className="imp-paste"
        rows={4}
        spellCheck={false}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={disabled}
      />
      <div className="row">
        <button type="button" onClick={() => onSource(text, 'pasted rows')} disabled={disabled || text.trim() === ''}>
          Use the pasted rows
        </button>
      </div>
    </section>
  );
}
