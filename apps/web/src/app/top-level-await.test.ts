import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONTRACT = path.resolve(SRC, '../../../packages/contract/src');

/** The source files the web bundle is built from (the web's own and the contract's), without tests. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

// A statement of the module's own scope starts at column 0 (the formatter indents everything nested).
const TOP_LEVEL_AWAIT = /^(?:export\s+)?(?:(?:const|let|var)\s[^=\n]+=\s*)?(?:for\s+)?await\b/m;

describe('the bundle', () => {
  it('no module awaits at its top level (decision 0022: it turns off the merging of shared chunks)', () => {
    const offenders = [...sources(SRC), ...sources(CONTRACT)]
      .filter((file) => TOP_LEVEL_AWAIT.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(path.resolve(SRC, '../../..'), file));
    expect(offenders).toEqual([]);
  });
});
