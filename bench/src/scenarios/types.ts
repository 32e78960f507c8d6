import type { LoadResult } from '../load.ts';

/** What a scenario knows about the server under test. */
export interface BenchContext {
  baseURL: string;
  /** Set when login and opening the benchmark archive worked; scenarios needing it are skipped otherwise. */
  session?: BenchSession;
}

export interface BenchSession {
  accessToken: string;
  archiveId: number;
  archiveName: string;
}

export interface BenchRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path and query, e.g. `/api/persona?pageNumber=1&pageSize=15`. */
  path: string;
  body?: unknown;
}

/** One load of a scenario that measures by itself: `requests` on `connections` for the run's duration. */
export type MeasureLoad = (
  requests: Array<BenchRequest & { headers: Record<string, string> }>,
  connections: number,
) => Promise<LoadResult>;

export interface MeasuredRow {
  name: string;
  description: string;
  result: LoadResult;
  note?: string;
}

export interface Scenario {
  /** Short unique name shown in the table, e.g. `people.list`. */
  name: string;
  description: string;
  /** True when the requests need the bearer token and the X-Archive-Id header. */
  needsArchive: boolean;
  /**
   * One or more requests; autocannon cycles through them on each connection. A scenario may read the
   * archive first (through `context`) to find what its requests name.
   */
  requests(context: BenchContext): BenchRequest[] | Promise<BenchRequest[]>;
  /**
   * A scenario that is more than one load (e.g. a flood while reads run) measures by itself with
   * `load` and returns its rows; `requests` are then only probed before it starts.
   */
  measure?(context: BenchContext, load: MeasureLoad, headers: Record<string, string>): Promise<MeasuredRow[]>;
}

/** Each file in this folder exports `scenarios: Scenario[]` for its area; run.ts finds them by itself. */
export type ScenarioModule = { scenarios: Scenario[] };
