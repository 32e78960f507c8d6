/** Row types of persons and providers (migration 0002). Booleans are 0/1 integers. */
export interface RegistryRow {
  archive_id: number;
  id: number;
  descr: string;
  descr_sort: string;
  ragione_sociale: string | null;
  titolo: string | null;
  indirizzo: string | null;
  cap: string | null;
  citta: string | null;
  provincia: string | null;
  nazione: string | null;
  codice_fiscale: string | null;
  partita_iva: string | null;
  telefono1: string | null;
  telefono1_etichetta: string | null;
  telefono2: string | null;
  telefono2_etichetta: string | null;
  telefono3: string | null;
  telefono3_etichetta: string | null;
  email: string | null;
  pec: string | null;
  iban: string | null;
  bic: string | null;
  banca: string | null;
  sito_web: string | null;
  fax: string | null;
  lingua: string | null;
  recapito_descr: string | null;
  recapito_indirizzo: string | null;
  recapito_cap: string | null;
  recapito_citta: string | null;
  recapito_provincia: string | null;
  recapito_nazione: string | null;
  spedizione_generale: number;
  spedizione_guasti: number;
  spedizione_assemblee: number;
  preferenza_pagamento: number;
  rappresentante_legale: string | null;
  esporta_rubrica: number;
  portale_attivo: number;
  codice_tributo: string | null;
  causale_cu: string | null;
  includi_ac_k730: number;
  termini_pagamento: string | null;
  domicilio_fiscale: string | null;
  tipo_attivita_id: number | null;
  durc: string | null;
  durc_stato: number | null;
  note: string | null;
  campo_libero1: string | null;
  campo_libero2: string | null;
  campo_libero3: string | null;
  campo_libero4: string | null;
  search_doc: string;
  created_at: string;
  updated_at: string;
  obj_version: number;
}

export interface LookupRow {
  archive_id: number;
  id: number;
  testo: string;
  testo_sort: string;
}

export interface OperatorRow {
  archive_id: number;
  id: number;
  nome: string;
  archive_user_id: number | null;
  attivo: number;
}

export interface IncaricoRow {
  archive_id: number;
  id: number;
  condominio_id: number;
  persona_id: number;
  tipo_incarico_id: number;
  data_inizio: string | null;
  data_fine: string | null;
  note: string | null;
  created_at: string;
  obj_version: number;
}

export interface LocalityRow {
  id: number;
  cap: string;
  citta: string;
  citta_sort: string;
  prov: string;
  codice_catastale: string | null;
  codice_istat: string | null;
}

export interface PeopleTables {
  persons: RegistryRow;
  providers: RegistryRow;
  nations: LookupRow;
  titles: LookupRow;
  provider_activity_types: LookupRow;
  assignment_types: LookupRow;
  operators: OperatorRow;
  incarichi: IncaricoRow;
  localities: LocalityRow;
}
