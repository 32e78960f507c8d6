import { statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRegistryRow } from '../modules/activities/activity.fixtures.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../test/sessions.ts';

/**
 * What an outside attack test found at the edges of the API, on both databases: every answer in
 * the envelope, authentication before validation, no 500 for what the databases cannot store,
 * simultaneous creations answered alike, no cache of private answers, searches of symbols only.
 */

let t: TestApp;
let s: TestSession;
beforeAll(async () => {
  t = await buildTestApp();
  s = await createTestSession(t);
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const inject = (
  method: string,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = s.headers,
) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });

function expectEnvelope(res: { statusCode: number; json(): unknown }, status: number, code: number) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as {
    data: unknown;
    error: { code: number; message: string; status: number; details?: unknown };
  };
  expect(body).toEqual({
    data: null,
    error: {
      code,
      message: expect.any(String),
      status,
      ...(body.error.details === undefined ? {} : { details: expect.any(Array) }),
    },
  });
  // Italian, not Fastify's English.
  expect(body.error.message).not.toMatch(/\b(the|is|not|valid|exceeding|Bad Request)\b/);
  return body.error;
}

describe('answers Fastify and Node would give on their own', () => {
  it('a path that does not decode: 400 in the envelope', async () => {
    const res = await inject('GET', '/api/persona/%C0%AE%C0%AE%2F');
    const error = expectEnvelope(res, 400, 110);
    expect(error.message).toContain('indirizzo');
  });

  it('a path parameter over 100 characters: 414 in the envelope', async () => {
    const res = await inject('GET', `/api/persona/${'1'.repeat(150)}`);
    expectEnvelope(res, 414, 110);
  });

  it('headers over 16 KB: 431 in the envelope, from a real socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: '/api/persona', headers: { 'x-riempitivo': 'a'.repeat(20_000) } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => {
            body += chunk.toString('utf8');
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({
      data: null,
      error: { code: 110, status: 431, message: expect.stringContaining('intestazioni') },
    });
  });
});

describe('authentication comes before validation', () => {
  it('no token: 111, whatever the input', async () => {
    for (const res of [
      await inject('POST', '/api/persona', { descr: 5, email: 'x' }, {}),
      await inject('PUT', '/api/persona/abc', { objVersion: 'x' }, {}),
      await inject('GET', '/api/attivita?pageSize=100000&stato=9', undefined, {}),
      await t.app.inject({
        method: 'POST',
        url: '/api/persona',
        headers: { 'content-type': 'application/json' },
        payload: '{"descr":',
      }),
    ]) {
      expectEnvelope(res, 401, 111);
    }
  });
});

describe('what the databases cannot store is refused by the contract (113)', () => {
  it('a NUL character in any text, login included', async () => {
    const login = await inject('POST', '/user/login', { username: 'a\u0000@x.it', password: 'x' }, {});
    expect(login.statusCode).toBe(400);
    expect([108, 113]).toContain(login.json().error.code);
    const id = await insertRegistryRow(t.database.db, 'persons', s.archiveId, 'Mario Bianchi');
    const create = await inject('POST', '/api/persona', { descr: 'Mario\u0000Rossi' });
    expectEnvelope(create, 400, 113);
    expect(create.json().error.message).toContain('carattere non ammesso');
    const search = await inject('GET', '/api/persona?searchQuery=ros%00si');
    expectEnvelope(search, 400, 113);
    const type = await inject('POST', '/api/attivita/tipo', { descr: 'Guasto\u0000' });
    expectEnvelope(type, 400, 113);
    const update = await inject('PUT', `/api/persona/${id}`, { descr: 'Ok', note: 'a\u0000', objVersion: 1 });
    expectEnvelope(update, 400, 113);
  });

  it('an integer beyond its column: objVersion 2^31 and more', async () => {
    const id = await insertRegistryRow(t.database.db, 'persons', s.archiveId, 'Luigi Verdi');
    for (const objVersion of [2 ** 31, 2 ** 53, -(2 ** 31) - 1]) {
      const res = await inject('PUT', `/api/persona/${id}`, { descr: 'Luigi Verdi', objVersion });
      expectEnvelope(res, 400, 113);
      const removed = await inject('DELETE', `/api/persona/${id}?objVersion=${objVersion}`);
      expectEnvelope(removed, 400, 113);
    }
    const big = await inject('GET', `/api/persona?pageNumber=${2 ** 31}`);
    expectEnvelope(big, 400, 113);
  });
});

describe('simultaneous creations answer alike on both databases', () => {
  it('ten POST /api/attivita/tipo of one text: one 201, nine 409 with code 115', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        inject('POST', '/api/attivita/tipo', { descr: 'Infiltrazione tetto' }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const res of answers.filter((r) => r.statusCode === 409)) expectEnvelope(res, 409, 115);
  });

  it('ten POST /api/nazione of one text: every answer is the one entry', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => inject('POST', '/api/nazione', { testo: 'Liechtenstein' })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((res) => res.json().data.id)).size).toBe(1);
  });
});

describe('headers of private answers', () => {
  it('Cache-Control: no-store on every /user and /api answer, errors included', async () => {
    for (const res of [
      await inject('POST', '/user/login', { username: 'nessuno@x.it', password: 'sbagliata' }, {}),
      await inject('GET', '/user/islogged', undefined, {}),
      await inject('GET', '/api/persona'),
      await inject('GET', '/api/persona', undefined, {}),
      await inject('GET', '/api/non-esiste'),
      await inject('GET', '/api/docs/json', undefined, {}),
    ]) {
      expect(res.headers['cache-control'], res.body.slice(0, 80)).toBe('no-store');
    }
  });

  it('HSTS only when PUBLIC_URL is https', async () => {
    const plain = await inject('GET', '/health', undefined, {});
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await buildTestApp({ PUBLIC_URL: 'https://stabile.example.it' });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/health' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});

describe('searches escape their symbols', () => {
  it('"%%%" and "___" match nothing, rather than everything', async () => {
    await insertRegistryRow(t.database.db, 'persons', s.archiveId, 'Anna Neri');
    const all = await inject('GET', '/api/persona');
    expect(all.json().data.length).toBeGreaterThan(0);
    for (const text of ['%%%', '___', '%_%']) {
      const people = await inject('GET', `/api/persona?searchQuery=${encodeURIComponent(text)}`);
      expect(people.statusCode).toBe(200);
      expect(people.json().data).toEqual([]);
      const activities = await inject('GET', `/api/attivita?searchQuery=${encodeURIComponent(text)}`);
      expect(activities.statusCode, activities.body).toBe(200);
      expect(activities.json().data).toEqual([]);
      const applicants = await inject(
        'GET',
        `/api/attivita/richiedenti?searchQuery=${encodeURIComponent(text)}`,
      );
      expect(applicants.json().data).toEqual([]);
    }
    const found = await inject('GET', '/api/persona?searchQuery=neri');
    expect(found.json().data.map((p: { descr: string }) => p.descr)).toContain('Anna Neri');
  });
});

describe('files that hold data or secrets', () => {
  it('secrets.json is 0600 in a 0700 data folder', () => {
    const mode = (file: string) => statSync(file).mode & 0o777;
    expect(mode(path.join(t.config.dataDir, 'secrets.json'))).toBe(0o600);
    expect(mode(t.config.dataDir)).toBe(0o700);
  });
});
