import { describe, expect, it } from 'vitest';
import { TC_TABS, TypeCurveSearch, tabAfterKey } from './workspaceTabs';

describe('type-curve workspace tabs', () => {
  it('reads the tab from the address and falls back to the curve', () => {
    expect(TypeCurveSearch.parse({ tab: 'fits' }).tab).toBe('fits');
    expect(TypeCurveSearch.parse({}).tab).toBe('curve');
    expect(TypeCurveSearch.parse({ tab: 'nope' }).tab).toBe('curve');
  });

  it('moves with the arrows (wrapping), Home and End', () => {
    expect(tabAfterKey(TC_TABS, 'curve', 'ArrowRight')).toBe('fits');
    expect(tabAfterKey(TC_TABS, 'volumes', 'ArrowRight')).toBe('curve');
    expect(tabAfterKey(TC_TABS, 'curve', 'ArrowLeft')).toBe('volumes');
    expect(tabAfterKey(TC_TABS, 'wells', 'Home')).toBe('curve');
    expect(tabAfterKey(TC_TABS, 'fits', 'End')).toBe('volumes');
    expect(tabAfterKey(TC_TABS, 'fits', 'Enter')).toBeUndefined();
  });
});
