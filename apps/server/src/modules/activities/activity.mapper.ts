import type {
  ActivityEvent,
  ActivityListItem,
  Assignment,
  AssignmentMessage,
  Intervention,
} from '@stabile/contract';
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

const LIST_DESCRIPTION_LENGTH = 240;

export function toActivityListItem(row: ActivityRowWithNames, full = false): ActivityListItem {
  const descrizione =
    full || row.descrizione.length <= LIST_DESCRIPTION_LENGTH
      ? row.descrizione
      : `${row.descrizione.slice(0, LIST_DESCRIPTION_LENGTH - 1)}…`;
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
