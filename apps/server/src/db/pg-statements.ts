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

/** A LIMIT or OFFSET given by a parameter, as Kysely and our SQL templates write it. */
const PAGE_BOUND = /\b(limit|offset) \$(\d+)\b/gi;
/** Texts whose bounds are remembered (then forgotten all at once, to stay bounded). */
const BOUNDED_MAX = 2_000;
/** Values of the bounds written into one text, at most (a list's page sizes and offsets). */
const BOUND_TEXTS_MAX = 64;

/** A text with its bounds written in, and which of the values it still takes (from 1). */
interface BoundText {
  text: string;
  kept: number[];
}

/**
 * PostgreSQL: a statement's LIMIT and OFFSET written as numbers instead of parameters, the other
 * parameters renumbered. PostgreSQL cannot estimate a page bound given as a parameter, so a generic
 * plan costs 10% of the rows in its estimate and `plan_cache_mode = auto` planned the statement
 * anew on every run: planning a list page's ids took more than ten times as long as running them
 * (open tab, 1M activities). With the numbers in the text, the generic plan costs what the custom
 * ones do and PostgreSQL keeps it after five runs (StatementNames names the text, one per page size
 * and offset). A bound that is not a whole number, or a parameter used elsewhere too, stays a
 * parameter.
 */
export class PageBounds {
  #byText = new Map<string, { bounds: number[]; texts: Map<string, BoundText> } | null>();

  apply(text: string, values: readonly unknown[]): { text: string; values: unknown[] } {
    let entry = this.#byText.get(text);
    if (entry === undefined) {
      if (this.#byText.size >= BOUNDED_MAX) this.#byText = new Map();
      entry = boundParameters(text);
      this.#byText.set(text, entry);
    }
    if (entry === null) return { text, values: [...values] };
    const bounds = new Map<number, number>();
    for (const index of entry.bounds) {
      const value = values[index - 1];
      if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) bounds.set(index, value);
    }
    if (bounds.size === 0) return { text, values: [...values] };
    const key = [...bounds].join(' ');
    let bound = entry.texts.get(key);
    if (!bound) {
      bound = boundText(text, bounds, values.length);
      if (entry.texts.size < BOUND_TEXTS_MAX) entry.texts.set(key, bound);
    }
    return { text: bound.text, values: bound.kept.map((i) => values[i - 1]) };
  }
}

/** The parameters of a text that are only ever a LIMIT or an OFFSET; null for none. */
function boundParameters(text: string): { bounds: number[]; texts: Map<string, BoundText> } | null {
  const bounds = new Set([...text.matchAll(PAGE_BOUND)].map((m) => Number(m[2])));
  for (const m of text.replace(PAGE_BOUND, '').matchAll(/\$(\d+)/g)) bounds.delete(Number(m[1]));
  return bounds.size === 0 ? null : { bounds: [...bounds], texts: new Map() };
}

function boundText(text: string, bounds: Map<number, number>, count: number): BoundText {
  const kept: number[] = [];
  const renumbered = new Map<number, number>();
  for (let i = 1; i <= count; i++) {
    if (bounds.has(i)) continue;
    kept.push(i);
    renumbered.set(i, kept.length);
  }
  return {
    text: text
      .replace(PAGE_BOUND, (whole, word: string, index: string) => {
        const value = bounds.get(Number(index));
        return value === undefined ? whole : `${word} ${value}`;
      })
      .replace(/\$(\d+)/g, (_whole, index: string) => `$${renumbered.get(Number(index))}`),
    kept,
  };
}

type Query = (this: pg.PoolClient, ...args: unknown[]) => unknown;

/**
 * Names the statements of every connection the pool opens (StatementNames): a query given as a
 * text and its values, as Kysely sends them, goes out as `{ name, text, values }`, its page bounds
 * written in first (PageBounds).
 */
export function nameRepeatedStatements(
  pool: pg.Pool,
  names = new StatementNames(),
  pageBounds = new PageBounds(),
): void {
  pool.on('connect', (client) => {
    const query = client.query as unknown as Query;
    const named: Query = function (this: pg.PoolClient, ...args: unknown[]) {
      const [given, values] = args;
      if (typeof given === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2) {
        const bound = pageBounds.apply(given, values);
        const name = names.nameOf(bound.text);
        if (name !== undefined) return query.call(this, { name, ...bound });
        return query.call(this, bound.text, bound.values);
      }
      return query.apply(this, args);
    };
    (client as unknown as { query: Query }).query = named;
  });
}
