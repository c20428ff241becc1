/**
 * Growth over the second half of a series of RSS samples, as a fraction of their mean: the rise of
 * a least-squares line through them from the first to the last (a leak keeps climbing, a warm heap
 * levels off).
 */
export function secondHalfGrowth(all: number[]): number {
  const ys = all.slice(Math.floor(all.length / 2));
  if (ys.length < 2) return 0;
  const n = ys.length;
  const meanX = (n - 1) / 2;
  const meanY = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of ys.entries()) {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  }
  return ((num / den) * (n - 1)) / meanY;
}
