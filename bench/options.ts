// How `npm run bench` was asked to run, for every measurement.

/** `--quick`: small request counts and fewer runs, to see that each part prints; its figures are no figures. */
export const quick = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';

/** The spread of a list of figures, `min–max`. */
export const spread = (values: number[], digits = 2): string =>
  `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
