import { describe, expect, it } from 'vitest';
import { bearing, niceStep, surveyDrawing } from './drawing';

describe('surveyDrawing', () => {
  it('projects the points on the azimuth from the first point to the last', () => {
    // A well drilled north-east: 3-4-5 triangles.
    const d = surveyDrawing({
      deviationEW: [0, 0, 300, 600],
      deviationNS: [0, 0, 400, 800],
      trueVerticalDepth: [0, 5000, 5400, 5400],
    });
    expect(d.sectionAzimuth).toBeCloseTo(36.87, 2);
    expect(d.section.map((p) => p.displacement)).toEqual([0, 0, 500, 1000].map((v) => expect.closeTo(v, 9)));
    expect(d.section.map((p) => p.tvd)).toEqual([0, 5000, 5400, 5400]);
    expect(d.plan[3]).toEqual({ ew: 600, ns: 800 });
  });

  it('gives the plan axes domains of one length on round ticks that hold every point', () => {
    const d = surveyDrawing({
      deviationEW: [0, 50, 120],
      deviationNS: [0, -4000, -8000],
      trueVerticalDepth: [0, 1, 2],
    });
    const [ew, ns] = [d.planAxes.ew.domain, d.planAxes.ns.domain];
    expect(ew[1] - ew[0]).toBeCloseTo(ns[1] - ns[0], 9);
    expect(d.planAxes.ns.ticks).toEqual([-10000, -8000, -6000, -4000, -2000, 0, 2000]);
    expect(d.planAxes.ew.ticks[0]).toBe(ew[0]);
    for (const t of d.planAxes.ew.ticks) expect(Math.abs(t % 2000)).toBe(0);
    expect(ns[0]).toBeLessThan(-8000);
    expect(ns[1]).toBeGreaterThan(0);
    expect(ew[0]).toBeLessThan(0);
    expect(ew[1]).toBeGreaterThan(120);
    expect(d.sectionAzimuth).toBeCloseTo(180 - (Math.atan2(120, 8000) * 180) / Math.PI, 9);
    expect(d.section[2]!.displacement).toBeCloseTo(Math.hypot(120, 8000), 6);
  });

  it('draws a vertical well with azimuth 0 and a box around the hole', () => {
    const d = surveyDrawing({ deviationEW: [0, 0], deviationNS: [0, 0], trueVerticalDepth: [0, 9000] });
    expect(d.sectionAzimuth).toBe(0);
    expect(d.section.map((p) => p.displacement)).toEqual([0, 0]);
    expect(d.planAxes.ew.domain[1] - d.planAxes.ew.domain[0]).toBeGreaterThanOrEqual(200);
  });
});

describe('bearing', () => {
  it.each([
    [0, 'due north'],
    [8, 'N 8° E'],
    [135, 'S 45° E'],
    [182, 'S 2° W'],
    [270, 'due west'],
    [359.6, 'due north'],
    [300, 'N 60° W'],
  ])('%s° is %s', (az, text) => {
    expect(bearing(az)).toBe(text);
  });
});

describe('niceStep', () => {
  it.each([
    [9946, 2000],
    [1000, 200],
    [220, 50],
    [12, 2.5],
  ])('over %s FT steps %s FT', (length, step) => {
    expect(niceStep(length)).toBe(step);
  });
});
