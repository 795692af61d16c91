/** The value at fraction `p` (0.5 for p50, 0.99 for p99) of an ascending list; 0 when empty. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
