import { Area, endpoint, idParamSchema, pageQuerySchema } from '@stabile/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../test/sessions.ts';
import { AppError } from './app-error.ts';
import { route } from './route.ts';

const Prova = {
  list: endpoint({
    operationId: 'provaElenco',
    method: 'GET',
    path: '/api/prova-dichiarata',
    summary: 'Elenco di prova',
    tags: ['prova'],
    area: Area.Plants,
    query: pageQuerySchema,
    response: z.array(z.object({ n: z.number().int(), archivio: z.number().int() })),
    paged: true,
  }),
  get: endpoint({
    operationId: 'provaDettaglio',
    method: 'GET',
    path: '/api/prova-dichiarata/:id',
    summary: 'Dettaglio di prova',
    tags: ['prova'],
    params: idParamSchema,
    response: z.object({ id: z.number().int() }),
    errors: [122],
  }),
};

describe('route(): a call declared once in the contract', () => {
  let t: TestApp;
  let session: TestSession;
  beforeAll(async () => {
    t = await buildTestApp({}, async (app) => {
      route(app, Prova.list, async ({ query, scope }) => ({
        items: Array.from({ length: query.pageSize }, (_, i) => ({ n: i, archivio: scope.archiveId })),
        totalCount: 40,
      }));
      route(app, Prova.get, async ({ params }) => {
        if (params.id === 404) throw new AppError(122);
        return { id: params.id };
      });
    });
    session = await createTestSession(t);
  });
  afterAll(() => t.close());

  it('answers the envelope with the x-pagination header, in the scope of the unlocked archive', async () => {
    const res = await t.app.inject({
      url: '/api/prova-dichiarata?pageSize=5&pageNumber=2',
      headers: session.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(5);
    expect(body.data[0].archivio).toBe(session.archiveId);
    expect(JSON.parse(String(res.headers['x-pagination']))).toEqual({
      totalCount: 40,
      currentPage: 2,
      pageSize: 5,
      totalPages: 8,
    });
  });

  it('validates parameters, asks for a token first and maps catalogue errors', async () => {
    const invalid = await t.app.inject({ url: '/api/prova-dichiarata/abc', headers: session.headers });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe(113);
    const missing = await t.app.inject({ url: '/api/prova-dichiarata/404', headers: session.headers });
    expect(missing.json().error).toMatchObject({ code: 122, status: 404 });
    const noToken = await t.app.inject({ url: '/api/prova-dichiarata/7' });
    expect(noToken.json().error.code).toBe(111);
  });

  it('refuses a user without the area of the call (120)', async () => {
    const restricted = await createTestSession(t, { deniedAreas: [Area.Plants] });
    const res = await t.app.inject({ url: '/api/prova-dichiarata', headers: restricted.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe(120);
  });

  it('describes the call in the OpenAPI document: operationId, security and error answers', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const op = doc.paths['/api/prova-dichiarata/{id}'].get;
    expect(op.operationId).toBe('provaDettaglio');
    expect(op.security).toEqual([{ bearer: [], archive: [] }]);
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '404']);
    expect(doc.paths['/api/prova-dichiarata'].get.responses['403']).toBeDefined();
  });
});

describe('route(): a handler that sends the answer itself (a PDF)', () => {
  const Documento = endpoint({
    operationId: 'provaDocumento',
    method: 'GET',
    path: '/api/prova-documento',
    summary: 'Documento di prova',
    tags: ['prova'],
    response: z.unknown(),
    produces: 'application/pdf',
  });
  const lines: string[] = [];
  let t: TestApp;
  let session: TestSession;
  beforeAll(async () => {
    t = await buildTestApp(
      { LOG_LEVEL: 'warn' },
      async (app) => {
        route(app, Documento, async ({ reply }) =>
          reply.header('content-type', 'application/pdf').send(Buffer.from('%PDF-1.4 prova')),
        );
      },
      { write: (line) => lines.push(line) },
    );
    session = await createTestSession(t);
  });
  afterAll(() => t.close());

  it('answers its bytes once, without sending again what the handler returned', async () => {
    lines.length = 0;
    // Over a real connection (an injected request does not mark the reply as ended the same way).
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/prova-documento`, { headers: session.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(await res.text()).toBe('%PDF-1.4 prova');
    // Sending twice is logged by Fastify as a warning on every request.
    expect(lines.join('\n')).not.toContain('Reply was already sent');
  });
});
