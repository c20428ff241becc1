import { type FitModel, fromDayIndex } from '@econ/decline';
import { useId } from 'react';
import { formatVolume } from '../model/computed';
import { type ClickMode, exclusionCounts, listedExclusions, REASON_LABEL } from '../model/fitExclusions';
import { FIT_FIELD_LABEL, FIT_MODELS, type FitField, fitFieldsOf, percentToDecimal } from '../model/fitForm';
import { formatValue } from '../model/numbers';
import { ResidualPlot } from './ResidualPlot';
import type { HistoryFit } from './useHistoryFit';

const CLICK_MODES: readonly { mode: ClickMode; label: string }[] = [
  { mode: 'exclude', label: 'leaves it out of the fit (click again to put it back)' },
  { mode: 'start', label: 'starts the fit there' },
];
const pct = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const r2 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/**
 * "Fit to history" for the shown well and phase: the model and its constraints, where the fit
 * starts, what a chart click does, and the live result (quality, residuals, EUR against the
 * current segments, the points left out and why), with "Use this fit" to put it in the draft.
 */
export function FitPanel(props: {
  fit: HistoryFit;
  rateUnit: string;
  volumeUnit: string;
  /** Why there is nothing to fit (e.g. the history is loading), when there is nothing. */
  empty?: string | undefined;
  onUse: () => void;
  onClose: () => void;
}) {
  const { fit, rateUnit, volumeUnit, empty } = props;
  const { values, errors, result, preview } = fit;
  const id = useId();
  const fields = fitFieldsOf(values.model);
  const input = (field: FitField, unit?: string, decimal?: boolean) => {
    if (!fields.includes(field)) return null;
    const text = values[field];
    const n = Number(text);
    return (
      <div className="fit-field">
        <label htmlFor={`${id}-${field}`}>{FIT_FIELD_LABEL[field]}</label>
        <div className="fit-input">
          <input
            id={`${id}-${field}`}
            inputMode="decimal"
            value={text}
            placeholder={field === 'qStart' ? 'fitted' : undefined}
            onChange={(e) => fit.setValues({ [field]: e.target.value })}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
          />
          {unit && <span className="unit">{unit}</span>}
          {decimal && text.trim() !== '' && Number.isFinite(n) && (
            <span className="muted decimal">= {percentToDecimal(n)}</span>
          )}
        </div>
        {errors[field] && (
          <div className="field-error" id={`${id}-${field}-error`}>
            {errors[field]}
          </div>
        )}
      </div>
    );
  };
  const counts = result?.quality ? exclusionCounts(result.quality.excluded) : [];
  return (
    <section className="fit-panel" aria-labelledby={`${id}-title`}>
      <div className="row spread">
        <h3 id={`${id}-title`}>Fit to history</h3>
        <button type="button" onClick={props.onClose}>
          Close fit
        </button>
      </div>
      <div className="fit-options">
        <div className="fit-field">
          <label htmlFor={`${id}-model`}>Model</label>
          <select
            id={`${id}-model`}
            value={values.model}
            onChange={(e) => fit.setValues({ model: e.target.value as FitModel })}
          >
            {FIT_MODELS.map((m) => (
              <option key={m.model} value={m.model}>
                {m.label}
              </option>
            ))}
          </select>
        </div>
        <div className="fit-field">
          <label htmlFor={`${id}-start`}>Start</label>
          <select
            id={`${id}-start`}
            value={values.start}
            onChange={(e) => fit.setValues({ start: e.target.value as typeof values.start })}
          >
            <option value="peak">peak rate</option>
            <option value="first">first point</option>
            <option value="date">a date</option>
          </select>
        </div>
        {values.start === 'date' && (
          <div className="fit-field">
            <label htmlFor={`${id}-startDate`}>{FIT_FIELD_LABEL.startDate}</label>
            <input
              id={`${id}-startDate`}
              type="date"
              value={values.startDate}
              onChange={(e) => fit.setValues({ startDate: e.target.value })}
              aria-invalid={errors.startDate ? true : undefined}
              aria-describedby={errors.startDate ? `${id}-startDate-error` : undefined}
            />
            {errors.startDate && (
              <div className="field-error" id={`${id}-startDate-error`}>
                {errors.startDate}
              </div>
            )}
          </div>
        )}
        {input('bMin')}
        {input('bMax')}
        {input('dEffMinPct', '%/yr', true)}
        {input('dEffMaxPct', '%/yr', true)}
        {input('terminalPct', '%/yr', true)}
        {input('qStart', rateUnit)}
        <div className="fit-field">
          <label htmlFor={`${id}-regression`}>Regression on</label>
          <select
            id={`${id}-regression`}
            value={values.regression}
            onChange={(e) => fit.setValues({ regression: e.target.value as typeof values.regression })}
          >
            <option value="rate">rate (log)</option>
            <option value="cum">cumulative volume</option>
          </select>
        </div>
        {values.regression === 'rate' && input('halfLifeDays', 'days')}
      </div>
      <fieldset className="inline fit-click">
        <legend>Clicking a history point on the chart</legend>
        {CLICK_MODES.map((c) => (
          <label className="choice" key={c.mode}>
            <input
              type="radio"
              name={`${id}-click`}
              checked={fit.clickMode === c.mode}
              onChange={() => fit.setClickMode(c.mode)}
            />
            {c.label}
          </label>
        ))}
        <label className="choice">
          <input type="checkbox" checked={fit.zoom} onChange={(e) => fit.setZoom(e.target.checked)} />
          Zoom the chart to the history
        </label>
      </fieldset>

      {empty ? (
        <p className="muted">{empty}</p>
      ) : Object.keys(errors).length > 0 ? (
        <p className="muted">The fit follows once the marked fields are fixed.</p>
      ) : result && !result.ok ? (
        <div className="banner error" role="alert">
          No fit: {result.reason}.
        </div>
      ) : null}
      {result?.ok && preview && (
        <>
          <dl className="fit-quality" aria-label="Fit quality">
            <div>
              <dt>Fitted</dt>
              <dd>
                {result.segment.segmentType} from {result.segment.startDate} to {result.segment.endDate}: qStart{' '}
                {formatValue(result.segment.qStart ?? 0)} {rateUnit}
                {result.segment.dEff !== undefined &&
                  `, dEff ${pct.format(result.segment.dEff * 100)} %/yr (${formatValue(result.segment.dEff)})`}
                {result.segment.b !== undefined && `, b ${formatValue(result.segment.b)}`}
                {result.segment.slope !== undefined && `, slope ${formatValue(result.segment.slope)}`}
                {result.segment.realizedDEffSw !== undefined &&
                  `, terminal ${pct.format(result.segment.realizedDEffSw * 100)} %/yr`}
              </dd>
            </div>
            <div>
              <dt>R² (log rate)</dt>
              <dd>{r2.format(result.quality.r2)}</dd>
            </div>
            <div>
              <dt>RMSE (log rate)</dt>
              <dd>{r2.format(result.quality.rmseLogRate)}</dd>
            </div>
            <div>
              <dt>Points used</dt>
              <dd>
                {result.quality.pointsUsed}, left out {result.quality.excluded.length}
              </dd>
            </div>
            <div>
              <dt>EUR of the fit</dt>
              <dd>
                {formatVolume(preview.eur.fit)} {volumeUnit}{' '}
                <span className="muted">
                  ({result.segment.startDate} to {result.segment.endDate})
                </span>
              </dd>
            </div>
            {preview.eur.overCurrent && (
              <div>
                <dt>Against the current segments</dt>
                <dd>
                  fit {formatVolume(preview.eur.overCurrent.fit)} vs current{' '}
                  {formatVolume(preview.eur.overCurrent.current)} {volumeUnit}{' '}
                  <span className="muted">
                    ({preview.eur.overCurrent.from} to {preview.eur.overCurrent.to})
                  </span>
                </dd>
              </div>
            )}
          </dl>
          <ResidualPlot residuals={preview.residuals} />
        </>
      )}
      {result?.quality && result.quality.excluded.length > 0 && (
        <div className="fit-excluded">
          <h4>
            Left out of the fit: {counts.map((c) => `${c.count} ${REASON_LABEL[c.reason]}`).join(', ')}
            {counts.some((c) => c.reason === 'excluded by the user') && (
              <>
                {' '}
                <button type="button" className="link" onClick={fit.clearExclusions}>
                  put all yours back
                </button>
              </>
            )}
          </h4>
          <ul aria-label="Points left out of the fit">
            {listedExclusions(result.quality.excluded).map((e) => (
              <li key={e.day}>
                {fromDayIndex(e.day)}: {REASON_LABEL[e.reason]}
                {e.reason === 'excluded by the user' && (
                  <>
                    {' '}
                    <button type="button" className="link" onClick={() => fit.toggle(e.day)}>
                      put back
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="row editor-actions">
        <button type="button" className="primary" disabled={!result?.ok} onClick={props.onUse}>
          Use this fit
        </button>
        <span className="muted">puts the fitted segment in the draft; review it, then Save.</span>
      </div>
    </section>
  );
}
