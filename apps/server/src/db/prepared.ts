import type { Compilable, CompiledQuery, Kysely, RawBuilder } from 'kysely';
import { sqliteReader } from './connections.ts';
import { dialectOf } from './dialect.ts';
import type { Database } from './schema.ts';

/** Stands for an argument (by position or by name) while a prepared query is built. */
class Placeholder {
  constructor(readonly source: number | string) {}
}

interface Template {
  compiled: CompiledQuery;
  /** For each parameter of the compiled query: the argument it takes, or null for a constant. */
  sources: (number | string | null)[];
}

/** A query builder, or a raw SQL template (`sql\`...\``) for what the builder cannot say. */
type Buildable<R> = Compilable<R> | RawBuilder<R>;

function templateOf(db: Kysely<Database>, query: Buildable<unknown>): Template {
  const compiled = 'isRawBuilder' in query ? query.compile(db) : query.compile();
  return { compiled, sources: compiled.parameters.map((p) => (p instanceof Placeholder ? p.source : null)) };
}

async function run<R>(
  db: Kysely<Database>,
  { compiled, sources }: Template,
  argument: (source: number | string) => unknown,
): Promise<R[]> {
  const parameters = sources.map((source, i) =>
    source === null ? compiled.parameters[i] : argument(source),
  );
  // SQLite, outside any write transaction: a read runs at once on the connection, synchronously, so
  // nothing can come between. Through Kysely the same read cost about 5 KB of promises and
  // closures (its connection lock), a tenth of a list request's garbage. Within a transaction,
  // which holds the connection across awaits, Kysely's lock makes the read wait for it.
  const connection = sqliteReader(db);
  if (connection) {
    const statement = connection.prepare(compiled.sql);
    if (statement.reader) return statement.all(parameters) as R[];
  }
  return (await db.executeQuery<R>({ ...compiled, parameters })).rows;
}

/**
 * A query of fixed shape built and compiled by Kysely once per dialect; each call only puts its
 * arguments in the parameters. Building and compiling a query costs more than running a small
 * indexed one (about a tenth of a list request went to it), so the queries that every request
 * runs use this: the session and archive check, the user's settings, the counters.
 *
 * `build` receives placeholders in place of the arguments and must only pass them to Kysely as
 * values (never test or transform them): the shape of the query may not depend on them.
 */
export function preparedQuery<A extends unknown[], R>(
  build: (db: Kysely<Database>, ...args: A) => Buildable<R>,
): (db: Kysely<Database>, ...args: A) => Promise<R[]> {
  const templates = new Map<string, Template>();
  return (db, ...args) => {
    const dialect = dialectOf(db);
    let template = templates.get(dialect);
    if (!template) {
      template = templateOf(db, build(db, ...(args.map((_, i) => new Placeholder(i)) as A)));
      templates.set(dialect, template);
    }
    return run<R>(db, template, (source) => args[source as number]);
  };
}

/** Shapes kept per shaped query; the oldest is dropped beyond (a user's filters make few shapes). */
const SHAPES_KEPT = 200;

/**
 * A query whose SQL depends on a few inputs (`shape`: which filters are set, the order) and whose
 * other inputs are only values (`values`): built and compiled once per shape and dialect, like
 * preparedQuery. `build` receives placeholders in place of the values, by name, with the same rule:
 * only pass them to Kysely as values. The names of `values` must follow from the shape.
 */
export function shapedQuery<S, V extends Record<string, unknown>, R>(
  build: (db: Kysely<Database>, shape: S, values: V) => Buildable<R>,
): (db: Kysely<Database>, shape: S, values: V) => Promise<R[]> {
  const templates = new Map<string, Template>();
  return (db, shape, values) => {
    const key = `${dialectOf(db)} ${JSON.stringify(shape)}`;
    let template = templates.get(key);
    if (!template) {
      const placeholders = Object.fromEntries(
        Object.keys(values).map((name) => [name, new Placeholder(name)]),
      );
      template = templateOf(db, build(db, shape, placeholders as V));
      if (templates.size >= SHAPES_KEPT) templates.delete(templates.keys().next().value as string);
      templates.set(key, template);
    }
    return run<R>(db, template, (source) => values[source]);
  };
}
