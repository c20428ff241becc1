import { describe, expect, it } from 'vitest';
import { forecastWells } from './forecastWells';

const projectWells = [
  { id: 'a', wellName: 'ALPHA 1H' },
  { id: 'b', wellName: 'BRAVO 2H' },
  { id: 'c', wellName: 'CHARLIE 3H' },
];

describe('the wells of a forecast', () => {
  it('lists the forecast’s wells by name, and one the project list did not bring by its id', () => {
    const { options } = forecastWells({ wells: ['z', 'c', 'a'] }, projectWells);
    expect(options.map((w) => w.wellName)).toEqual(['ALPHA 1H', 'CHARLIE 3H', 'z']);
  });

  it('shows the wanted well when the forecast holds it, else the first', () => {
    expect(forecastWells({ wells: ['a', 'c'] }, projectWells, 'c').current?.id).toBe('c');
    expect(forecastWells({ wells: ['a', 'c'] }, projectWells, 'b').current?.id).toBe('a');
    expect(forecastWells({ wells: [] }, projectWells).current).toBeUndefined();
  });
});
