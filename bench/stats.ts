/** The value at fraction `p` (0.5 for p50, 0.99 for p99) of an ascending list; 0 when empty. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** The targets for routes at ten connections on the five-year set. */
export const TARGETS = { vsTwin: 0.8, p99Ms: 25 } as const;

/**
 * The route rows that miss a target: a ratio to the twin under 0.8, a p99 over 25 ms (with the
 * twin's p99 beside it: a twin as slow means the query's own cost). The bare route has no twin.
 */
export function targetMisses(rows: ReadonlyArray<Record<string, string | number>>) {
  const withTwin = rows.filter((r) => r['vs twin'] !== undefined);
  return {
    underTwin: withTwin.filter((r) => Number(r['vs twin']) < TARGETS.vsTwin).map((r) => `${r.label} ${r['vs twin']}`),
    overP99: withTwin
      .filter((r) => Number(r['p99 ms']) > TARGETS.p99Ms)
      .map((r) => `${r.label} ${r['p99 ms']} (twin ${r['twin p99 ms']})`),
  };
}
