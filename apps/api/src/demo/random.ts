/**
 * A seeded pseudo-random source (mulberry32, 32-bit state), so a demo history is the same on every
 * run for the same seed. Not for anything secret.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** A whole number uniform in [min, max] inclusive. */
  int(min: number, max: number): number;
  /** Standard normal (Box–Muller; mean 0, standard deviation 1). */
  normal(): number;
}

/**
 * @example
 * const r = seededRandom(42);
 * r.int(1, 6); // the same sequence for seed 42 every time
 */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    normal: () => {
      const u = 1 - next(); // (0, 1]: log(u) is finite
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
  };
}
