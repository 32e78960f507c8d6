import type { AttachmentsTable, DossiersTable } from '../attachments/attachment.table.ts';
import type { CommonPartServicesTable, CommonPartsTable } from '../common-parts/common-part.table.ts';
import type {
  InstalmentsTable,
  MovementsTable,
  PaymentAllocationsTable,
  PaymentsTable,
  RefundsTable,
} from '../instalments/instalment.table.ts';
/**
 * Row types of the condominium side of an archive (migration 0003). Booleans are 0/1 integers,
 * money is in cents, dates are 'YYYY-MM-DD' text and timestamps ISO UTC text. Millesimi are in
 * thousandths (45.250 ‰ -> 45250); shares (`quota`) in basis points (10000 = 100%).
 */
export interface CondominiumsTable {
  archive_id: number;
  id: number;
  codice: string;
  intestazione: string;
  intestazione_sort: string;
  indirizzo: string | null;
  cap: string | null;
  citta: string | null;
  provincia: string | null;
  codice_fiscale: string | null;
  iban: string | null;
  bic: string | null;
  banca: string | null;
  email: string | null;
  pec: string | null;
  note: string | null;
  gestito: number;
  data_inizio_gestione: string | null;
  data_fine_gestione: string | null;
  numero_unita: number;
  pid: string | null;
  portale_attivo: number;
  stato_conto_pagamenti: number;
  saldo_ts_pay_cents: number | null;
  saldo_ts_pay_at: string | null;
  search_doc: string;
  created_at: string;
  updated_at: string;
  obj_version: number;
}

export interface ExercisesTable {
  archive_id: number;
  id: number;
  condominio_id: number;
  tipo: number;
  descrizione: string;
  data_inizio: string;
  data_fine: string;
  chiuso: number;
  data_chiusura: string | null;
  created_at: string;
  obj_version: number;
}

export interface BuildingsTable {
  archive_id: number;
  id: number;
  condominio_id: number;
  esercizio_id: number;
  descrizione: string;
  indirizzo: string | null;
  note: string | null;
  obj_version: number;
}

export interface UnitGroupsTable {
  archive_id: number;
  id: number;
  condominio_id: number;
  esercizio_id: number;
  descrizione: string;
  indirizzo: string | null;
  note: string | null;
  obj_version: number;
}

export interface UnitsTable {
  archive_id: number;
  id: number;
  condominio_id: number;
  esercizio_id: number;
  palazzina_id: number | null;
  gruppo_id: number | null;
  descrizione: string;
  tipo: string | null;
  scala: string | null;
  piano: string | null;
  interno: string | null;
  ordine: number;
  sezione: string | null;
  foglio: string | null;
  particella: string | null;
  subalterno: string | null;
  categoria_catastale: string | null;
  millesimi_proprieta: number;
  obj_version: number;
}

export interface RegistriesTable {
  archive_id: number;
  id: number;
  condominio_id: number;
  esercizio_id: number;
  persona_id: number;
  descr: string;
  descr_sort: string;
  obj_version: number;
}

export interface RegistryUnitsTable {
  archive_id: number;
  id: number;
  esercizio_id: number;
  anagrafica_id: number;
  unita_id: number;
  ruolo: string;
  quota: number;
  data_inizio: string | null;
  data_fine: string | null;
  obj_version: number;
}

export interface InsurancesTable {
  archive_id: number;
  id: number;
  condominio_id: number;
  compagnia: string;
  agenzia: string | null;
  numero_polizza: string;
  tipo_polizza: string | null;
  data_decorrenza: string | null;
  data_scadenza: string | null;
  premio_cents: number | null;
  massimale_cents: number | null;
  franchigia_cents: number | null;
  note: string | null;
  obj_version: number;
}

export interface CadastralDataTable {
  archive_id: number;
  id: number;
  condominio_id: number;
  tipo: number;
  codice_comune: string | null;
  tipo_catasto: string | null;
  sezione_urbana: string | null;
  foglio: string | null;
  particella: string | null;
  subalterno: string | null;
  categoria: string | null;
  classe: string | null;
  consistenza: string | null;
  rendita_cents: number | null;
  data_domanda: string | null;
  numero_protocollo: string | null;
  ufficio_provinciale: string | null;
  note: string | null;
  obj_version: number;
}

export interface AdminRegisterEventTypesTable {
  archive_id: number;
  id: number;
  testo: string;
  testo_sort: string;
}

export interface AdminRegisterTable {
  archive_id: number;
  id: number;
  condominio_id: number;
  evento_id: number;
  data_evento: string;
  amministratore: string;
  codice_fiscale: string | null;
  data_delibera: string | null;
  data_inizio: string | null;
  data_fine: string | null;
  note: string | null;
  obj_version: number;
}

export interface ResourceTypesTable {
  archive_id: number;
  id: number;
  testo: string;
  testo_sort: string;
}

export interface ResourcesTable {
  archive_id: number;
  id: number;
  condominio_id: number;
  esercizio_id: number | null;
  tipo_risorsa_id: number;
  versione: number;
  descrizione: string;
  iban: string | null;
  banca: string | null;
  saldo_iniziale_cents: number;
  saldo_cents: number;
  obj_version: number;
}

export interface FundsTable {
  archive_id: number;
  id: number;
  condominio_id: number;
  esercizio_id: number | null;
  risorsa_id: number | null;
  descrizione: string;
  importo_cents: number;
  saldo_cents: number;
  note: string | null;
  obj_version: number;
}

export interface LedgerAccountsTable {
  archive_id: number;
  id: number;
  condominio_id: number;
  esercizio_id: number;
  tipo_conto: number;
  codice: string;
  descrizione: string;
  obj_version: number;
}

export interface CondominiumTables {
  condominiums: CondominiumsTable;
  exercises: ExercisesTable;
  buildings: BuildingsTable;
  unit_groups: UnitGroupsTable;
  units: UnitsTable;
  registries: RegistriesTable;
  registry_units: RegistryUnitsTable;
  common_parts: CommonPartsTable;
  common_part_services: CommonPartServicesTable;
  insurances: InsurancesTable;
  cadastral_data: CadastralDataTable;
  admin_register_event_types: AdminRegisterEventTypesTable;
  admin_register: AdminRegisterTable;
  resource_types: ResourceTypesTable;
  resources: ResourcesTable;
  funds: FundsTable;
  ledger_accounts: LedgerAccountsTable;
  instalments: InstalmentsTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  payment_allocations: PaymentAllocationsTable;
  movements: MovementsTable;
  dossiers: DossiersTable;
  attachments: AttachmentsTable;
}
