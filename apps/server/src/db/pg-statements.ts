import type pg from 'pg';

/**
 * Statements named per process at most; beyond, new texts run unnamed as before. Each connection
 * keeps the statements it ran, with their parse trees and plans, in its own memory: a bound well
 * above the few hundred texts the server sends keeps that to some megabytes per connection.
 */
const NAMED_MAX = 500;
/** Texts seen once that are remembered (then forgotten all at once, to stay bounded). */
const SEEN_MAX = 10_000;

/**
 * PostgreSQL: the statements the server sends again and again run as named prepared statements,
 * each parsed once per connection, and its plan kept by PostgreSQL once a generic plan costs no
 * more than the custom ones (its `plan_cache_mode = auto`). Sent unnamed, every statement was
 * parsed and planned anew on every request: a list page's statement took PostgreSQL longer to plan
 * than to run, and the detail's small statements were nearly all parsing and planning.
 *
 * A text is named the second time it is seen with parameters (so a one-off statement is not kept
 * on the connection); statements without parameters (a migration's several commands in one text,
 * BEGIN, COMMIT) and searches of words (plannedEachTime) run as before. Names follow the text (the
 * same text has the same name on every connection of the process), and at most NAMED_MAX texts
 * are named.
 */
export class StatementNames {
  readonly #names = new Map<string, string>();
  #seen = new Set<string>();

  /** The name of a statement's text, or undefined to send it unnamed. */
  nameOf(text: string): string | undefined {
    const name = this.#names.get(text);
    if (name !== undefined || this.#names.size >= NAMED_MAX || plannedEachTime(text)) return name;
    if (!this.#seen.has(text)) {
      if (this.#seen.size >= SEEN_MAX) this.#seen = new Set();
      this.#seen.add(text);
      return undefined;
    }
    this.#seen.delete(text);
    const named = `stabile_${this.#names.size + 1}`;
    this.#names.set(text, named);
    return named;
  }
}

/**
 * A search of words or of a pattern: how many rows match the word decides its best plan (read the
 * newest rows and test them, or the word's matches from the GIN index), which a generic plan cannot
 * know. Kept by name, PostgreSQL switched to a generic plan after five runs, and a contacts' search
 * of a common word became ten times slower. Such statements stay unnamed, planned for their word on
 * every run.
 */
function plannedEachTime(text: string): boolean {
  return text.includes('to_tsquery(') || / like /i.test(text);
}

type Query = (this: pg.PoolClient, ...args: unknown[]) => unknown;

/**
 * Names the statements of every connection the pool opens (StatementNames): a query given as a
 * text and its values, as Kysely sends them, goes out as `{ name, text, values }`.
 */
export function nameRepeatedStatements(pool: pg.Pool, names = new StatementNames()): void {
  pool.on('connect', (client) => {
    const query = client.query as unknown as Query;
    const named: Query = function (this: pg.PoolClient, ...args: unknown[]) {
      const [text, values] = args;
      if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2) {
        const name = names.nameOf(text);
        if (name !== undefined) return query.call(this, { name, text, values });
      }
      return query.apply(this, args);
    };
    (client as unknown as { query: Query }).query = named;
  });
}
