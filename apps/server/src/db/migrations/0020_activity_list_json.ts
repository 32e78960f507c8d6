import { type Kysely, sql } from 'kysely';
import { dialectOf, type JsonMember, sqliteJsonMembers } from '../dialect.ts';

/**
 * SQLite: each activity keeps its own members of a list item (ActivityListItem without the three
 * names read from other tables) as JSON text in `list_json`, so a page of the lists and of the
 * search puts 15 stored texts inside the names instead of writing 21 members a row with `concat`
 * and `json_quote` (docs/decisions/0010): the search's main-thread instructions per request,
 * 1,147k -> 1,012k on 1M activities. Triggers keep it after every insert and every update of a column it holds; a test
 * holds it equal to toActivityListItem whatever the row. PostgreSQL writes the whole object as it
 * reads the page (json_build_object) and needs nothing.
 *
 * The members are written here as they were when this migration was made; a later change of the
 * list item needs a migration that rewrites the column and its triggers.
 */

/** The activity's own members of the list item, in the contract's order, from the row `row`. */
function ownMembers(row: string): JsonMember[] {
  const c = (name: string) => sql.raw(`${row}.${name}`);
  return [
    ['id', 'number', c('id')],
    ['numeroPratica', 'number', c('numero_pratica')],
    ['condGenID', 'number', c('cond_gen_id')],
    ['titolo', 'text', c('titolo')],
    [
      'descrizione',
      'text',
      sql.raw(
        `case when length(${row}.descrizione) <= 240 then ${row}.descrizione else substr(${row}.descrizione, 1, 239) || '…' end`,
      ),
    ],
    ['stato', 'number', c('stato')],
    ['gestore', 'text', c('gestore')],
    ['tipoSegnalazID', 'number', c('tipo_segnalaz_id')],
    ['priorita', 'number', c('priorita')],
    ['dataApertura', 'text', c('data_apertura')],
    ['dataChiusura', 'text?', c('data_chiusura')],
    ['richiedenteID', 'number', sql.raw(`coalesce(${row}.richiedente_id, -1)`)],
    ['dataConcludereEntro', 'text?', c('data_concludere_entro')],
    ['operatore', 'text', c('operatore')],
    ['nascosta', 'boolean', c('nascosta')],
    ['servizio', 'number?', c('servizio')],
    ['esercizioID', 'number?', c('esercizio_id')],
    ['avvisi', 'boolean', c('avvisi')],
    ['interventiInCorso', 'number', c('interventi_in_corso')],
    ['ultimoAggiornamento', 'text', c('ultimo_aggiornamento')],
    ['objVersion', 'number', c('obj_version')],
  ];
}

/** The columns that ownMembers reads: an update of any of them writes the text again. */
const READ_COLUMNS = [
  'numero_pratica',
  'cond_gen_id',
  'titolo',
  'descrizione',
  'stato',
  'gestore',
  'tipo_segnalaz_id',
  'priorita',
  'data_apertura',
  'data_chiusura',
  'richiedente_id',
  'data_concludere_entro',
  'operatore',
  'nascosta',
  'servizio',
  'esercizio_id',
  'avvisi',
  'interventi_in_corso',
  'ultimo_aggiornamento',
  'obj_version',
];

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
      `create trigger activities_list_json_au after update of ${READ_COLUMNS.join(', ')} on activities begin ${write} end`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await sql.raw('drop trigger if exists activities_list_json_ai').execute(db);
  await sql.raw('drop trigger if exists activities_list_json_au').execute(db);
  await sql.raw('alter table activities drop column list_json').execute(db);
}
