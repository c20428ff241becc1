import { type ReactNode, useRef } from 'react';
import { tabAfterKey } from '../model/workspaceTabs';

/**
 * Accessible tabs (WAI-ARIA tabs pattern, automatic activation): a tablist whose selected tab is
 * the only one in the tab order, arrows/Home/End move and select, and one labelled tabpanel per tab.
 * The caller owns the selection (the page keeps it in the address) and renders the panels it wants
 * mounted; a panel not selected is `hidden`, so an unsaved draft in it survives a tab change.
 */
export function WorkspaceTabs<T extends string>(props: {
  id: string;
  label: string;
  tabs: readonly T[];
  labels: Record<T, ReactNode>;
  selected: T;
  onSelect: (tab: T) => void;
  /** The panels mounted so far (the selected one always is). */
  mounted: ReadonlySet<T>;
  panel: (tab: T) => ReactNode;
}) {
  const { id, label, tabs, labels, selected, onSelect, mounted, panel } = props;
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (t: T) => `${id}-tab-${t}`;
  const panelId = (t: T) => `${id}-panel-${t}`;
  return (
    <>
      <div role="tablist" aria-label={label} className="tc-tablist">
        {tabs.map((t) => (
          <button
            key={t}
            ref={(el) => {
              if (el) refs.current.set(t, el);
              else refs.current.delete(t);
            }}
            type="button"
            role="tab"
            id={tabId(t)}
            aria-selected={t === selected}
            aria-controls={panelId(t)}
            tabIndex={t === selected ? 0 : -1}
            onClick={() => onSelect(t)}
            onKeyDown={(e) => {
              const next = tabAfterKey(tabs, t, e.key);
              if (next === undefined) return;
              e.preventDefault();
              onSelect(next);
              refs.current.get(next)?.focus();
            }}
          >
            {labels[t]}
          </button>
        ))}
      </div>
      {tabs.map((t) =>
        t === selected || mounted.has(t) ? (
          <div
            key={t}
            role="tabpanel"
            id={panelId(t)}
            aria-labelledby={tabId(t)}
            hidden={t !== selected}
            className="tc-tabpanel"
          >
            {panel(t)}
          </div>
        ) : null,
      )}
    </>
  );
}
