import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginRequestSchema } from '../auth/auth.schemas.ts';
import { personaUpdateSchema } from '../people/people.schemas.ts';
import { zText } from '../validators/zod.ts';
import {
  INTEGER_COLUMN_MAX,
  INTEGER_COLUMN_MIN,
  NUL_CHARACTER_MESSAGE,
  zBigNumber,
  zCoerceNumber,
  zNumber,
  zString,
} from './primitives.ts';

const SOURCE = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('every string and number of the contract comes from the primitives', () => {
  it('no schema uses z.string(), z.number() or z.coerce.number() directly', () => {
    const raw = /\bz\s*\.\s*(string|number|int|coerce\s*\.\s*number)\s*\(/;
    const offenders = sourceFiles(SOURCE)
      .filter((file) => !file.endsWith(`${path.sep}primitives.ts`))
      .filter((file) => raw.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SOURCE, file));
    expect(offenders).toEqual([]);
  });
});

describe('zString', () => {
  it('refuses a NUL character anywhere, with the Italian message, and keeps everything else', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const result = zString().safeParse(`${before}\u0000${after}`);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe(NUL_CHARACTER_MESSAGE);
      }),
    );
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }).filter((s) => !s.includes('\u0000')),
        (text) => {
          expect(zString().parse(text)).toBe(text);
        },
      ),
    );
  });

  it('reaches the rules built on it and the request schemas', () => {
    expect(zText(80).safeParse('Guasto\u0000').success).toBe(false);
    expect(loginRequestSchema.safeParse({ username: 'a\u0000@x.it', password: 'x' }).success).toBe(false);
    expect(personaUpdateSchema.safeParse({ descr: 'Mario\u0000', objVersion: 1 }).success).toBe(false);
  });
});

describe('numbers bounded by their column', () => {
  it('integer columns: -2^31 .. 2^31-1, also once coerced from a query', () => {
    for (const schema of [zNumber().int(), zCoerceNumber().int()]) {
      expect(schema.safeParse(INTEGER_COLUMN_MAX).success).toBe(true);
      expect(schema.safeParse(INTEGER_COLUMN_MIN).success).toBe(true);
      expect(schema.safeParse(INTEGER_COLUMN_MAX + 1).success).toBe(false);
      expect(schema.safeParse(INTEGER_COLUMN_MIN - 1).success).toBe(false);
    }
    expect(personaUpdateSchema.safeParse({ descr: 'Mario', objVersion: 2 ** 31 }).success).toBe(false);
    expect(personaUpdateSchema.safeParse({ descr: 'Mario', objVersion: 2 ** 31 - 1 }).success).toBe(true);
  });

  it('a later .min() keeps the column maximum; the OpenAPI document shows both bounds', () => {
    const schema = zNumber().int().min(1);
    expect(schema.safeParse(2 ** 31).success).toBe(false);
    expect(z.toJSONSchema(schema)).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: INTEGER_COLUMN_MAX,
    });
  });

  it('bigint columns (ids): the safe integers', () => {
    expect(
      zBigNumber()
        .int()
        .safeParse(2 ** 40).success,
    ).toBe(true);
    expect(
      zBigNumber()
        .int()
        .safeParse(2 ** 53).success,
    ).toBe(false);
  });
});
