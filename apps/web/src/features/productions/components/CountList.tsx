/** One figure of a count list: the number, what it counts, and whether a non-zero count is bad news. */
export interface Count {
  value: number;
  label: string;
  bad?: boolean;
}

/** A row of labelled figures (rows checked, records created…), the bad ones red when not zero. */
export function CountList(props: { label: string; counts: Count[] }) {
  return (
    <ul className="imp-counts" aria-label={props.label}>
      {props.counts.map((c) => (
        <li key={c.label} className={c.bad && c.value > 0 ? 'bad' : undefined}>
          <strong>{c.value.toLocaleString('en-US')}</strong> {c.label}
        </li>
      ))}
    </ul>
  );
}
