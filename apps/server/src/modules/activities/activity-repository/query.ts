import { type Compilable, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { dialectOf, idList, idPositions, joinedByCommas, utf8Bytes } from '../../../db/dialect.ts';
import { preparedQuery } from '../../../db/prepared.ts';
import type { Database } from '../../../db/schema.ts';
import { activityListItemJson } from '../activity.mapper.ts';
import type { ActivityRow } from '../activity.table.ts';

/** The closed-activity window of a user: days (0 = always) and per-condominium overrides. */
export interface VisibilityWindow {
  days: number;
  perCondominio: Map<number, number>;
}

const ACTIVITY_COLUMNS = [
  'a.archive_id',
  'a.id',
  'a.numero_pratica',
  'a.cond_gen_id',
  'a.titolo',
  'a.descrizione',
  'a.stato',
  'a.stato_gruppo',
  'a.gestore',
  'a.tipo_segnalaz_id',
  'a.priorita',
  'a.data_apertura',
  'a.data_chiusura',
  'a.richiedente_id',
  'a.data_concludere_entro',
  'a.operatore',
  'a.nascosta',
  'a.servizio',
  'a.esercizio_id',
  'a.avvisi',
  'a.interventi_in_corso',
  'a.dati_incompleti',
  'a.ultimo_aggiornamento',
  'a.created_at',
  'a.obj_version',
] as const;

export type ActivityDb = Database & { a: ActivityRow };
export type ActivityQuery = SelectQueryBuilder<ActivityDb, 'a', object>;

/** Joins the condominium `c`, type `t` and applicant `p` of each activity `a`. */
function joinNames(qb: ActivityQuery) {
  return qb
    .leftJoin('condominiums as c', (j) =>
      j.onRef('c.archive_id', '=', 'a.archive_id').onRef('c.id', '=', 'a.cond_gen_id'),
    )
    .leftJoin('activity_types as t', (j) =>
      j.onRef('t.archive_id', '=', 'a.archive_id').onRef('t.id', '=', 'a.tipo_segnalaz_id'),
    )
    .leftJoin('persons as p', (j) =>
      j.onRef('p.archive_id', '=', 'a.archive_id').onRef('p.id', '=', 'a.richiedente_id'),
    );
}

/** The API columns with the condominium, type and applicant names (for toActivityListItem). */
export function withNames(qb: ActivityQuery) {
  return joinNames(qb).select([
    ...ACTIVITY_COLUMNS,
    'c.intestazione',
    't.descr as tipo_descr',
    'p.descr as richiedente_descr',
  ]);
}

/**
 * The JSON text of an activity of a list (ActivityListItem), written by the database as UTF-8
 * bytes: a list page sends these as they are (decision 0007).
 */
export function withListItems(db: Kysely<Database>, qb: ActivityQuery) {
  const dialect = dialectOf(db);
  return joinNames(qb).select(['a.id', utf8Bytes(dialect, activityListItemJson(dialect)).as('item')]);
}

/** A row of withListItems. */
export interface ListItemRow {
  id: number;
  item: Buffer;
}

export function isoDaysAgo(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

export interface ActivityPage {
  /**
   * The JSON texts of the page's activities (ActivityListItem) in UTF-8, in order: each Buffer one
   * item or several joined by commas (listItemsByIds).
   */
  items: Buffer[];
  total: number;
  capped: boolean;
}

export const archiveActivities = (db: Kysely<Database>, archiveId: number) =>
  db.selectFrom('activities as a').where('a.archive_id', '=', archiveId) as ActivityQuery;

/**
 * The list items of some activities (JSON texts of ActivityListItem) in the order of `ids`, joined
 * by commas into one UTF-8 text (none if no id is found): one value for a page instead of a Buffer
 * per row, which cost a quarter of the query's time (a page of 15 rows on 1M activities).
 */
export async function listItemsByIds(
  db: Kysely<Database>,
  archiveId: number,
  ids: number[],
): Promise<Buffer[]> {
  const [row] = await activitiesByIds(db, archiveId, idList(dialectOf(db), ids));
  return row?.items ? [row.items] : [];
}

/**
 * The list items of some activities of an archive by id (an idList), in its order: one shape
 * whatever the number of ids, so it is compiled once. The ids are the outer loop (CROSS JOIN), each
 * activity read by its key.
 */
const activitiesByIds = preparedQuery((db, archiveId: number, ids: string | number[]) => {
  const dialect = dialectOf(db);
  const page = db
    .selectFrom(idPositions(dialect, ids).as('j'))
    .crossJoin('activities as a')
    .whereRef('a.id', '=', 'j.id')
    .where('a.archive_id', '=', archiveId) as unknown as ActivityQuery;
  const items = joinedByCommas(activityListItemJson(dialect), sql.ref('j.position'));
  return joinNames(page).select(utf8Bytes(dialect, items).as('items')) as unknown as Compilable<{
    items: Buffer | null;
  }>;
});

/** A search's order: newest (largest id) first. */
export const idsNewestFirst = sql`a.id desc`;
