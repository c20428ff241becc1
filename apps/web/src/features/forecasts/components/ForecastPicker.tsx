import type { Forecast } from '@econ/contract';

/** Another forecast of the project (shown when there are several). */
export function ForecastPicker(props: {
  forecasts: readonly Forecast[];
  current: string;
  onChange: (id: string) => void;
}) {
  const { forecasts, current, onChange } = props;
  if (forecasts.length < 2) return null;
  return (
    <div className="forecast-picker">
      <label htmlFor="pick-forecast">Forecast</label>
      <select id="pick-forecast" value={current} onChange={(e) => onChange(e.target.value)}>
        {forecasts.map((f) => (
          <option key={f.id} value={f.id}>
            {f.name}
          </option>
        ))}
      </select>
    </div>
  );
}
