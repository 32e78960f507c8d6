import { type Kysely, sql } from 'kysely';
import { preparedQuery, shapedQuery } from './prepared.ts';
import type { Database } from './schema.ts';

/**
 * Reserves `count` consecutive ids from a per-archive counter and returns the first. Call it inside
 * the transaction of the insert so that a rollback gives the ids back.
 */
export async function nextId(
  db: Kysely<Database>,
  archiveId: number,
  name: string,
  count = 1,
): Promise<number> {
  const row = await db
    .insertInto('archive_counters')
    .values({ archive_id: archiveId, name, value: count })
    .onConflict((oc) =>
      oc
        .columns(['archive_id', 'name'])
        .doUpdateSet((eb) => ({ value: eb('archive_counters.value', '+', count) })),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value) - count + 1;
}

/** Same as nextId for tables that are not owned by an archive (accounts, archives, reports). */
export async function nextGlobalId(db: Kysely<Database>, name: string, count = 1): Promise<number> {
  const row = await db
    .insertInto('global_counters')
    .values({ name, value: count })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({ value: eb('global_counters.value', '+', count) })),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value) - count + 1;
}

/** Reads a per-archive counter without changing it (totals kept beside the writes). */
const counterValue = preparedQuery((db, archiveId: number, name: string) =>
  db
    .selectFrom('archive_counters')
    .select('value')
    .where('archive_id', '=', archiveId)
    .where('name', '=', name),
);

export async function readCounter(db: Kysely<Database>, archiveId: number, name: string): Promise<number> {
  const [row] = await counterValue(db, archiveId, name);
  return row ? Number(row.value) : 0;
}

/**
 * The sum of some per-archive counters (one that does not exist counts 0), one statement per number
 * of names. Each name is a parameter of its own: given as an array, its length made PostgreSQL plan
 * the statement anew on every run (a custom plan for two names looked cheaper than the generic one).
 */
const countersSum = shapedQuery((db, count: number, v: Record<string, unknown>) =>
  db
    .selectFrom('archive_counters')
    .select(sql<number>`coalesce(sum(value), 0)`.as('n'))
    .where('archive_id', '=', v.archiveId as number)
    .where(
      'name',
      'in',
      Array.from({ length: count }, (_, i) => v[`name${i}`] as string),
    ),
);

/**
 * The sum of some per-archive counters (the activities of every state group, say): one round trip
 * however many they are.
 */
export async function readCounters(
  db: Kysely<Database>,
  archiveId: number,
  names: readonly string[],
): Promise<number> {
  if (names.length === 0) return 0;
  if (names.length === 1) return readCounter(db, archiveId, names[0] as string);
  const values: Record<string, unknown> = { archiveId };
  names.forEach((name, i) => {
    values[`name${i}`] = name;
  });
  const [row] = await countersSum(db, names.length, values);
  return Number(row?.n ?? 0);
}

/** Adds `delta` to a per-archive counter (e.g. the number of open activities). */
export async function addToCounter(
  db: Kysely<Database>,
  archiveId: number,
  name: string,
  delta: number,
): Promise<void> {
  await db
    .insertInto('archive_counters')
    .values({ archive_id: archiveId, name, value: delta })
    .onConflict((oc) =>
      oc
        .columns(['archive_id', 'name'])
        .doUpdateSet((eb) => ({ value: eb('archive_counters.value', '+', delta) })),
    )
    .execute();
}

/**
 * nextId of several counters at once, one id each, in one statement (one round trip instead of one
 * per counter): the first id of each name. On PostgreSQL the counters' rows stay locked until the
 * transaction ends, in the order given: writes that take the same counters name them in one order
 * (the kind's own counter first, `movements` last). The names must differ; the ids come in their order.
 */
export async function nextIds<const T extends readonly string[]>(
  db: Kysely<Database>,
  archiveId: number,
  names: T,
): Promise<{ -readonly [K in keyof T]: number }> {
  const values: Record<string, unknown> = { archiveId };
  names.forEach((name, i) => {
    values[`n${i}`] = name;
  });
  const rows = await countersQuery(db, names.length, values as { archiveId: number });
  const ids = new Map(rows.map((row) => [row.name, Number(row.value)]));
  return names.map((name) => ids.get(name) as number) as { -readonly [K in keyof T]: number };
}
const countersQuery = shapedQuery((db, count: number, v: { archiveId: number } & Record<string, unknown>) =>
  db
    .insertInto('archive_counters')
    .values(
      Array.from({ length: count }, (_, i) => ({
        archive_id: v.archiveId,
        name: v[`n${i}`] as string,
        value: 1,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['archive_id', 'name'])
        .doUpdateSet((eb) => ({ value: eb('archive_counters.value', '+', 1) })),
    )
    .returning(['name', 'value']),
);
