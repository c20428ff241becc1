/**
 * The page's shape while its code or data load (the router's pending component, shown in the
 * console's frame): a heading bar and a few rows, announced as "Loading…".
 */
export function PageSkeleton() {
  return (
    <div className="skeleton" role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">Loading…</span>
      <div className="skeleton-bar skeleton-crumbs" />
      <div className="skeleton-bar skeleton-title" />
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="skeleton-bar skeleton-row" />
      ))}
    </div>
  );
}
