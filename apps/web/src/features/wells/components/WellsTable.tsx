import type { Well, WellHeaderName } from '@econ/contract';
import { Link } from '@tanstack/react-router';
import { SortHeader } from '../../../components/Pager';
import { columnTitle, formatValue, NAME_COLUMN } from '../model/columns';

/** A table of wells with the chosen columns; every column sorts (the API sorts by any header). */
export function WellsTable(props: {
  projectId: string;
  label: string;
  wells: readonly Well[];
  columns: readonly WellHeaderName[];
  sort: string;
  onSort: (sort: string) => void;
}) {
  const { projectId, label, wells, columns, sort, onSort } = props;
  return (
    <div className="table-scroll">
      <table className="wells" aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <SortHeader key={c} field={c} label={columnTitle(c)} sort={sort} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {wells.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="muted">
                No wells
              </td>
            </tr>
          )}
          {wells.map((w) => (
            <tr key={w.id}>
              {columns.map((c) =>
                c === NAME_COLUMN ? (
                  <td key={c}>
                    <Link to="/projects/$projectId/wells/$wellId" params={{ projectId, wellId: w.id }}>
                      {w.wellName}
                    </Link>
                  </td>
                ) : (
                  <td key={c} className={typeof w[c] === 'number' ? 'num' : undefined}>
                    {formatValue(c, w[c])}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
