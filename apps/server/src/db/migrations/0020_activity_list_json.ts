import { type Kysely, sql } from 'kysely';
import { dialectOf, type JsonMember, type JsonValueKind, sqliteJsonMembers } from '../dialect.ts';

/**
 * SQLite: each activity keeps its own members of a list item (ActivityListItem without the three
 * names read from other tables) as JSON text in `list_json`, so a page of the lists and of the
 * search puts 15 stored texts inside the names instead of writing 21 members a row with `concat`
 * and `json_quote` (docs/decisions/0010): the search's main-thread instructions per request,
 * 1,147k -> 1,012k on 1M activities. Triggers keep it after every insert and every update of a
 * column it holds; a test holds it equal to toActivityListItem whatever the row. PostgreSQL writes
 * the whole object as it reads the page (json_build_object) and needs nothing.
 *
 * The members are written here as they were when this migration was made; a later change of the
 * list item needs a migration that rewrites the column and its triggers.
 */

/** The activity's own members of the list item, in the contract's order, with the column each reads. */
const OWN_MEMBERS: ReadonlyArray<readonly [key: string, kind: JsonValueKind, column: string]> = [
  ['id', 'number', 'id'],
  ['numeroPratica', 'number', 'numero_pratica'],
  ['condGenID', 'number', 'cond_gen_id'],
  ['titolo', 'text', 'titolo'],
  ['descrizione', 'text', 'descrizione'],
  ['stato', 'number', 'stato'],
  ['gestore', 'text', 'gestore'],
  ['tipoSegnalazID', 'number', 'tipo_segnalaz_id'],
  ['priorita', 'number', 'priorita'],
  ['dataApertura', 'text', 'data_apertura'],
  ['dataChiusura', 'text?', 'data_chiusura'],
  ['richiedenteID', 'number', 'richiedente_id'],
  ['dataConcludereEntro', 'text?', 'data_concludere_entro'],
  ['operatore', 'text', 'operatore'],
  ['nascosta', 'boolean', 'nascosta'],
  ['servizio', 'number?', 'servizio'],
  ['esercizioID', 'number?', 'esercizio_id'],
  ['avvisi', 'boolean', 'avvisi'],
  ['interventiInCorso', 'number', 'interventi_in_corso'],
  ['ultimoAggiornamento', 'text', 'ultimo_aggiornamento'],
  ['objVersion', 'number', 'obj_version'],
];

/** The value of `column` of the row `row` as the list item shows it. */
function memberValue(row: string, column: string): string {
  const value = `${row}.${column}`;
  if (column === 'descrizione') {
    return `case when length(${value}) <= 240 then ${value} else substr(${value}, 1, 239) || '…' end`;
  }
  if (column === 'richiedente_id') return `coalesce(${value}, -1)`;
  return value;
}

/** The activity's own members of the list item from the row `row`. */
function ownMembers(row: string): JsonMember[] {
  return OWN_MEMBERS.map(([key, kind, column]) => [key, kind, sql.raw(memberValue(row, column))]);
}

/** The columns an update of which writes the text again (an activity's id never changes). */
const UPDATED_COLUMNS = OWN_MEMBERS.map(([, , column]) => column).filter((column) => column !== 'id');

/** The SQL of the stored members of `row`: plain text, no parameters (it goes into triggers). */
function listJsonSql(db: Kysely<any>, row: string): string {
  const compiled = sqliteJsonMembers(ownMembers(row)).compile(db);
  if (compiled.parameters.length > 0) throw new Error('list_json: a member became a parameter.');
  return compiled.sql;
}

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await sql.raw('alter table activities add column list_json text').execute(db);
  await sql.raw(`update activities set list_json = ${listJsonSql(db, 'activities')}`).execute(db);
  const write = `update activities set list_json = ${listJsonSql(db, 'new')} where rowid = new.rowid;`;
  await sql
    .raw(`create trigger activities_list_json_ai after insert on activities begin ${write} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger activities_list_json_au after update of ${UPDATED_COLUMNS.join(', ')} on activities begin ${write} end`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await sql.raw('drop trigger if exists activities_list_json_ai').execute(db);
  await sql.raw('drop trigger if exists activities_list_json_au').execute(db);
  await sql.raw('alter table activities drop column list_json').execute(db);
}
