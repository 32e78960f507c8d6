/**
 * Row types of the common parts (migration 0003, services extended by 0040): plants (categoria 0) and
 * environments (categoria 1) of a condominium, with their services. Dates are 'YYYY-MM-DD' text.
 */
export interface CommonPartsTable {
  archive_id: number;
  id: number;
  condominio_id: number;
  categoria: number;
  tipo: number;
  denominazione: string;
  denominazione_sort: string;
  ubicazione: string | null;
  note: string | null;
  marca: string | null;
  modello: string | null;
  matricola: string | null;
  data_installazione: string | null;
  superficie_mq: number | null;
  search_doc: string;
  created_at: string;
  updated_at: string;
  obj_version: number;
}

/** A service of a common part: its type, provider, frequency, last and next date, contract. */
export interface CommonPartServicesTable {
  archive_id: number;
  id: number;
  condominio_id: number;
  parte_comune_id: number;
  tipo_servizio: number;
  fornitore_id: number | null;
  descrizione: string;
  data_inizio: string | null;
  data_fine: string | null;
  periodicita_mesi: number | null;
  prossima_scadenza: string | null;
  importo_cents: number | null;
  note: string | null;
  /** Migration 0040. */
  data_ultima: string | null;
  riferimento_contratto: string | null;
  obj_version: number;
}
