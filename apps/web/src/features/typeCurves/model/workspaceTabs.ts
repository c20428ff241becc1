import { z } from 'zod';

/** The tabs of the type-curve workspace, in their order on the page. */
export const TC_TABS = ['curve', 'fits', 'normalization', 'wells', 'volumes'] as const;
export type TcTab = (typeof TC_TABS)[number];

export const TC_TAB_LABELS: Record<TcTab, string> = {
  curve: 'Curve',
  fits: 'Fits',
  normalization: 'Normalization',
  wells: 'Wells',
  volumes: 'Volumes',
};

/** The type-curve page's address: the open tab (`?tab=fits`); a bad or missing value opens the curve. */
export const TypeCurveSearch = z.object({
  tab: z.enum(TC_TABS).catch('curve').default('curve'),
});
export type TypeCurveSearch = z.infer<typeof TypeCurveSearch>;

/**
 * The tab a key moves to from `current` (WAI-ARIA tabs pattern: arrows wrap, Home and End go to
 * the ends); undefined for any other key.
 */
export function tabAfterKey<T>(tabs: readonly T[], current: T, key: string): T | undefined {
  const i = tabs.indexOf(current);
  const n = tabs.length;
  if (n === 0) return undefined;
  switch (key) {
    case 'ArrowRight':
      return tabs[(i + 1) % n];
    case 'ArrowLeft':
      return tabs[(i - 1 + n) % n];
    case 'Home':
      return tabs[0];
    case 'End':
      return tabs[n - 1];
    default:
      return undefined;
  }
}
