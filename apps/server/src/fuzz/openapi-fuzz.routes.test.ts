import { isErrorCode } from '@stabile/contract';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { insertCondominium, insertRegistryRow } from '../modules/activities/activity.fixtures.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { createTestSession } from '../test/sessions.ts';
import {
  arbitraryOf,
  type JsonSchema,
  nastyValue,
  oneFieldUnstorable,
  pathValue,
} from './schema-arbitraries.ts';

/**
 * The schema fuzzer: every route of the served OpenAPI document (routes added later included) gets
 * a bounded number of requests built from its own schemas and then broken (wrong types, huge and
 * unicode strings, NUL, nulls, out-of-range numbers, extra fields, malformed JSON), as a logged-in
 * user with an unlocked archive that holds some data. No answer may be a 5xx, and every answer is
 * the envelope `{data, error}` with a catalogue code, and none makes the server log an unexpected
 * error (a value the contract let through to a database that refused it). FUZZ_RUNS raises the
 * cases per route.
 */

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 12);

interface Operation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** Errors the server logged: a database error caught only by the last-resort mapping shows up here. */
const loggedErrors: string[] = [];
const t = await buildTestApp({ AUTH_RATE_LIMIT_FACTOR: '1000', LOG_LEVEL: 'error' }, undefined, {
  write: (line) => loggedErrors.push(line),
});
const session = await createTestSession(t);
const condo = await insertCondominium(t.database.db, session.archiveId, 'Condominio del Fuzz');
const person = await insertRegistryRow(t.database.db, 'persons', session.archiveId, 'Maria Fuzz');
const provider = await insertRegistryRow(
  t.database.db,
  'providers',
  session.archiveId,
  'Ditta Fuzz',
  'ditta@fuzz.example.it',
);
const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
afterAll(() => t.close());

/** Ids that exist, so that some cases reach the services and the database, not only validation. */
const knownIds = [condo, person, provider, 1, 2];

/** Routes that would end the fuzzer's own session are called without its token. */
const WITHOUT_SESSION = new Set(['POST /user/logout']);

const operations = Object.entries(document.paths)
  .filter(([url]) => !url.startsWith('/api/docs'))
  .flatMap(([url, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
      .map(([method, operation]) => ({ url, method: method.toUpperCase(), operation })),
  );

type BodyCase =
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string; contentType: string }
  | { kind: 'none' };

function bodyCase(operation: Operation): fc.Arbitrary<BodyCase> {
  const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
  const valid = jsonSchema ? arbitraryOf(jsonSchema) : fc.constant({});
  return fc.oneof(
    { weight: 5, arbitrary: valid.map((value): BodyCase => ({ kind: 'json', value })) },
    { weight: 2, arbitrary: nastyValue().map((value): BodyCase => ({ kind: 'json', value })) },
    ...(jsonSchema
      ? [
          {
            weight: 4,
            arbitrary: oneFieldUnstorable(jsonSchema).map((value): BodyCase => ({ kind: 'json', value })),
          },
        ]
      : []),
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{"a":', '{"a":1}}', '[1,2', 'null', '"\u0000"', '{"__proto__":{"x":1}}', '\u0000')
        .map((text): BodyCase => ({ kind: 'text', text, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF',
          '--x--\r\n',
          'senza confini',
        )
        .map(
          (text): BodyCase => ({
            kind: 'text',
            text,
            contentType: text.startsWith('--') ? 'multipart/form-data; boundary=x' : 'multipart/form-data',
          }),
        ),
    },
    { weight: 1, arbitrary: fc.constant<BodyCase>({ kind: 'none' }) },
  );
}

/**
 * A generated value as the text of a query parameter. Objects go as JSON: one generated with a
 * `toString` or `valueOf` key has no usable String() (it throws).
 */
const asQueryText = (value: unknown): string =>
  value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);

function queryCase(operation: Operation): fc.Arbitrary<Record<string, string>> {
  const parameters = (operation.parameters ?? []).filter((p) => p.in === 'query');
  const entries = parameters.map((p) =>
    fc.option(
      fc.oneof(
        { weight: 3, arbitrary: arbitraryOf(p.schema).map(asQueryText) },
        { weight: 2, arbitrary: pathValue(knownIds) },
      ),
      { nil: undefined },
    ),
  );
  return fc
    .tuple(fc.tuple(...entries), fc.option(fc.tuple(fc.string(), fc.string()), { nil: undefined }))
    .map(([values, extra]) => {
      const query: Record<string, string> = {};
      parameters.forEach((p, i) => {
        const value = values[i];
        if (value !== undefined) query[p.name] = value;
      });
      if (extra) query[`x${extra[0]}`] = extra[1];
      return query;
    });
}

/** A path segment as sent: encoded, or raw bytes that do not decode (`%C0%AE`, a lone `%`). */
const encodedSegment = (value: string) => encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
const segmentCase = fc.oneof(
  { weight: 6, arbitrary: pathValue(knownIds).map(encodedSegment) },
  { weight: 1, arbitrary: fc.constantFrom('%C0%AE%C0%AE%2F', '%', '%00', '%E0%A4%A', '%FF', '..', '%2e%2e') },
);

function pathCase(url: string): fc.Arbitrary<string> {
  const names = [...url.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  return fc.tuple(...names.map(() => segmentCase)).map((values) => {
    let concrete = url;
    names.forEach((name, i) => {
      concrete = concrete.replace(`{${name}}`, values[i]!);
    });
    return concrete;
  });
}

function expectEnvelope(label: string, status: number, contentType: string, body: string) {
  expect(status, `${label} -> ${status} ${body.slice(0, 300)}`).toBeLessThan(500);
  if (!contentType.includes('json')) {
    // Files and redirects only on success; every refusal is JSON.
    expect(status, `${label}: a refusal that is not JSON`).toBeLessThan(400);
    return;
  }
  const parsed = JSON.parse(body) as { data?: unknown; error?: unknown };
  expect(Object.keys(parsed), label).toEqual(expect.arrayContaining(['data', 'error']));
  if (status >= 400) {
    const error = parsed.error as { code: unknown; message: unknown; status: unknown };
    expect(parsed.data, label).toBeNull();
    expect(isErrorCode(error.code), `${label}: code ${String(error.code)}`).toBe(true);
    expect(typeof error.message, label).toBe('string');
    expect(error.status, label).toBe(status);
  } else {
    expect(parsed.error, label).toBeNull();
  }
}

describe('fuzzing every route of the OpenAPI document', () => {
  it('the document lists the routes of every area', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  for (const { url, method, operation } of operations) {
    it(`${method} ${url}: no 5xx, always the envelope`, async () => {
      const key = `${method} ${url.replace(/\{([^}]+)\}/g, ':$1')}`;
      const headers: Record<string, string> = WITHOUT_SESSION.has(key) ? {} : { ...session.headers };
      await fc.assert(
        fc.asyncProperty(
          pathCase(url),
          queryCase(operation),
          bodyCase(operation),
          async (path, query, body) => {
            const search = new URLSearchParams(query).toString();
            const target = search ? `${path}?${search}` : path;
            const withBody = method !== 'GET' && body.kind !== 'none';
            const res = await t.app.inject({
              method: method as 'GET',
              url: target,
              headers: {
                ...headers,
                ...(withBody
                  ? { 'content-type': body.kind === 'text' ? body.contentType : 'application/json' }
                  : {}),
              },
              ...(withBody
                ? {
                    payload:
                      body.kind === 'text'
                        ? body.text
                        : JSON.stringify(body.kind === 'json' ? body.value : null),
                  }
                : {}),
            });
            expectEnvelope(
              `${method} ${target}`,
              res.statusCode,
              String(res.headers['content-type'] ?? ''),
              res.body,
            );
            const logged = loggedErrors.splice(0);
            expect(logged, `${method} ${target}: the server logged an error`).toEqual([]);
          },
        ),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    });
  }
});
