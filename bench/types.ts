import type { Db } from '../server/src/db/index.js';

export interface SeedContext {
  db: Db;
  userId: number;
}

export interface RunContext {
  baseUrl: string;
  token: string;
  /** The bench server's DATA_DIR (a scenario may start a second server on the same database). */
  dataDir: string;
}

/** A route loaded with autocannon; its throughput is reported next to the bare route's. */
export interface BenchRoute {
  label: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /**
   * What the route answers when its statements find no rows, for a route whose answer then
   * comes from the app's built-in values (a coach's settings never saved answer the built-in
   * prompts). Its twin answers `JSON.stringify` of this value in that case, as a bare handler
   * doing the same job would (`row ?? defaults`), instead of `[]`: otherwise the ratio measures
   * the answer's bytes on the wire, not the app's overhead.
   */
  twinWithoutRows?: unknown;
}

/** One row of the printed table; `measure` may report any columns it needs. */
export type BenchRow = { label: string } & Record<string, string | number>;

export interface BenchScenario {
  name: string;
  /** Runs only when `--only` names it (its seed would collide with the others'). */
  alone?: boolean;
  /** Seeds the bench user's data straight into the database before the server starts. */
  seed?(ctx: SeedContext): Promise<void>;
  routes?: BenchRoute[];
  /** Custom measurements (streams, multi-step flows) against the running server. */
  measure?(ctx: RunContext): Promise<BenchRow[]>;
}
