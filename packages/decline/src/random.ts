/**
 * A seeded pseudo-random source (mulberry32, 32-bit state): the same draws for the same seed on
 * every run. The fitter's P10/P50/P90 sampling uses it (results are reproducible), and so do the
 * synthetic wells of the tests and benchmarks.
 *
 * @returns `next()` uniform in [0, 1) and `normal()` standard normal (Box–Muller)
 */
export function seededRandom(seed: number): { next: () => number; normal: () => number } {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Box–Muller; 1 − next() is in (0, 1], so its log is finite.
  const normal = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return { next, normal };
}
