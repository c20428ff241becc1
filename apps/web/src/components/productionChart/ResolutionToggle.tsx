import { useId } from 'react';
import type { HistoryResolution } from './model/history';

/** Daily / Monthly radios: the resolution a production table, a chart or a forecast preview is drawn at. */
export function ResolutionToggle(props: { value: HistoryResolution; onChange: (r: HistoryResolution) => void }) {
  const name = useId();
  return (
    <fieldset className="inline">
      <legend>Resolution</legend>
      {(['daily', 'monthly'] as const).map((r) => (
        <label className="choice" key={r}>
          <input type="radio" name={name} checked={props.value === r} onChange={() => props.onChange(r)} />
          {r === 'daily' ? 'Daily' : 'Monthly'}
        </label>
      ))}
    </fieldset>
  );
}
