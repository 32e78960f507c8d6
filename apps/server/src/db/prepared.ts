import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { dialectOf } from './dialect.ts';
import type { Database } from './schema.ts';

/** Stands for the i-th argument while a prepared query is built. */
class Placeholder {
  constructor(readonly index: number) {}
}

interface Template {
  compiled: CompiledQuery;
  /** For each parameter of the compiled query: the argument it takes, or -1 for a constant. */
  sources: number[];
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
  build: (db: Kysely<Database>, ...args: A) => Compilable<R>,
): (db: Kysely<Database>, ...args: A) => Promise<R[]> {
  const templates = new Map<string, Template>();
  return async (db, ...args) => {
    const dialect = dialectOf(db);
    let template = templates.get(dialect);
    if (!template) {
      const placeholders = args.map((_, i) => new Placeholder(i)) as unknown as A;
      const compiled = build(db, ...placeholders).compile();
      const sources = compiled.parameters.map((p) => (p instanceof Placeholder ? p.index : -1));
      template = { compiled, sources };
      templates.set(dialect, template);
    }
    const { compiled, sources } = template;
    const parameters = sources.map((source, i) => (source === -1 ? compiled.parameters[i] : args[source]));
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}
