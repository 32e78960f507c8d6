import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import errors from '../../i18n/it/errors.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The web's own source files, without tests and translations. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'i18n' || entry.name === 'test' ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('toast and error texts', () => {
  it('every text of the errors namespace is used somewhere in the app (none defined and forgotten)', () => {
    const code = sources(SRC)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const keys = Object.keys(errors)
      // error_<code>: the catalogue, looked up by code; http_<status>: looked up by status.
      .filter((key) => !/^(error|http)_\d+$/.test(key))
      // Plural forms are looked up by their base key.
      .map((key) => key.replace(/_(one|other)$/, ''));
    const unused = [...new Set(keys)].filter((key) => !code.includes(`errors:${key}`));
    expect(unused).toEqual([]);
  });

  it("the 401 and 403 texts are the spec's and are looked up by status", () => {
    expect(errors.http_401).toBe('La password è errata');
    expect(errors.http_403).toBe('Account non autorizzato');
    const baseQuery = readFileSync(path.join(SRC, 'shared/api/base-query.ts'), 'utf8');
    expect(baseQuery).toContain(`errors:http_\${httpStatus}`);
  });
});
