import type { BenchSession, Scenario } from './scenarios/types.ts';

export const BENCH_ACCOUNT = { username: 'demo@stabile.it', password: 'demo-stabile' };

interface Envelope {
  data: unknown;
  error: { code?: number; message?: string } | null;
}

/** One API call with its envelope read (for setting up a session or a scenario). */
export async function call(
  baseURL: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<{ status: number; body: Envelope | undefined }> {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: Envelope | undefined;
  try {
    parsed = JSON.parse(text) as Envelope;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed };
}

export function describeFailure(result: { status: number; body: Envelope | undefined }): string {
  const error = result.body?.error;
  return error ? `${result.status} (code ${error.code}: ${error.message})` : String(result.status);
}

/** Reads a field under any of the names the archive list might use. */
function pick(record: Record<string, unknown>, names: string[]): unknown {
  for (const name of names) if (record[name] !== undefined && record[name] !== null) return record[name];
  return undefined;
}

/**
 * Logs in as the demo account, finds `archiveName` (else the first archive) and unlocks it for the
 * session. Never throws: returns the note explaining what is missing instead.
 */
export async function openBenchSession(
  baseURL: string,
  archiveName: string,
): Promise<{ session?: BenchSession; notes: string[] }> {
  const notes: string[] = [];
  const login = await call(baseURL, 'POST', '/user/login', {}, { ...BENCH_ACCOUNT, keepLogin: false });
  const accessToken = (login.body?.data as { accessToken?: string } | null)?.accessToken;
  if (login.status >= 300 || !accessToken) {
    notes.push(`login not available yet: POST /user/login answered ${describeFailure(login)}`);
    return { notes };
  }
  const bearer = { authorization: `Bearer ${accessToken}` };

  const list = await call(baseURL, 'GET', '/api/db', bearer);
  const data = list.body?.data;
  const archives = (
    Array.isArray(data) ? data : ((data as { items?: unknown[] } | null)?.items ?? [])
  ) as Array<Record<string, unknown>>;
  if (list.status >= 300 || archives.length === 0) {
    notes.push(`archive list not available: GET /api/db answered ${describeFailure(list)}`);
    return { notes };
  }
  const nameOf = (a: Record<string, unknown>) =>
    String(pick(a, ['name', 'nome', 'descrizione', 'nomeDb']) ?? '');
  let archive = archives.find((a) => nameOf(a) === archiveName);
  if (!archive) {
    archive = archives[0]!;
    notes.push(`archive "${archiveName}" not found: measuring "${nameOf(archive)}" instead`);
  }
  const archiveId = Number(pick(archive, ['id', 'idDb', 'dbId', 'databaseId']));
  const headers = { ...bearer, 'x-archive-id': String(archiveId) };

  // Unprotected archives are opened; the password call is the fallback for a protected one.
  const open = await call(baseURL, 'GET', '/api/db/open?ritornaInfo=true', headers);
  if (open.status >= 300) {
    const unlock = await call(baseURL, 'POST', '/api/db/login', headers, {
      password: process.env.BENCH_ARCHIVE_PASSWORD ?? '',
    });
    if (unlock.status >= 300) {
      notes.push(
        `could not open archive ${archiveId}: /api/db/open ${describeFailure(open)}, /api/db/login ${describeFailure(unlock)}`,
      );
      return { notes };
    }
  }
  return { session: { accessToken, archiveId, archiveName: nameOf(archive) }, notes };
}

/** The data of an API call of the bench's archive session; throws naming the call when it fails. */
export async function sessionData<T>(
  baseURL: string,
  session: BenchSession,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const headers = {
    authorization: `Bearer ${session.accessToken}`,
    'x-archive-id': String(session.archiveId),
  };
  const result = await call(baseURL, method, path, headers, body);
  if (result.status >= 300) throw new Error(`${method} ${path} answered ${describeFailure(result)}`);
  return result.body?.data as T;
}

/**
 * The requests of one scenario on a server, ready for autocannon: logs in and opens the bench
 * archive first when the scenario needs it (the profiling commands, which start one server each).
 */
export async function scenarioRequests(
  baseURL: string,
  scenario: Scenario,
): Promise<Array<{ method: string; path: string; headers: Record<string, string>; body?: string }>> {
  const { session, notes } = await openBenchSession(baseURL, process.env.BENCH_ARCHIVE ?? 'Grande');
  if (scenario.needsArchive && !session) throw new Error(notes.join('; '));
  const headers = archiveHeaders(scenario, session);
  // With their bodies: without them a POST scenario measured its validation error (400).
  return (await scenario.requests({ baseURL, session })).map((r) =>
    r.body === undefined
      ? { method: r.method ?? 'GET', path: r.path, headers }
      : {
          method: r.method ?? 'GET',
          path: r.path,
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(r.body),
        },
  );
}

/** The bearer token and X-Archive-Id of the bench session, for a scenario that needs the archive. */
export function archiveHeaders(
  scenario: Scenario,
  session: BenchSession | undefined,
): Record<string, string> {
  if (!scenario.needsArchive || !session) return {};
  return { authorization: `Bearer ${session.accessToken}`, 'x-archive-id': String(session.archiveId) };
}
