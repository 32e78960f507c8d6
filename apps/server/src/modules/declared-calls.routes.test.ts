import {
  ArchiveApi,
  AuthApi,
  type Endpoint,
  FornitoreApi,
  IncaricoApi,
  LookupApi,
  NotificationApi,
  PersonaApi,
  SystemApi,
} from '@stabile/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

/**
 * The older areas' calls are declared in the contract: each declaration is a route the server
 * serves, described in the OpenAPI document with its operationId and the security of its auth level.
 */
const declared: Record<string, Record<string, Endpoint>> = {
  PersonaApi,
  FornitoreApi,
  IncaricoApi,
  LookupApi,
  ArchiveApi,
  AuthApi,
  NotificationApi,
  SystemApi,
};

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

let t: TestApp;
let doc: { paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>> };

beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => t.close());

describe('declared calls of contacts, providers, assignments, lookups, archives, auth, notifications', () => {
  for (const [api, calls] of Object.entries(declared)) {
    it(`${api}: every call is served and documented with its operationId and security`, () => {
      for (const [name, call] of Object.entries(calls)) {
        const op = doc.paths[openApiPath(call.path)]?.[call.method.toLowerCase()];
        expect(op, `${api}.${name}: ${call.method} ${call.path}`).toBeDefined();
        expect(op?.operationId).toBe(call.operationId);
        const schemes = (op?.security ?? []).flatMap((s) => Object.keys(s as object)).sort();
        const auth = call.auth ?? 'archive';
        const expected =
          auth === 'none'
            ? []
            : auth === 'archive' || call.archiveHeader
              ? ['archive', 'bearer']
              : ['bearer'];
        expect(schemes, `${api}.${name}`).toEqual(expected);
      }
    });
  }

  it('no two operations share an operationId', () => {
    const ids = Object.values(doc.paths).flatMap((methods) =>
      Object.values(methods).flatMap((op) => (op.operationId ? [op.operationId] : [])),
    );
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});
