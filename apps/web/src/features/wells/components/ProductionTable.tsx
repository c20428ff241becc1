import type { ProductionRecord } from '@econ/contract';
import { cell } from '../model/format';

/** The main columns of each resolution: phase volumes, time on, choke (and tubing pressure, daily). */
const COLUMNS = {
  daily: [
    ['oil', 'Oil (BBL)'],
    ['gas', 'Gas (MCF)'],
    ['water', 'Water (BBL)'],
    ['ngl', 'NGL (BBL)'],
    ['hoursOn', 'Hours on'],
    ['choke', 'Choke'],
    ['tubingHeadPressure', 'Tubing (psig)'],
  ],
  monthly: [
    ['oil', 'Oil (BBL)'],
    ['gas', 'Gas (MCF)'],
    ['water', 'Water (BBL)'],
    ['ngl', 'NGL (BBL)'],
    ['daysOn', 'Days on'],
    ['choke', 'Choke'],
  ],
} as const;

const ALWAYS: readonly string[] = ['oil', 'gas', 'water'];

/**
 * One page of a well's daily or monthly production records: the phases always, the other main
 * columns when a record of the page has a value there.
 */
export function ProductionTable(props: { resolution: 'daily' | 'monthly'; records: readonly ProductionRecord[] }) {
  const columns = COLUMNS[props.resolution].filter(
    ([field]) => ALWAYS.includes(field) || props.records.some((r) => typeof r[field] === 'number'),
  );
  return (
    <div className="production-scroll">
      <table className="production" aria-label={`${props.resolution === 'daily' ? 'Daily' : 'Monthly'} production`}>
        <thead>
          <tr>
            <th>{props.resolution === 'daily' ? 'Date' : 'Month'}</th>
            {columns.map(([field, label]) => (
              <th key={field} className="num">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.records.map((r) => (
            <tr key={r.date}>
              <td>{props.resolution === 'daily' ? r.date : r.date.slice(0, 7)}</td>
              {columns.map(([field]) => (
                <td key={field} className="num">
                  {cell(r[field])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
