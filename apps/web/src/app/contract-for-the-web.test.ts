import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';
import { contractForTheWeb } from '../../build/contract-for-the-web.ts';

const CONTRACT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../packages/contract/src',
);

/** A contract module as the web build hands it to the plugin (TypeScript already compiled away). */
async function transformed(file: string): Promise<string> {
  const id = path.join(CONTRACT, file);
  const { code } = await transformWithOxc(readFileSync(id, 'utf8'), id);
  const { transform } = contractForTheWeb() as unknown as {
    transform: { handler: (code: string, id: string) => { code: string } | null };
  };
  return transform.handler(code, id)?.code ?? code;
}

/** Evaluates the `ActivityApi` declarations of a transformed module (its imports stubbed out). */
function declarations(code: string): Record<string, Record<string, unknown>> {
  const body = code
    .replace(/^import[^;]*;$/gm, '')
    .replace(/^export const (\w+)/gm, 'exports.$1')
    .replace(/^export /gm, '');
  const exports: Record<string, Record<string, Record<string, unknown>>> = {};
  type Stub = (() => Stub) & { [key: string]: Stub };
  const stub: Stub = new Proxy((() => stub) as Stub, { get: () => stub, apply: () => stub });
  new Function('exports', 'endpoint', 'z', 'zNumber', 'Area', 'ErrorCode', body)(
    exports,
    (declaration: unknown) => declaration,
    stub,
    stub,
    stub,
    stub,
  );
  return exports.ActivityApi as Record<string, Record<string, unknown>>;
}

describe('the contract in the web bundle (decision 0022)', () => {
  it("keeps a call's path and method, without its schemas, summary or errors", async () => {
    const code = await transformed('activities/activity.endpoints.ts');
    const list = declarations(code).list;
    expect(list).toMatchObject({ method: 'GET', path: '/api/attivita', paged: true });
    expect(Object.keys(list ?? {}).sort()).toEqual(['method', 'operationId', 'paged', 'path']);
    expect(code).not.toMatch(/\b(summary|response|query|body|errors):/);
  });

  it('builds a schema only when something reads it', async () => {
    const code = await transformed('activities/activity.schemas.ts');
    expect(code).toMatch(/export const activityCreateSchema = \/\*#__PURE__\*\/ \(\(\) => \(/);
  });

  it("configures zod's Italian messages with the primitives, not with the first import of an enum", async () => {
    expect(await transformed('index.ts')).not.toContain('zod-italian');
    expect(await transformed('common/primitives.ts')).toMatch(/^import '\.\/zod-italian\.ts';/);
  });
});
