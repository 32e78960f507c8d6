/**
 * Row types of instalments, payments, refunds, their allocations and the financial movements
 * (tables of migration 0003, columns added by 0050), of the idempotency keys and the print
 * settings (0050). Money is in cents, dates 'YYYY-MM-DD', timestamps ISO UTC text.
 */
export interface InstalmentsTable {
  archive_id: number;
  id: number;
  condominio_id: number;
  esercizio_id: number;
  anagrafica_id: number;
  unita_id: number | null;
  tipo: number;
  numero: number;
  descrizione: string;
  data_scadenza: string;
  importo_cents: number;
  versato_cents: number;
  created_at: string;
  obj_version: number;
}

export interface PaymentsTable {
  archive_id: number;
  id: number;
  condominio_id: number;
  esercizio_id: number;
  anagrafica_id: number;
  unita_id: number | null;
  risorsa_id: number | null;
  data: string;
  importo_cents: number;
  descrizione: string | null;
  modalita: string | null;
  numero_ricevuta: number | null;
  distribuzione: number;
  /** The payments account (ledger account of type 1); migration 0050. */
  conto_id?: number | null;
  created_at: string;
  obj_version: number;
}

export interface RefundsTable {
  archive_id: number;
  id: number;
  condominio_id: number;
  esercizio_id: number;
  anagrafica_id: number;
  unita_id: number | null;
  risorsa_id: number | null;
  data: string;
  importo_cents: number;
  descrizione: string | null;
  modalita: string | null;
  numero_ricevuta: number | null;
  distribuzione: number;
  /** The payments account (ledger account of type 1); migration 0050. */
  conto_id?: number | null;
  created_at: string;
  obj_version: number;
}

export interface PaymentAllocationsTable {
  archive_id: number;
  versamento_id: number;
  rata_id: number;
  importo_cents: number;
}

export interface MovementsTable {
  archive_id: number;
  id: number;
  condominio_id: number;
  esercizio_id: number | null;
  risorsa_id: number | null;
  tipo_riferimento: number;
  riferimento_id: number;
  data: string;
  descrizione: string;
  importo_cents: number;
  numero_documento: string | null;
  created_at: string;
  /** The payment or refund the movement records, and its unit (migration 0050). */
  versamento_id?: number | null;
  rimborso_id?: number | null;
  unita_id?: number | null;
}

/** The answer of a write, kept by archive and Idempotency-Key. */
export interface IdempotencyKeysTable {
  archive_id: number;
  chiave: string;
  operazione: string;
  richiesta_hash: string;
  /** The JSON of the answer's data; null while the first request is still running. */
  risposta: string | null;
  created_at: string;
}

export interface PrintSettingsTable {
  archive_id: number;
  intestazione: string | null;
  indirizzo: string | null;
  codice_fiscale: string | null;
  logo: string | null;
  riga_firma: string | null;
  pie_pagina: string | null;
  updated_at: string;
}

/** The tables of this area not already in CondominiumTables. */
export interface InstalmentTables {
  idempotency_keys: IdempotencyKeysTable;
  print_settings: PrintSettingsTable;
}
