import type { Forecast } from '@econ/contract';
import { Link } from '@tanstack/react-router';

/** A project's forecasts, each opening its segment editor. */
export function ForecastList({ projectId, forecasts }: { projectId: string; forecasts: readonly Forecast[] }) {
  if (forecasts.length === 0) return <p className="muted">No forecasts yet.</p>;
  return (
    <table aria-label="Forecasts">
      <thead>
        <tr>
          <th>Forecast</th>
          <th>Type</th>
          <th>Wells</th>
          <th>Updated</th>
        </tr>
      </thead>
      <tbody>
        {forecasts.map((f) => (
          <tr key={f.id}>
            <td>
              <Link to="/projects/$projectId/forecasts/$forecastId" params={{ projectId, forecastId: f.id }}>
                {f.name}
              </Link>
            </td>
            <td>{f.type}</td>
            <td>{f.wells.length}</td>
            <td>{new Date(f.updatedAt).toLocaleString()}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
