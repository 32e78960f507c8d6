import type {
  ActivityEvent,
  ActivityListItem,
  Assignment,
  AssignmentMessage,
  Intervention,
} from '@stabile/contract';
import { type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { type JsonMember, jsonObject } from '../../db/dialect.ts';
import type {
  ActivityEventRow,
  ActivityRow,
  InterventionRow,
  SupplierAssignmentMessageRow,
  SupplierAssignmentRow,
} from './activity.table.ts';

/** An activity row with the names the list shows (condominium, type, applicant). */
export type ActivityRowWithNames = Omit<ActivityRow, 'search_doc'> & {
  intestazione: string | null;
  tipo_descr: string | null;
  richiedente_descr: string | null;
};

/** A list shows the first characters of a description (counted as characters, as SQL does). */
const LIST_DESCRIPTION_LENGTH = 240;

function excerpt(text: string): string {
  if (text.length <= LIST_DESCRIPTION_LENGTH) return text;
  const characters = Array.from(text);
  return characters.length <= LIST_DESCRIPTION_LENGTH
    ? text
    : `${characters.slice(0, LIST_DESCRIPTION_LENGTH - 1).join('')}…`;
}

/**
 * An activity of a list as an API object (ActivityListItem) from its row with names; `full` keeps
 * the whole description (the drawer). The lists have the database write the same object
 * (activityListItemMembers); a test holds the two equal.
 */
export function toActivityListItem(row: ActivityRowWithNames, full = false): ActivityListItem {
  const descrizione = full ? row.descrizione : excerpt(row.descrizione);
  return {
    id: Number(row.id),
    numeroPratica: Number(row.numero_pratica),
    condGenID: Number(row.cond_gen_id),
    intestazioneCondominio: row.intestazione ?? '',
    titolo: row.titolo,
    descrizione,
    stato: row.stato,
    gestore: row.gestore,
    tipoSegnalazID: Number(row.tipo_segnalaz_id),
    tipoSegnalazDescr: row.tipo_descr ?? '',
    priorita: row.priorita,
    dataApertura: row.data_apertura,
    dataChiusura: row.data_chiusura,
    richiedenteID: row.richiedente_id === null ? -1 : Number(row.richiedente_id),
    richiedenteDescr: row.richiedente_descr,
    dataConcludereEntro: row.data_concludere_entro,
    operatore: row.operatore,
    nascosta: row.nascosta === 1,
    servizio: row.servizio,
    esercizioID: row.esercizio_id === null ? null : Number(row.esercizio_id),
    avvisi: row.avvisi === 1,
    interventiInCorso: row.interventi_in_corso,
    ultimoAggiornamento: row.ultimo_aggiornamento,
    objVersion: row.obj_version,
  };
}

const column = (name: string): RawBuilder<unknown> => sql.ref(name);

/**
 * ActivityListItem as the database writes it (jsonObject), member by member in the order of
 * toActivityListItem, from the activity `a` with its condominium `c`, type `t` and applicant `p`.
 */
export const activityListItemMembers: readonly JsonMember[] = [
  ['id', 'number', column('a.id')],
  ['numeroPratica', 'number', column('a.numero_pratica')],
  ['condGenID', 'number', column('a.cond_gen_id')],
  ['intestazioneCondominio', 'text', sql`coalesce(c.intestazione, '')`],
  ['titolo', 'text', column('a.titolo')],
  [
    'descrizione',
    'text',
    sql`case when length(a.descrizione) <= ${sql.lit(LIST_DESCRIPTION_LENGTH)} then a.descrizione else substr(a.descrizione, 1, ${sql.lit(LIST_DESCRIPTION_LENGTH - 1)}) || '…' end`,
  ],
  ['stato', 'number', column('a.stato')],
  ['gestore', 'text', column('a.gestore')],
  ['tipoSegnalazID', 'number', column('a.tipo_segnalaz_id')],
  ['tipoSegnalazDescr', 'text', sql`coalesce(t.descr, '')`],
  ['priorita', 'number', column('a.priorita')],
  ['dataApertura', 'text', column('a.data_apertura')],
  ['dataChiusura', 'text?', column('a.data_chiusura')],
  ['richiedenteID', 'number', sql`coalesce(a.richiedente_id, -1)`],
  ['richiedenteDescr', 'text?', column('p.descr')],
  ['dataConcludereEntro', 'text?', column('a.data_concludere_entro')],
  ['operatore', 'text', column('a.operatore')],
  ['nascosta', 'boolean', column('a.nascosta')],
  ['servizio', 'number?', column('a.servizio')],
  ['esercizioID', 'number?', column('a.esercizio_id')],
  ['avvisi', 'boolean', column('a.avvisi')],
  ['interventiInCorso', 'number', column('a.interventi_in_corso')],
  ['ultimoAggiornamento', 'text', column('a.ultimo_aggiornamento')],
  ['objVersion', 'number', column('a.obj_version')],
];

/**
 * The SQL of a list item (ActivityListItem as JSON text) of the activity `a` with its condominium
 * `c`, type `t` and applicant `p`, written by the database as it reads the page (decision 0007).
 */
export function activityListItemJson(dialect: DialectName): RawBuilder<string> {
  return jsonObject(dialect, activityListItemMembers);
}

export function toActivityEvent(row: ActivityEventRow): ActivityEvent {
  return {
    id: Number(row.id),
    tipo: row.tipo,
    autore: row.autore,
    testo: row.testo,
    data: row.data,
    operatore: row.operatore,
    objVersion: row.obj_version,
  };
}

export function toAssignmentMessage(row: SupplierAssignmentMessageRow): AssignmentMessage {
  return {
    id: Number(row.id),
    autore: row.autore as AssignmentMessage['autore'],
    azione: row.azione,
    testo: row.testo,
    data: row.data,
    allegato:
      row.allegato_nome === null
        ? null
        : { nomeFile: row.allegato_nome, dimensione: Number(row.allegato_dimensione ?? 0) },
  };
}

export function toAssignment(
  row: SupplierAssignmentRow,
  messages: SupplierAssignmentMessageRow[],
  linkExpiry: string | null,
): Assignment {
  return {
    interventoID: Number(row.id),
    attivitaID: Number(row.attivita_id),
    fornitoreID: Number(row.fornitore_id),
    stato: row.stato,
    motivazione: row.motivazione,
    email: row.email,
    dataInvio: row.data_invio,
    dataRisposta: row.data_risposta,
    scadenzaLink: linkExpiry,
    ultimoAggiornamento: row.ultimo_aggiornamento,
    objVersion: row.obj_version,
    messaggi: messages.map(toAssignmentMessage),
  };
}

export type InterventionRowWithProvider = InterventionRow & {
  fornitore_descr: string | null;
  fornitore_email: string | null;
};

export function toIntervention(
  row: InterventionRowWithProvider,
  assignment: Assignment | null,
): Intervention {
  return {
    id: Number(row.id),
    attivitaID: Number(row.attivita_id),
    fornitoreID: Number(row.fornitore_id),
    fornitoreDescr: row.fornitore_descr ?? '',
    fornitoreEmail: row.fornitore_email,
    descrizione: row.descrizione,
    dataPrevista: row.data_prevista,
    dataEsecuzione: row.data_esecuzione,
    operatore: row.operatore,
    rinviato: row.rinviato === 1,
    motivazioneRinvio: row.motivazione_rinvio,
    objVersion: row.obj_version,
    assegnazione: assignment,
  };
}
