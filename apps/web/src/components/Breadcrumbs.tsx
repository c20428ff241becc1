import type { ReactNode } from 'react';

/**
 * Where the page sits: each step above it a link, ending at the page itself (plain text marked
 * `aria-current="page"`). Separators are drawn by CSS, so a screen reader hears a list of places.
 */
export function Breadcrumbs({ steps, current }: { steps: ReactNode[]; current: ReactNode }) {
  return (
    <nav aria-label="Breadcrumb" className="crumbs">
      <ol>
        {steps.map((step, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the steps are fixed for a page
          <li key={i}>{step}</li>
        ))}
        <li>
          <span aria-current="page">{current}</span>
        </li>
      </ol>
    </nav>
  );
}
