import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Kysely,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  sql,
  type UnknownRow,
} from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The tenant rule for queries (the schema's is in db/schema-rules.test.ts): every query that reads,
 * changes or deletes rows of an archive table (a table with an `archive_id` column, read from the
 * live schema) says which archive. Rule, for each SELECT, UPDATE and DELETE, its subqueries and its
 * common table expressions, each one on its own: every archive table it names in FROM, JOIN, USING
 * or as the UPDATE target has a predicate on its own `archive_id` in that same query's WHERE or in
 * a JOIN's ON (`a.archive_id = ?`, `b.archive_id = a.archive_id` for a row reached through a row
 * of the archive, `archive_id in (...)`). A predicate inside a subquery does not count for the
 * outer query: `id in (select ...)` alone would match another archive's row of the same id, ids
 * being per archive. An unqualified `archive_id` counts for the query's archive tables (with two
 * of them it would be ambiguous, and the database refuses it). INSERT rows carry their archive.
 *
 * The queries are read as Kysely's operation nodes; SQL written by hand (`sql\`...\``, a whole
 * statement or a part of a query) is read from its text: each `from`/`join`/`update` of an archive
 * table in it needs `<alias>.archive_id` (or a bare `archive_id`) somewhere in that text.
 *
 * Checked: every query the app compiles in a test build (buildTestApp), from the end of the
 * migrations to the app's close; a query that breaks the rule fails the test file at close, named
 * by its SQL and the line that wrote it. Not checked: the queries tests write themselves (fixtures,
 * assertions: the first frame outside Kysely is a test file), and what runs on another database
 * handle. Set ARCHIVE_SCOPE_LOG=<file> to list every distinct statement checked, with its verdict.
 *
 * What the system does across archives on purpose goes in CROSS_ARCHIVE_ALLOWED, each entry with
 * its reason (source file relative to src/, and table). It is empty because nothing needs it today:
 * - the migrations run before the check starts, and the seed CLI and the attachment orphans
 *   command open their own database (the orphans command walks the archives one by one, each
 *   query scoped to one);
 * - login and the session lookups by token read `accounts`, `sessions`, `refresh_tokens` and
 *   `one_time_tokens`, which have no `archive_id`; the per-archive rows they reach
 *   (`session_archives`, `archive_users`) are joined on their `archive_id`;
 * - an account's list of archives reads `archives` (no `archive_id`: its `id` is the archive) and
 *   joins `session_archives` on `sa.archive_id = a.id`.
 */
export const CROSS_ARCHIVE_ALLOWED: ReadonlyArray<{ file: string; table: string; reason: string }> = [];

export interface ScopeViolation {
  table: string;
  /** The name the query uses for it (its alias, or its name). */
  as: string;
}

interface TableUse {
  table: string;
  as: string;
}

type Node = OperationNode & Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';

const QUERY_KINDS = new Set(['SelectQueryNode', 'UpdateQueryNode', 'DeleteQueryNode']);

function childrenOf(node: Node): Node[] {
  const children: Node[] = [];
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) isNode(item) && children.push(item);
    else if (isNode(value)) children.push(value);
  }
  return children;
}

function identifierName(node: unknown): string | undefined {
  if (!isNode(node)) return undefined;
  if (node.kind === 'IdentifierNode') return node.name as string;
  if (node.kind === 'SchemableIdentifierNode') return identifierName(node.identifier);
  if (node.kind === 'TableNode') return identifierName(node.table);
  if (node.kind === 'ColumnNode') return identifierName(node.column);
  return undefined;
}

/** A FROM/JOIN item naming a table: the table and the name the query uses for it. */
function tableUse(node: unknown): TableUse | undefined {
  if (!isNode(node)) return undefined;
  if (node.kind === 'TableNode') {
    const table = identifierName(node);
    return table ? { table, as: table } : undefined;
  }
  if (node.kind === 'AliasNode' && isNode(node.node) && node.node.kind === 'TableNode') {
    const table = identifierName(node.node);
    const as = identifierName(node.alias);
    return table && as ? { table, as } : undefined;
  }
  return undefined;
}

const nodes = (value: unknown): Node[] => (Array.isArray(value) ? value.filter(isNode) : []);

function tablesOfQuery(query: Node): TableUse[] {
  const sources: unknown[] = [];
  const from = query.from as Node | undefined;
  if (from?.kind === 'FromNode') sources.push(...nodes(from.froms));
  if (query.kind === 'UpdateQueryNode') sources.push(query.table);
  const using = query.using as Node | undefined;
  if (using) sources.push(...nodes(using.tables));
  for (const join of nodes(query.joins)) sources.push(join.table);
  return sources.map(tableUse).filter((use): use is TableUse => use !== undefined);
}

const RAW_ARCHIVE_ID = /(?:"?(\w+)"?\s*\.\s*)?"?\barchive_id\b"?/gi;

/**
 * The names by which a predicate refers to an `archive_id` column ('' for a bare `archive_id`),
 * not looking into subqueries (their predicates are theirs).
 */
function archiveIdQualifiers(node: unknown, found: Set<string>): Set<string> {
  if (!isNode(node) || QUERY_KINDS.has(node.kind)) return found;
  if (node.kind === 'ReferenceNode') {
    if (identifierName(node.column) === 'archive_id') found.add(identifierName(node.table) ?? '');
    return found;
  }
  if (node.kind === 'ColumnNode') {
    if (identifierName(node) === 'archive_id') found.add('');
    return found;
  }
  if (node.kind === 'RawNode') {
    for (const fragment of node.sqlFragments as string[]) {
      for (const match of fragment.matchAll(RAW_ARCHIVE_ID)) found.add(match[1] ?? '');
    }
  }
  for (const child of childrenOf(node)) archiveIdQualifiers(child, found);
  return found;
}

/** The archive tables a query node (and every query within it) reads or changes without its archive. */
export function scopeViolations(
  root: RootOperationNode,
  archiveTables: ReadonlySet<string>,
): ScopeViolation[] {
  const violations: ScopeViolation[] = [];
  const visit = (node: Node) => {
    if (QUERY_KINDS.has(node.kind)) {
      const uses = tablesOfQuery(node).filter((use) => archiveTables.has(use.table));
      if (uses.length > 0) {
        const predicates = [node.where, ...nodes(node.joins).map((join) => join.on)];
        const qualifiers = new Set<string>();
        for (const predicate of predicates) archiveIdQualifiers(predicate, qualifiers);
        for (const use of uses) {
          if (!qualifiers.has('') && !qualifiers.has(use.as)) violations.push(use);
        }
      }
    }
    if (node.kind === 'RawNode') {
      // SQL written by hand inside a query, or a whole raw statement: read from its text (its
      // nested raw SQL with it), and the builder's queries within it as nodes.
      violations.push(...rawScopeViolations(rawText(node), archiveTables));
      const queries = (inner: Node): Node[] =>
        inner.kind === 'RawNode'
          ? childrenOf(inner).flatMap(queries)
          : QUERY_KINDS.has(inner.kind)
            ? [inner]
            : [];
      for (const query of childrenOf(node).flatMap(queries)) visit(query);
      return;
    }
    for (const child of childrenOf(node)) visit(child);
  };
  visit(root as unknown as Node);
  return violations;
}

/** The text of raw SQL, with its nested raw SQL and names; values and builder queries as `?`. */
function rawText(node: Node): string {
  switch (node.kind) {
    case 'RawNode': {
      const fragments = node.sqlFragments as string[];
      const parameters = nodes(node.parameters);
      return fragments
        .map((fragment, i) => fragment + (parameters[i] ? rawText(parameters[i]) : ''))
        .join('');
    }
    case 'TableNode':
    case 'IdentifierNode':
      return identifierName(node) ?? '?';
    case 'ReferenceNode': {
      const table = identifierName(node.table);
      const column = identifierName(node.column) ?? '*';
      return table ? `${table}.${column}` : column;
    }
    default:
      return '?';
  }
}

const RAW_KEYWORDS = new Set(
  'where join inner left right full cross natural on using set order group limit offset union except intersect returning having window as values lateral not indexed select from'.split(
    ' ',
  ),
);

/** The same rule read from the text of raw SQL (see above). */
export function rawScopeViolations(text: string, archiveTables: ReadonlySet<string>): ScopeViolation[] {
  const source = text
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/--[^\n]*/g, '')
    .toLowerCase();
  const qualified = new Set<string>();
  let bare = false;
  for (const match of source.matchAll(RAW_ARCHIVE_ID)) {
    if (match[1] === undefined) bare = true;
    else qualified.add(match[1]);
  }
  const violations: ScopeViolation[] = [];
  const tableRef = /\b(?:from|join|update)\s+"?(\w+)"?(?:\s+(?:as\s+)?"?(\w+)"?)?/g;
  for (const match of source.matchAll(tableRef)) {
    const table = match[1] as string;
    if (!archiveTables.has(table)) continue;
    const alias = match[2] && !RAW_KEYWORDS.has(match[2]) ? match[2] : table;
    if (!bare && !qualified.has(alias)) violations.push({ table, as: alias });
  }
  return violations;
}

/** The archive tables of a migrated database: those with an `archive_id` column. */
export async function archiveTablesOf(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
): Promise<Set<string>> {
  const rows =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`
          select m.name from sqlite_master m
          where m.type = 'table' and exists (
            select 1 from pragma_table_info(m.name) c where c.name = 'archive_id')`.execute(db)
      : await sql<{ name: string }>`
          select c.table_name as name from information_schema.columns c
          join information_schema.tables t
            on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = current_schema() and c.column_name = 'archive_id'
            and t.table_type = 'BASE TABLE'`.execute(db);
  return new Set(rows.rows.map((row) => row.name));
}

const SERVER_SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Frames that only pass a query on: the first frame outside them is the code that wrote it. */
const PASSING_ON = new Set(['test/archive-scope.ts', 'db/prepared.ts']);
const TEST_CODE = /(\.test\.ts|\.fixtures\.ts|^test\/)/;

/** The server source file (relative to src/) and line that built the query being compiled now. */
function originOfQuery(): { file: string; line: string } | undefined {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  for (const frame of stack.split('\n').slice(1)) {
    const match = /\(?((?:file:\/\/)?\/[^():]+\.ts):(\d+):\d+\)?$/.exec(frame.trim());
    if (!match) continue;
    const absolute = (match[1] as string).replace(/^file:\/\//, '');
    if (!absolute.startsWith(`${SERVER_SOURCE}${path.sep}`)) continue;
    const file = path.relative(SERVER_SOURCE, absolute).split(path.sep).join('/');
    if (PASSING_ON.has(file)) continue;
    return { file, line: `${file}:${match[2]}` };
  }
  return undefined;
}

/**
 * A Kysely plugin for test builds: checks every query compiled while it is started (after the
 * migrations) against the rule above, and keeps each missing archive with the statement's SQL and
 * the line that wrote it.
 */
export class ArchiveScopeRecorder implements KyselyPlugin {
  #tables: ReadonlySet<string> | undefined;
  #compile: ((node: RootOperationNode, args: PluginTransformQueryArgs) => string) | undefined;
  readonly #found = new Map<string, string>();
  /** ARCHIVE_SCOPE_LOG=<file>: every distinct statement checked is appended there, with its verdict. */
  readonly #log = process.env.ARCHIVE_SCOPE_LOG;
  readonly #logged = new Set<string>();
  readonly #checkTests: boolean;

  /** `checkTests`: check the queries that tests write too (this file's own test). */
  constructor(options: { checkTests?: boolean } = {}) {
    this.#checkTests = options.checkTests ?? false;
  }

  start(archiveTables: ReadonlySet<string>, db: Kysely<Database>): void {
    this.#tables = archiveTables;
    this.#compile = (node, args) => db.getExecutor().compileQuery(node, args.queryId).sql;
  }

  stop(): void {
    this.#tables = undefined;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const tables = this.#tables;
    const compile = this.#compile;
    if (!tables || !compile) return args.node;
    const violations = scopeViolations(args.node, tables);
    let text: string | undefined;
    if (this.#log) {
      text ??= compile(args.node, args);
      if (!this.#logged.has(text)) {
        this.#logged.add(text);
        const verdict =
          violations.length === 0 ? 'ok' : violations.map((v) => `${v.table} as ${v.as}`).join(', ');
        appendFileSync(
          this.#log,
          `${verdict}\t${originOfQuery()?.line ?? 'unknown'}\t${text.replace(/\s+/g, ' ')}\n`,
        );
      }
    }
    if (violations.length === 0) return args.node;
    const origin = originOfQuery();
    if (origin && !this.#checkTests && TEST_CODE.test(origin.file)) return args.node;
    for (const violation of violations) {
      const allowed = CROSS_ARCHIVE_ALLOWED.some(
        (entry) => entry.file === origin?.file && entry.table === violation.table,
      );
      if (allowed) continue;
      const key = `${origin?.line ?? 'unknown'} ${violation.table} ${violation.as}`;
      if (!this.#found.has(key)) {
        text ??= compile(args.node, args);
        this.#found.set(
          key,
          `${violation.table} (as ${violation.as}) without archive_id, written at ${origin?.line ?? 'unknown'}:\n  ${text}`,
        );
      }
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  /** Every query found without its archive, one paragraph each; undefined when none. */
  report(): string | undefined {
    if (this.#found.size === 0) return undefined;
    return `Queries on an archive table without archive_id (test/archive-scope.ts):\n${[...this.#found.values()].join('\n')}`;
  }
}
