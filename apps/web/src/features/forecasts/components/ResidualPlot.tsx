import { fromDayIndex } from '@econ/decline';
import type { Residual } from '../model/fitPreview';

const W = 420;
const H = 110;
const PAD = { left: 36, right: 8, top: 8, bottom: 18 };
const fmt = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, signDisplay: 'exceptZero' });

/**
 * The fit's residuals: ln(rate / fitted) of each point used against its date, around a zero line
 * (a trend in them says the model or the start is wrong), with a table of the same numbers.
 * A few hundred points at most in SVG: small enough (decision 023 keeps SVG for small charts).
 */
export function ResidualPlot(props: { residuals: readonly Residual[] }) {
  const { residuals } = props;
  if (!residuals.length) return null;
  const first = residuals[0]!.day;
  const last = residuals[residuals.length - 1]!.day;
  const span = Math.max(1, last - first);
  const top = Math.max(0.25, ...residuals.map((r) => Math.abs(r.residual)));
  const x = (day: number) => PAD.left + ((day - first) / span) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + ((top - v) / (2 * top)) * (H - PAD.top - PAD.bottom);
  return (
    <figure className="residuals">
      <figcaption>Residuals, ln(rate / fitted), of the {residuals.length} points used</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Fit residuals against time">
        <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} stroke="#8c959f" />
        {[top, -top].map((v) => (
          <text key={v} x={PAD.left - 4} y={y(v) + 4} textAnchor="end" fontSize="10" fill="#57606a">
            {fmt.format(v)}
          </text>
        ))}
        <text x={PAD.left} y={H - 4} fontSize="10" fill="#57606a">
          {fromDayIndex(first)}
        </text>
        <text x={W - PAD.right} y={H - 4} fontSize="10" fill="#57606a" textAnchor="end">
          {fromDayIndex(last)}
        </text>
        {residuals.map((r) => (
          <circle key={r.day} cx={x(r.day)} cy={y(r.residual)} r={2.5} fill="#8250df">
            <title>{`${fromDayIndex(r.day)}: ${fmt.format(r.residual)}`}</title>
          </circle>
        ))}
      </svg>
      <details>
        <summary>Residuals table</summary>
        <div className="residual-table">
          <table>
            <thead>
              <tr>
                <th>Date</th>
                <th className="num">Rate</th>
                <th className="num">Fitted</th>
                <th className="num">ln(rate / fitted)</th>
              </tr>
            </thead>
            <tbody>
              {residuals.map((r) => (
                <tr key={r.day}>
                  <td>{fromDayIndex(r.day)}</td>
                  <td className="num">{r.rate.toPrecision(4)}</td>
                  <td className="num">{r.fitted.toPrecision(4)}</td>
                  <td className="num">{fmt.format(r.residual)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
