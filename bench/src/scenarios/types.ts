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

export interface Scenario {
  /** Short unique name shown in the table, e.g. `people.list`. */
  name: string;
  description: string;
  /** True when the requests need the bearer token and the X-Archive-Id header. */
  needsArchive: boolean;
  /** One or more requests; autocannon cycles through them on each connection. */
  requests(context: BenchContext): BenchRequest[];
}

/** Each file in this folder exports `scenarios: Scenario[]` for its area; run.ts finds them by itself. */
export type ScenarioModule = { scenarios: Scenario[] };
