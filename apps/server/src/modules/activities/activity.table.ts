/** Row types of the activity tables (migration 0004). Booleans are 0/1 integers. */
export interface ActivityTypeRow {
  archive_id: number;
  id: number;
  descr: string;
  descr_sort: string;
}

export interface ActivityRow {
  archive_id: number;
  id: number;
  numero_pratica: number;
  cond_gen_id: number;
  titolo: string;
  descrizione: string;
  stato: number;
  stato_gruppo: number;
  gestore: string;
  tipo_segnalaz_id: number;
  priorita: number;
  data_apertura: string;
  data_chiusura: string | null;
  richiedente_id: number | null;
  data_concludere_entro: string | null;
  operatore: string;
  nascosta: number;
  servizio: number | null;
  esercizio_id: number | null;
  avvisi: number;
  interventi_in_corso: number;
  dati_incompleti: number;
  search_doc: string;
  ultimo_aggiornamento: string;
  created_at: string;
  obj_version: number;
}

export interface ActivityEventRow {
  archive_id: number;
  id: number;
  attivita_id: number;
  tipo: number;
  autore: number;
  testo: string;
  data: string;
  operatore: string;
  obj_version: number;
}

export interface InterventionRow {
  archive_id: number;
  id: number;
  attivita_id: number;
  fornitore_id: number;
  descrizione: string;
  data_prevista: string | null;
  data_esecuzione: string | null;
  operatore: string;
  rinviato: number;
  motivazione_rinvio: string | null;
  created_at: string;
  obj_version: number;
}

export interface SupplierAssignmentRow {
  archive_id: number;
  id: number;
  attivita_id: number;
  fornitore_id: number;
  stato: number;
  motivazione: string | null;
  email: string;
  data_invio: string | null;
  data_risposta: string | null;
  ultimo_aggiornamento: string;
  obj_version: number;
}

export interface SupplierAssignmentMessageRow {
  archive_id: number;
  id: number;
  intervento_id: number;
  attivita_id: number;
  autore: string;
  azione: string;
  testo: string;
  data: string;
  allegato_nome: string | null;
  allegato_chiave: string | null;
  allegato_dimensione: number | null;
}

export interface SupplierLinkRow {
  archive_id: number;
  id: number;
  intervento_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface ActivitySettingsRow {
  archive_id: number;
  user_key: string;
  giorni_chiuse: number;
  per_condominio: string;
  ultima_visita: string | null;
  visita_corrente: string | null;
  risposte_lette: string | null;
}

export interface ActivityTables {
  activity_types: ActivityTypeRow;
  activities: ActivityRow;
  activity_events: ActivityEventRow;
  interventions: InterventionRow;
  supplier_assignments: SupplierAssignmentRow;
  supplier_assignment_messages: SupplierAssignmentMessageRow;
  supplier_links: SupplierLinkRow;
  activity_settings: ActivitySettingsRow;
}
