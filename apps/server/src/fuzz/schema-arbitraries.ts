import fc from 'fast-check';

/** The part of JSON Schema (as @fastify/swagger writes the contract's zod schemas) the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  format?: string;
  default?: unknown;
}

/** Strings a careless server trips on: NUL and control characters, unicode, huge, SQL and LIKE. */
export const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string(),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '%%%',
      '___',
      "'; drop table persons; --",
      '\uD800',
      '😀👨‍👩‍👧‍👦',
      'ñ\u0301',
      '\u202Eevil',
      '2024-02-30',
      '9999-99-99',
      '../../etc/passwd',
      '<script>alert(1)</script>',
      ' ',
    ),
    fc.constantFrom(10_000, 70_000).map((n) => 'x'.repeat(n)),
  );

/** Numbers beside and beyond every column's bounds. */
export const hostileNumber = (): fc.Arbitrary<number> =>
  fc.oneof(
    fc.constantFrom(
      0,
      -1,
      1.5,
      2 ** 31 - 1,
      2 ** 31,
      -(2 ** 31) - 1,
      2 ** 53,
      -(2 ** 53),
      Number.MAX_VALUE,
      1e308,
    ),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );

/** Any JSON value, of the wrong type for wherever it lands. */
export const nastyValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constant(null),
    fc.boolean(),
    hostileNumber(),
    hostileString(),
    fc.constant([]),
    fc.constant({}),
    fc.jsonValue({ maxDepth: 2 }),
  );

/** Path and query values: real ids, numbers out of range, strings that decode badly. */
export const pathValue = (knownIds: number[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...knownIds).map(String) },
    { weight: 2, arbitrary: hostileNumber().map(String) },
    { weight: 2, arbitrary: hostileString().map((s) => s.slice(0, 120)) },
    { weight: 1, arbitrary: fc.constantFrom('\u0000', 'null', 'undefined', '-0', '1e3', '0x10', ' 1') },
  );

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/** A value that follows the schema (so that it reaches deep into the route), or nearly. */
function followsSchema(schema: JsonSchema, depth: number, strict = false): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  const next = (s: JsonSchema, d: number) => (strict ? followsSchema(s, d, true) : arbitraryAt(s, d));
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => next(s, depth)));
  if (schema.allOf?.length) return next(schema.allOf[0]!, depth);
  const type = typesOf(schema).find((name) => name !== 'null');
  switch (type) {
    case 'string':
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) }),
        fc.constantFrom('2026-11-26', 'mario.rossi@example.it', 'RSSMRA80A01H501U', '00123', 'Roma'),
      );
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1000;
      return fc.integer({ min: Math.max(min, -1_000_000), max: Math.min(max, 1_000_000) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(next(schema.items ?? {}, depth + 1), { maxLength: 3 });
    case 'object': {
      if (depth > 3) return fc.constant({});
      const properties = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of properties) record[name] = next(property, depth + 1);
      return fc
        .tuple(
          fc.record(record, {
            requiredKeys: properties.map(([name]) => name).filter((n) => required.has(n)),
          }),
          strict
            ? fc.constant(undefined)
            : fc.option(fc.tuple(fc.string({ maxLength: 10 }), nastyValue()), { nil: undefined, freq: 4 }),
        )
        .map(([value, extra]) => (extra ? { ...value, [`extra${extra[0]}`]: extra[1] } : value));
    }
    default:
      return nastyValue();
  }
}

function arbitraryAt(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const nullable = schema.nullable || typesOf(schema).includes('null');
  return fc.oneof(
    { weight: 6, arbitrary: followsSchema(schema, depth) },
    { weight: nullable ? 1 : 0, arbitrary: fc.constant(null) },
    // Wrong for this field: another type, hostile text, a number out of range, null.
    { weight: 1, arbitrary: nastyValue() },
  );
}

/** Values for a schema: mostly following it, each field now and then replaced by something hostile. */
export function arbitraryOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  return arbitraryAt(schema, 0);
}

/** What the databases cannot store, for one field of an otherwise plausible body. */
const unstorable = (): fc.Arbitrary<unknown> =>
  fc.constantFrom('a\u0000b', '\u0000', 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1.5, 'x'.repeat(70_000), null);

/**
 * A body that follows the schema everywhere but in one top-level field, which holds a value the
 * databases cannot store: what reaches a repository when the contract misses a bound.
 */
export function oneFieldUnstorable(schema: JsonSchema): fc.Arbitrary<unknown> {
  const names = Object.keys(schema.properties ?? {});
  const plausible = followsSchema(schema, 0, true);
  if (names.length === 0) return plausible;
  return fc
    .tuple(plausible, fc.constantFrom(...names), unstorable())
    .map(([value, name, bad]) => ({ ...(value as Record<string, unknown>), [name]: bad }));
}
