import { DATA_FREQUENCIES, FORECAST_KINDS, PHASES, type Phase } from '@econ/contract';
import type { Settings } from '../model/drafts';
import type { SettingsField } from '../model/issues';

/** Forecast type, base phase (ratio forecasts) and data frequency of one combination. */
export function SettingsControls(props: {
  settings: Settings;
  phase: Phase;
  issues: Partial<Record<SettingsField, string>>;
  readOnly: boolean;
  onChange: (patch: Partial<Settings>, field: SettingsField) => void;
}) {
  const { settings, phase, issues, readOnly, onChange } = props;
  const error = (f: SettingsField) =>
    issues[f] ? (
      <div className="field-error" id={`setting-${f}-error`}>
        {issues[f]}
      </div>
    ) : null;
  const invalid = (f: SettingsField) =>
    issues[f] ? { 'aria-invalid': true as const, 'aria-describedby': `setting-${f}-error` } : {};
  return (
    <div className="settings">
      <div>
        <label htmlFor="setting-forecastType">Forecast type</label>
        <select
          id="setting-forecastType"
          value={settings.forecastType}
          disabled={readOnly}
          onChange={(e) => {
            const forecastType = e.target.value as Settings['forecastType'];
            const basePhase =
              forecastType === 'ratio' ? (settings.basePhase ?? PHASES.find((p) => p !== phase)) : undefined;
            onChange({ forecastType, basePhase }, 'forecastType');
          }}
          {...invalid('forecastType')}
        >
          {FORECAST_KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
        {error('forecastType')}
      </div>
      {settings.forecastType === 'ratio' && (
        <div>
          <label htmlFor="setting-basePhase">Base phase</label>
          <select
            id="setting-basePhase"
            value={settings.basePhase ?? ''}
            disabled={readOnly}
            onChange={(e) => onChange({ basePhase: e.target.value as Phase }, 'basePhase')}
            {...invalid('basePhase')}
          >
            {PHASES.filter((p) => p !== phase).map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
          {error('basePhase')}
        </div>
      )}
      <div>
        <label htmlFor="setting-dataFrequency">Data frequency</label>
        <select
          id="setting-dataFrequency"
          value={settings.dataFrequency}
          disabled={readOnly}
          onChange={(e) => onChange({ dataFrequency: e.target.value as Settings['dataFrequency'] }, 'dataFrequency')}
          {...invalid('dataFrequency')}
        >
          {DATA_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
        {error('dataFrequency')}
      </div>
    </div>
  );
}
