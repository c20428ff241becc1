import { DirectionalSurveyInput } from '@econ/contract';
import { describe, expect, it } from 'vitest';
import { demoWells } from '../demoData';
import { demoSurveys, minimumCurvature } from './surveys';

describe('minimumCurvature', () => {
  it('goes straight down while vertical and straight along the azimuth while horizontal', () => {
    const p = minimumCurvature([
      { md: 0, inc: 0, azi: 0 },
      { md: 1000, inc: 0, azi: 0 },
      { md: 2000, inc: 90, azi: 90 },
      { md: 3000, inc: 90, azi: 90 },
    ]);
    expect(p[1]).toEqual({ tvd: 1000, ns: 0, ew: 0 });
    // A quarter circle of length 1000 has radius 2000/π: it drops and reaches that far east.
    const r = 2000 / Math.PI;
    expect(p[2]!.tvd).toBeCloseTo(1000 + r, 6);
    expect(p[2]!.ew).toBeCloseTo(r, 6);
    expect(p[2]!.ns).toBeCloseTo(0, 9);
    expect(p[3]!.ew - p[2]!.ew).toBeCloseTo(1000, 6);
    expect(p[3]!.tvd).toBeCloseTo(p[2]!.tvd, 6);
  });
});

describe('demo surveys', () => {
  const wells = demoWells();
  const surveys = demoSurveys(wells);

  it('are valid surveys of the first two demo wells', () => {
    expect(surveys.map((s) => s.chosenID)).toEqual([wells[0]!.chosenID, wells[1]!.chosenID]);
    for (const s of surveys) expect(DirectionalSurveyInput.safeParse(s).success).toBe(true);
  });

  it('kick off about 7,000 FT, land at the well TVD and run the lateral length at about 90°', () => {
    surveys.forEach((s, k) => {
      const well = wells[k]!;
      const kickOff = s.measuredDepth[s.inclination.findIndex((i) => i > 0) - 1]!;
      expect(kickOff).toBeGreaterThan(6900);
      expect(kickOff).toBeLessThan(7800);
      const landing = s.inclination.findIndex((i) => i >= 90 - 1e-9);
      expect(s.trueVerticalDepth[landing]).toBeCloseTo(well.trueVerticalDepth!, -1);
      const lateral = s.measuredDepth.at(-1)! - s.measuredDepth[landing]!;
      expect(lateral).toBeCloseTo(well.lateralLength!, 6);
      for (const v of s.trueVerticalDepth.slice(landing))
        expect(Math.abs(v - well.trueVerticalDepth!)).toBeLessThan(40);
    });
  });
});
