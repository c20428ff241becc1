import { econModelExample, OwnershipReversionFunctions, REVERSION_KEYS } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import {
  completeReversion,
  moveItem,
  newReversion,
  removeItem,
  reversionSlots,
  reversionsOf,
  withReversionType,
} from './ownershipReversionList';

const initialOwnership = {
  workingInterest: 100,
  netProfitInterestType: 'expense',
  netProfitInterest: 0,
  netRevenueInterest: 80,
  leaseNetRevenueInterest: 80,
};
const rev = (workingInterest: number, over: Record<string, unknown> = {}) => ({
  reversionType: 'PayoutWithInvestment',
  reversionValue: 0,
  balance: 'gross',
  includeNetProfitInterest: 'yes',
  netProfitInterest: 0,
  workingInterest,
  ...over,
});
/** The ownership a form would submit for a list. */
const ownershipOf = (list: Record<string, unknown>[]) => ({ initialOwnership, ...reversionSlots(list) });

describe('reversionsOf', () => {
  it('reads the used keys in order, skipping null and absent ones', () => {
    const o = { initialOwnership, firstReversion: rev(75), secondReversion: null, thirdReversion: rev(50) };
    expect(reversionsOf(o).map((r) => r.workingInterest)).toEqual([75, 50]);
  });
  it('reads nothing from a missing ownership', () => {
    expect(reversionsOf(undefined)).toEqual([]);
    expect(reversionsOf({ initialOwnership })).toEqual([]);
  });
});

describe('reversionSlots', () => {
  it('maps a list onto firstReversion… in order, null after it', () => {
    const slots = reversionSlots([rev(75), rev(50)]);
    expect(Object.keys(slots)).toEqual([...REVERSION_KEYS]);
    expect(slots.firstReversion?.workingInterest).toBe(75);
    expect(slots.secondReversion?.workingInterest).toBe(50);
    expect(REVERSION_KEYS.slice(2).map((k) => slots[k])).toEqual(Array(8).fill(null));
  });
  it('round-trips with reversionsOf', () => {
    const list = [rev(90), rev(80), rev(70)].map(completeReversion);
    expect(reversionsOf(reversionSlots(list))).toEqual(list);
  });
  it('takes ten and refuses eleven', () => {
    const ten = Array.from({ length: 10 }, (_, i) => rev(i));
    expect(reversionSlots(ten).tenthReversion?.workingInterest).toBe(9);
    expect(() => reversionSlots([...ten, rev(10)])).toThrow(RangeError);
  });
  it('gives every slot every key, so setting a slot overwrites all its inputs', () => {
    const slot = reversionSlots([rev(75, { oilNetRevenueInterest: 70 })]).firstReversion ?? {};
    expect(slot.oilNetRevenueInterest).toBe(70);
    expect(slot.gasNetRevenueInterest).toBeNull();
    expect('netRevenueInterest' in slot && slot.netRevenueInterest === undefined).toBe(true);
  });
  it('passes the contract after removing from the middle (no gaps)', () => {
    const list = removeItem([rev(90), rev(80), rev(70)], 1);
    const parsed = OwnershipReversionFunctions.safeParse({ ownership: ownershipOf(list) });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.ownership.secondReversion?.workingInterest).toBe(70);
  });
});

describe('moveItem and removeItem', () => {
  it('moves up and down, and clamps at the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });
  it('removes one item', () => {
    expect(removeItem(['a', 'b', 'c'], 0)).toEqual(['b', 'c']);
  });
});

describe('newReversion', () => {
  it('keeps the interests in force before it', () => {
    const o = ownershipOf([rev(75, { netRevenueInterest: 60, netProfitInterest: 5 })]);
    expect(newReversion(o)).toMatchObject({ workingInterest: 75, netRevenueInterest: 60, netProfitInterest: 5 });
    expect(newReversion({ initialOwnership })).toMatchObject({ workingInterest: 100, netRevenueInterest: 80 });
  });
  it('is valid as it comes', () => {
    const example = econModelExample('ownership-reversions') as { ownership: Record<string, unknown> };
    const list = [...reversionsOf(example.ownership), newReversion(example.ownership)];
    const body = { ownership: { ...example.ownership, ...reversionSlots(list) } };
    expect(OwnershipReversionFunctions.safeParse(body).success).toBe(true);
  });
});

describe('withReversionType', () => {
  it('restarts a number as an empty date when switching to Date or AsOf', () => {
    expect(withReversionType(rev(75, { reversionValue: 1000 }), 'Date').reversionValue).toBe('');
    expect(withReversionType(rev(75, { reversionValue: 1000 }), 'AsOf').reversionValue).toBe('');
  });
  it('keeps a date between Date and AsOf, and a number between numeric types', () => {
    const dated = rev(75, { reversionType: 'Date', reversionValue: '2030-01-01' });
    expect(withReversionType(dated, 'AsOf').reversionValue).toBe('2030-01-01');
    expect(withReversionType(rev(75, { reversionValue: 12 }), 'Irr').reversionValue).toBe(12);
  });
  it('restarts a date, or an unfinished number, as 0 for a numeric type', () => {
    const dated = rev(75, { reversionType: 'Date', reversionValue: '2030-01-01' });
    expect(withReversionType(dated, 'WhCumOil').reversionValue).toBe(0);
    expect(withReversionType(rev(75, { reversionValue: Number.NaN }), 'WhCumGas').reversionValue).toBe(0);
  });
  it('fills empty balance and includeNetProfitInterest for numeric types only', () => {
    const dated = rev(75, {
      reversionType: 'Date',
      reversionValue: '2030-01-01',
      balance: '',
      includeNetProfitInterest: '',
    });
    expect(withReversionType(dated, 'AsOf')).toMatchObject({ balance: '', includeNetProfitInterest: '' });
    expect(withReversionType(dated, 'Irr')).toMatchObject({ balance: 'gross', includeNetProfitInterest: 'yes' });
    expect(withReversionType(rev(75, { balance: 'net' }), 'Irr').balance).toBe('net');
  });
  it('gives a body the contract takes once a date is picked', () => {
    const switched = { ...withReversionType(rev(75), 'Date'), reversionValue: '2031-06-15' };
    const parsed = OwnershipReversionFunctions.safeParse({ ownership: ownershipOf([switched]) });
    expect(parsed.success).toBe(true);
  });
});
