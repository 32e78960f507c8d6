import { Area, endpoint } from '@stabile/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../test/sessions.ts';
import { route } from './route.ts';

/** A call that creates (201), one of two areas, one public and rate-limited. */
const Prova = {
  crea: endpoint({
    operationId: 'provaCrea',
    method: 'POST',
    path: '/api/prova-opzioni',
    summary: 'Creazione di prova',
    tags: ['prova'],
    area: Area.Activities,
    body: z.object({ nome: z.string() }),
    response: z.object({ id: z.number().int(), nome: z.string() }),
    status: 201,
  }),
  dueAree: endpoint({
    operationId: 'provaDueAree',
    method: 'GET',
    path: '/api/prova-opzioni/due-aree',
    summary: 'Chiamata di due aree',
    tags: ['prova'],
    area: [Area.Activities, Area.Attachments],
    response: z.object({ ok: z.boolean() }),
  }),
  pubblica: endpoint({
    operationId: 'provaPubblica',
    method: 'GET',
    path: '/api/prova-opzioni/pubblica',
    summary: 'Chiamata pubblica limitata',
    tags: ['prova'],
    auth: 'none',
    response: z.object({ ok: z.boolean() }),
  }),
};

describe('route(): a created status, several areas, server-side config', () => {
  let t: TestApp;
  let session: TestSession;
  beforeAll(async () => {
    t = await buildTestApp({}, async (app) => {
      route(app, Prova.crea, async ({ body }) => ({ id: 7, nome: body.nome }));
      route(app, Prova.dueAree, async () => ({ ok: true }));
      route(app, Prova.pubblica, async () => ({ ok: true }), {
        config: { rateLimit: { max: 2, timeWindow: '1 minute' } },
      });
    });
    session = await createTestSession(t);
  });
  afterAll(() => t.close());

  it('answers 201 with the envelope and documents the answer under 201', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/prova-opzioni',
      headers: session.headers,
      payload: { nome: 'Mario' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { id: 7, nome: 'Mario' }, error: null });
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const responses = Object.keys(doc.paths['/api/prova-opzioni'].post.responses);
    expect(responses).toContain('201');
    expect(responses).not.toContain('200');
  });

  it('refuses a user who lacks either of the two areas (120)', async () => {
    const ok = await t.app.inject({ url: '/api/prova-opzioni/due-aree', headers: session.headers });
    expect(ok.statusCode).toBe(200);
    for (const denied of [Area.Activities, Area.Attachments]) {
      const restricted = await createTestSession(t, { deniedAreas: [denied] });
      const res = await t.app.inject({ url: '/api/prova-opzioni/due-aree', headers: restricted.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe(120);
    }
  });

  it("applies the route's rate limit (429, code 121) and keeps its auth level", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await t.app.inject({ url: '/api/prova-opzioni/pubblica' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await t.app.inject({ url: '/api/prova-opzioni/pubblica' });
    expect(refused.json().error.code).toBe(121);
  });
});
