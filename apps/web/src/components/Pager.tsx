/** Previous / next for a skip-take list, with the position in the whole. */
export function Pager(props: {
  skip: number;
  take: number;
  total: number;
  hasNext: boolean;
  onSkip: (skip: number) => void;
}) {
  const { skip, take, total, hasNext, onSkip } = props;
  const last = Math.min(skip + take, total);
  return (
    <div className="pager">
      <button type="button" disabled={skip === 0} onClick={() => onSkip(Math.max(0, skip - take))}>
        Previous
      </button>
      <span className="muted">{total === 0 ? 'Nothing yet' : `${skip + 1}–${last} of ${total}`}</span>
      <button type="button" disabled={!hasNext} onClick={() => onSkip(skip + take)}>
        Next
      </button>
    </div>
  );
}

/** A column header that sorts by `field` / `-field` (`title`: what the column holds, on hover). */
export function SortHeader(props: {
  field: string;
  label: string;
  sort: string;
  onSort: (sort: string) => void;
  title?: string | undefined;
}) {
  const { field, label, sort, onSort, title } = props;
  const dir = sort === field ? '▲' : sort === `-${field}` ? '▼' : '';
  return (
    <th aria-sort={sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : 'none'} title={title}>
      <button type="button" onClick={() => onSort(sort === field ? `-${field}` : field)}>
        {label} {dir}
      </button>
    </th>
  );
}
