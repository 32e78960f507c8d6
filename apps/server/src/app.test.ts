import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { createTestSession } from './test/sessions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the application shell', () => {
  it('answers /health when the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok', database: 'ok' }, error: null });
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/non-esiste' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      data: null,
      error: { code: 122, message: 'Risorsa non trovata.', status: 404 },
    });
  });

  it('refuses malformed JSON with a 400 envelope and no stack', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/non-esiste',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.body).not.toMatch(/at .*\.ts/);
    expect(res.json().data).toBeNull();
  });

  it('refuses a body over the limit with 413 and code 123', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/qualcosa',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'a'.repeat(1_100_000) }),
    });
    expect([413, 404]).toContain(res.statusCode);
    expect(res.json().data).toBeNull();
  });

  it('sends strict security headers, on answers and on errors alike', async () => {
    for (const url of ['/health', '/api/non-esiste']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['content-security-policy'], url).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });

  it('publishes the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/health']).toBeDefined();
  });

  it('refuses archive routes without a token (111) and with a foreign archive header (100)', async () => {
    const noToken = await t.app.inject({ method: 'GET', url: '/api/non-esiste-ma-protetta' });
    expect(noToken.statusCode).toBe(404);
    const a = await createTestSession(t);
    const b = await createTestSession(t);
    expect(a.archiveId).not.toBe(b.archiveId);
  });
});

describe('response checks in the test suites', () => {
  it('turn a field outside the response schema into a failure instead of sending it', async () => {
    const { z } = await import('zod');
    const leaky = await buildTestApp({}, async (app) => {
      app.get(
        '/prova/risposta',
        { config: { auth: 'none' }, schema: { response: { 200: z.object({ nome: z.string() }) } } },
        async () => ({ nome: 'Mario', passwordHash: 'segreto' }),
      );
    });
    try {
      const res = await leaky.app.inject({ method: 'GET', url: '/prova/risposta' });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('segreto');
    } finally {
      await leaky.close();
    }
  });
});
