import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Area, endpoint, idParamSchema } from '@stabile/contract';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { route } from './route.ts';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<
    string,
    { description?: string; content?: Record<string, { schema: Record<string, unknown> }> }
  >;
  requestBody?: {
    content: Record<string, { schema: { properties: Record<string, Record<string, unknown>> } }>;
  };
}
interface Document {
  tags: { name: string; description?: string }[];
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let document: Document;

/** Three declared calls of each auth level, beside the app's own: archive with an area, account, public. */
const Prova = {
  archivio: endpoint({
    operationId: 'provaArchivio',
    method: 'GET',
    path: '/api/prova-archivio/:id',
    summary: 'Prova di archivio',
    tags: ['prova'],
    area: Area.Plants,
    params: idParamSchema,
    response: z.null(),
  }),
  account: endpoint({
    operationId: 'provaAccount',
    method: 'GET',
    path: '/api/prova-account',
    summary: 'Prova di account',
    tags: ['prova'],
    auth: 'account',
    response: z.null(),
  }),
  pubblica: endpoint({
    operationId: 'provaPubblica',
    method: 'POST',
    path: '/user/prova-pubblica',
    summary: 'Prova pubblica',
    tags: ['prova'],
    auth: 'none',
    body: z.object({ valore: z.union([z.string(), z.number(), z.null()]) }),
    response: z.null(),
  }),
};

beforeAll(async () => {
  t = await buildTestApp({}, async (app) => {
    route(app, Prova.archivio, async () => null);
    route(app, Prova.account, async () => null);
    route(app, Prova.pubblica, async () => null);
  });
  document = (await t.app.inject({ url: '/api/docs/json' })).json();
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules without errors, every operation and tag declared", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        'operation-operationId': 'error',
        'operation-2xx-response': 'error',
        'operation-4xx-response': 'error',
        'operation-tag-defined': 'error',
      },
    });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: '/openapi.json',
      config,
    });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`);
    expect(errors).toEqual([]);
  });

  it('names the server and describes the tags', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: t.config.publicUrl })]);
    expect(document.tags).toContainEqual({ name: 'attività', description: expect.any(String) });
    expect(document.tags).toContainEqual({ name: 'prova' });
  });

  it("names each declared call's operationId, security and error answers, each answer described", () => {
    const archive = document.paths['/api/prova-archivio/{id}']?.get;
    expect(archive?.operationId).toBe('provaArchivio');
    expect(archive?.security).toEqual([{ bearer: [], archive: [] }]);
    expect(Object.keys(archive?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403']);
    expect(archive?.responses[403]).toMatchObject({
      description: 'Permesso negato',
      content: { 'application/json': { schema: { required: ['data', 'error'] } } },
    });

    const account = document.paths['/api/prova-account']?.get;
    expect(account?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(account?.responses ?? {}).sort()).toEqual(['200', '400', '401']);

    const open = document.paths['/user/prova-pubblica']?.post;
    expect(open?.operationId).toBe('provaPubblica');
    expect(open?.security).toEqual([]);
    expect(Object.keys(open?.responses ?? {}).sort()).toEqual(['200', '400']);
    // OpenAPI 3.0 allows `nullable` only beside a type: a nullable union carries it on each member.
    const valore = open?.requestBody?.content['application/json']?.schema.properties.valore;
    expect(valore?.nullable).toBeUndefined();
    expect(valore?.anyOf).toHaveLength(2);
    expect(valore?.anyOf).toEqual([
      { type: 'string', nullable: true },
      expect.objectContaining({ type: 'number', nullable: true }),
    ]);
  });

  it('describes a download as a file on 200 and the JSON error envelope otherwise', () => {
    const download = document.paths['/api/attivita/esporta']?.get;
    expect(Object.keys(download?.responses[200]?.content ?? {})).toEqual([
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(download?.responses[200]?.content?.['text/csv']?.schema).toEqual({
      type: 'string',
      format: 'binary',
    });
    expect(Object.keys(download?.responses[401]?.content ?? {})).toEqual(['application/json']);
  });
});

/** Type-checks in-memory files (against the TypeScript's own lib) and gives each file's errors. */
function typeCheck(files: Record<string, string>): Record<string, string[]> {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts'],
    types: [],
  };
  const root = '/in-memoria/';
  const virtual = new Map(Object.entries(files).map(([name, text]) => [root + name, text]));
  const host = ts.createCompilerHost(options);
  const readSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const text = virtual.get(fileName);
    return text === undefined
      ? readSourceFile(fileName, languageVersion, ...rest)
      : ts.createSourceFile(fileName, text, languageVersion);
  };
  host.fileExists = (fileName) => virtual.has(fileName) || ts.sys.fileExists(fileName);
  host.readFile = (fileName) => virtual.get(fileName) ?? ts.sys.readFile(fileName);
  host.directoryExists = (name) => root.startsWith(`${name}/`) || ts.sys.directoryExists(name);
  const program = ts.createProgram([...virtual.keys()], options, host);
  const errors: Record<string, string[]> = Object.fromEntries(Object.keys(files).map((name) => [name, []]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const name = diagnostic.file?.fileName.slice(root.length) ?? 'globale';
    errors[name] = [...(errors[name] ?? []), ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')];
  }
  return errors;
}

/** A tiny typed client over the generated `paths`, and one call written with it. */
function clientCall(call: string): string {
  return `import type { paths } from './api';

type Get<P extends keyof paths> = NonNullable<paths[P]['get']>;
type Params<O> = O extends { parameters: infer X } ? X : never;
type Data<O> = O extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } } ? D : never;

declare function get<P extends keyof paths>(path: P, params: Params<Get<P>>): Promise<Data<Get<P>>>;

export async function chiamata(): Promise<string> {
  ${call}
}
`;
}

describe('a client generated from the document', () => {
  it('type-checks a right call and refuses one with a parameter of the wrong type', async () => {
    const api = astToString(await openapiTS(JSON.stringify(document)));
    expect(api).toContain('"/api/condominio/{id}": {');

    const errors = typeCheck({
      'api.ts': api,
      'giusta.ts': clientCall(
        "const condominio = await get('/api/condominio/{id}', { path: { id: 7 } });\n  return condominio.intestazione;",
      ),
      'sbagliata.ts': clientCall(
        "const condominio = await get('/api/condominio/{id}', { path: { id: 'sette' } });\n  return condominio.intestazione;",
      ),
    });

    expect(errors['api.ts']).toEqual([]);
    expect(errors['giusta.ts']).toEqual([]);
    expect(errors['sbagliata.ts']).toEqual([
      expect.stringContaining("Type 'string' is not assignable to type 'number'"),
    ]);
    expect(errors.globale ?? []).toEqual([]);
  }, 60_000);
});
