import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';

/**
 * PostgreSQL's own statistics of a stored search vector (`pg_stats.most_common_elems`, what ANALYZE
 * keeps of the most frequent words, up to ten times the statistics target) read as the share of rows
 * that hold a word starting with a term. A word absent from them is rarer than the rarest one kept.
 * Read once per table and column, then again after REFRESH_MS (ANALYZE changes them only now and then).
 */
export interface WordStatistics {
  /** The words kept, sorted. */
  words: string[];
  /** The share of rows holding each word (0 to 1). */
  shares: number[];
  /** The share of the rarest word kept: every word absent from `words` is rarer. */
  floor: number;
}

const REFRESH_MS = 10 * 60_000;

type Cached = { at: number; statistics: Promise<WordStatistics | null> };

/** Per database, per table and column. */
const caches = new WeakMap<Kysely<Database>, Map<string, Cached>>();

/** The statistics of `table.column` (a tsvector), or null when ANALYZE has not run on it yet. */
export function wordStatistics(
  db: Kysely<Database>,
  table: string,
  column: string,
  now = Date.now(),
): Promise<WordStatistics | null> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const key = `${table}.${column}`;
  const cached = cache.get(key);
  if (cached && now - cached.at < REFRESH_MS) return cached.statistics;
  const statistics = readStatistics(db, table, column).catch(() => null);
  cache.set(key, { at: now, statistics });
  return statistics;
}

/** Reads the statistics again at the next use (after an ANALYZE that must count at once: the tests). */
export function forgetWordStatistics(db: Kysely<Database>): void {
  caches.delete(db);
}

async function readStatistics(
  db: Kysely<Database>,
  table: string,
  column: string,
): Promise<WordStatistics | null> {
  const { rows } = await sql<{ words: string[] | null; shares: number[] | null }>`
    select most_common_elems::text::text[] as words, most_common_elem_freqs as shares
    from pg_stats
    where schemaname = current_schema() and tablename = ${table} and attname = ${column}`.execute(db);
  const row = rows[0];
  if (!row?.words?.length || !row.shares) return null;
  return statisticsOf(row.words, row.shares.map(Number));
}

/**
 * The words and their shares in the order of the words. `shares` has one share per word, then the
 * lowest and highest of them (and, for arrays, the share of null elements): the lowest is the floor.
 */
export function statisticsOf(words: string[], shares: number[]): WordStatistics {
  const pairs = words
    .map((word, i) => [word, shares[i] ?? 0] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    words: pairs.map(([word]) => word),
    shares: pairs.map(([, share]) => share),
    floor: shares[words.length] ?? Math.min(...shares.slice(0, words.length)),
  };
}

/**
 * At most the share of rows that hold a word starting with every term: for each term the sum of the
 * shares of the kept words it starts (or the floor when it starts none), the lowest of the terms'
 * (words of one text go together, "citofono guasto": the lowest is a bound, their product is not).
 */
export function shareOfTerms(statistics: WordStatistics, terms: string[]): number {
  let lowest = 1;
  for (const term of terms) {
    let share = 0;
    for (let i = firstAtOrAfter(statistics.words, term); i < statistics.words.length; i++) {
      if (!statistics.words[i]!.startsWith(term)) break;
      share += statistics.shares[i]!;
    }
    lowest = Math.min(lowest, share > 0 ? share : statistics.floor);
  }
  return Math.min(lowest, 1);
}

function firstAtOrAfter(sorted: string[], term: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < term) low = middle + 1;
    else high = middle;
  }
  return low;
}
