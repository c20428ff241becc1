import type { Scenario } from '@econ/contract';
import { Link } from '@tanstack/react-router';

/** A project's scenarios, each opening its economics page (assignments, runs, results). */
export function ScenarioList({ projectId, scenarios }: { projectId: string; scenarios: readonly Scenario[] }) {
  if (scenarios.length === 0) return <p className="muted">No scenarios yet.</p>;
  return (
    <table aria-label="Scenarios">
      <thead>
        <tr>
          <th scope="col">Scenario</th>
          <th scope="col">Wells</th>
          <th scope="col">Updated</th>
        </tr>
      </thead>
      <tbody>
        {scenarios.map((s) => (
          <tr key={s.id}>
            <td>
              <Link to="/projects/$projectId/scenarios/$scenarioId" params={{ projectId, scenarioId: s.id }}>
                {s.name}
              </Link>
            </td>
            <td>{s.wells.length}</td>
            <td>{new Date(s.updatedAt).toLocaleString()}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
