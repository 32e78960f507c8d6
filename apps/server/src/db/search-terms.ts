import type SQLite from 'better-sqlite3';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { preparedQuery } from './prepared.ts';
import type { Database } from './schema.ts';

/*
 * SQLite full-text search matches every term as a prefix ("caldaia"*). FTS5 keeps prefix lists for
 * 3 characters only: a longer prefix makes it merge the lists of every word that starts with it,
 * over the whole index, before the first match can be read, so a common word cost milliseconds and
 * grew with the archive. `search_terms` holds every word of the indexed documents (migration 0008,
 * kept by triggers through `stabile_terms`), so a long prefix becomes the few words it stands for,
 * ("caldaia" OR "caldaie"), which FTS5 reads lazily, newest first, and stops after a page.
 */

/** Beyond this many words a prefix is left to FTS5 as it is. */
const MAX_WORDS = 16;

/** The words of a search document as FTS5's unicode61 tokenizer splits them (letters, digits). */
export function documentWords(doc: string): Set<string> {
  const words = new Set<string>();
  for (const word of doc.split(/[^\p{L}\p{N}\p{Co}]+/u)) if (word) words.add(word);
  return words;
}

/** Whether every term starts a word of the document: what an FTS5 match of `"term"*` tells. */
export function documentHasPrefixes(doc: string, terms: readonly string[]): boolean {
  return wordStarts(terms).every((pattern) => pattern.test(doc));
}

const WORD_START_CACHE_SIZE = 200;
const wordStartCache = new Map<string, RegExp[]>();

/** For each term, a pattern of the term at the start of a word (cached: a walk tests many rows). */
function wordStarts(terms: readonly string[]): RegExp[] {
  const key = terms.join(' ');
  let patterns = wordStartCache.get(key);
  if (!patterns) {
    patterns = terms.map(
      (term) => new RegExp(`(?:^|[^\\p{L}\\p{N}\\p{Co}])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u'),
    );
    if (wordStartCache.size >= WORD_START_CACHE_SIZE) wordStartCache.clear();
    wordStartCache.set(key, patterns);
  }
  return patterns;
}

/**
 * Registers on a connection `stabile_terms(doc)`, the words of a document as rows (used by the
 * triggers of 0008), and `stabile_has_prefixes(doc, terms)`, documentHasPrefixes with the terms
 * joined by spaces (see documentMatches).
 */
export function registerSearchFunctions(sqlite: SQLite.Database): void {
  sqlite.function('stabile_has_prefixes', { deterministic: true }, (doc: unknown, terms: unknown) =>
    typeof doc === 'string' && typeof terms === 'string' && documentHasPrefixes(doc, terms.split(' '))
      ? 1
      : 0,
  );
  sqlite.table('stabile_terms', {
    columns: ['term'],
    parameters: ['doc'],
    *rows(doc: unknown) {
      for (const term of documentWords(typeof doc === 'string' ? doc : '')) yield { term };
    },
  });
}

const wordsFrom = preparedQuery((db, from: string, to: string, limit: number) =>
  db
    .selectFrom('search_terms')
    .select('term')
    .where('term', '>=', from)
    .where('term', '<', to)
    .orderBy('term')
    .limit(limit),
);

/** The smallest string greater than every string starting with `prefix` (for index range scans). */
export function prefixEnd(prefix: string): string {
  return `${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`;
}

/**
 * The FTS5 match expression of search terms (already normalised by searchTerms), all required.
 * `indexedPrefix`: the longest prefix length the FTS table keeps lists for (its `prefix` option);
 * a term up to that long is read from its prefix list, a longer one becomes the words it stands for.
 * `tag`: written before every word and prefix, for an index whose words carry one (the state tab
 * and priority of activities_open_fts, migration 0019).
 */
export async function ftsMatchOf(
  db: Kysely<Database>,
  terms: string[],
  indexedPrefix = 3,
  tag = '',
): Promise<string> {
  const parts: string[] = [];
  for (const term of terms) {
    if (term.length <= indexedPrefix) {
      parts.push(`"${tag}${term}"*`);
      continue;
    }
    const words = (await wordsFrom(db, term, prefixEnd(term), MAX_WORDS + 1)).map((row) => row.term);
    // No known word: FTS5 itself finds nothing at once (or a word the list missed, safely).
    if (words.length === 0 || words.length > MAX_WORDS) parts.push(`"${tag}${term}"*`);
    else {
      const phrases = words.map((w) => `"${tag}${w}"`);
      parts.push(phrases.length === 1 ? (phrases[0] as string) : `(${phrases.join(' OR ')})`);
    }
  }
  // An explicit AND: FTS5 joins phrases implicitly, but not a parenthesised group and a phrase.
  return parts.join(' AND ');
}

/**
 * SQLite: a predicate telling whether the search document in `column` matches every term as FTS5
 * would, read from the row (or a covering index) instead of the FTS index. For plans that walk
 * another index and test each entry: `instr` discards most entries in C, and only the few that hold
 * every term as text are checked word by word in JavaScript. Terms come from searchTerms (letters
 * and digits only).
 */
export function documentMatches(
  column: string,
  terms: readonly string[],
  /** The terms joined by spaces (given apart when the terms are placeholders: see shapedQuery). */
  joined = terms.join(' '),
): RawBuilder<SqlBool> {
  const ref = sql.ref(column);
  const texts = terms.map((term) => sql<SqlBool>`instr(${ref}, ${term}) > 0`);
  return sql<SqlBool>`(${sql.join(texts, sql` and `)} and stabile_has_prefixes(${ref}, ${joined}) = 1)`;
}
