import {
  DurcState,
  type FornitoreCreateParsed,
  type Registry,
  type RegistryListItem,
} from '@stabile/contract';
import { searchDocument } from '../../db/dialect.ts';
import type { RegistryRow } from './people.table.ts';

/** The writable columns of a person or provider (everything but keys, timestamps and version). */
export type RegistryValues = Omit<
  RegistryRow,
  'archive_id' | 'id' | 'created_at' | 'updated_at' | 'obj_version'
>;

const text = (value: string | null | undefined): string | null => {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

const bool = (value: boolean | undefined): number => (value ? 1 : 0);

/** Lowercase, accent-free key of the description: the list order. */
export function sortKey(descr: string): string {
  return searchDocument(descr);
}

/** The DURC kind of a pipe-separated value "kind|date|date", or null when there is none. */
export function durcKind(durc: string | null): number | null {
  if (!durc) return null;
  const kind = Number(durc.split('|')[0]);
  return (Object.values(DurcState) as number[]).includes(kind) ? kind : null;
}

/** What the full-text index holds for a record: names, codes, city, email. */
export function registrySearchDoc(values: {
  descr: string;
  ragione_sociale?: string | null;
  codice_fiscale?: string | null;
  partita_iva?: string | null;
  citta?: string | null;
  email?: string | null;
}): string {
  return searchDocument(
    values.descr,
    values.ragione_sociale,
    values.codice_fiscale,
    values.partita_iva,
    values.citta,
    values.email,
  );
}

/** API input (validated by the contract) -> columns. The person schema is a subset of this type. */
export function toRegistryValues(input: FornitoreCreateParsed): RegistryValues {
  const durc = text(input.durc);
  const values = {
    descr: input.descr.trim(),
    descr_sort: sortKey(input.descr),
    ragione_sociale: text(input.ragioneSociale),
    titolo: text(input.titolo),
    indirizzo: text(input.indirizzo),
    cap: text(input.cap),
    citta: text(input.citta),
    provincia: text(input.provincia),
    nazione: text(input.nazione),
    codice_fiscale: text(input.codiceFiscale),
    partita_iva: text(input.partitaIva),
    telefono1: text(input.telefono1),
    telefono1_etichetta: text(input.telefono1Etichetta),
    telefono2: text(input.telefono2),
    telefono2_etichetta: text(input.telefono2Etichetta),
    telefono3: text(input.telefono3),
    telefono3_etichetta: text(input.telefono3Etichetta),
    email: text(input.email),
    pec: text(input.pec),
    iban: text(input.iban),
    bic: text(input.bic),
    banca: text(input.banca),
    sito_web: text(input.sitoWeb),
    fax: text(input.fax),
    lingua: text(input.lingua),
    recapito_descr: text(input.recapitoDescr),
    recapito_indirizzo: text(input.recapitoIndirizzo),
    recapito_cap: text(input.recapitoCap),
    recapito_citta: text(input.recapitoCitta),
    recapito_provincia: text(input.recapitoProvincia),
    recapito_nazione: text(input.recapitoNazione),
    spedizione_generale: input.spedizioneGenerale,
    spedizione_guasti: input.spedizioneGuasti,
    spedizione_assemblee: input.spedizioneAssemblee,
    preferenza_pagamento: input.preferenzaPagamento,
    rappresentante_legale: text(input.rappresentanteLegale),
    esporta_rubrica: bool(input.esportaRubrica),
    portale_attivo: bool(input.portaleAttivo),
    codice_tributo: text(input.codiceTributo),
    causale_cu: text(input.causaleCu),
    includi_ac_k730: bool(input.includiAcK730),
    termini_pagamento: text(input.terminiPagamento),
    domicilio_fiscale: text(input.domicilioFiscale),
    tipo_attivita_id: input.tipoAttivitaID ?? null,
    durc,
    durc_stato: durcKind(durc),
    note: text(input.note),
    campo_libero1: text(input.campoLibero1),
    campo_libero2: text(input.campoLibero2),
    campo_libero3: text(input.campoLibero3),
    campo_libero4: text(input.campoLibero4),
  };
  return { ...values, search_doc: registrySearchDoc(values) };
}

export function toRegistry(row: RegistryRow, tipoAttivitaDescr: string | null = null): Registry {
  return {
    id: row.id,
    descr: row.descr,
    ragioneSociale: row.ragione_sociale,
    titolo: row.titolo,
    indirizzo: row.indirizzo,
    cap: row.cap,
    citta: row.citta,
    provincia: row.provincia,
    nazione: row.nazione,
    codiceFiscale: row.codice_fiscale,
    partitaIva: row.partita_iva,
    telefono1: row.telefono1,
    telefono1Etichetta: row.telefono1_etichetta,
    telefono2: row.telefono2,
    telefono2Etichetta: row.telefono2_etichetta,
    telefono3: row.telefono3,
    telefono3Etichetta: row.telefono3_etichetta,
    email: row.email,
    pec: row.pec,
    iban: row.iban,
    bic: row.bic,
    banca: row.banca,
    sitoWeb: row.sito_web,
    fax: row.fax,
    lingua: row.lingua,
    recapitoDescr: row.recapito_descr,
    recapitoIndirizzo: row.recapito_indirizzo,
    recapitoCap: row.recapito_cap,
    recapitoCitta: row.recapito_citta,
    recapitoProvincia: row.recapito_provincia,
    recapitoNazione: row.recapito_nazione,
    spedizioneGenerale: row.spedizione_generale,
    spedizioneGuasti: row.spedizione_guasti,
    spedizioneAssemblee: row.spedizione_assemblee,
    preferenzaPagamento: row.preferenza_pagamento,
    rappresentanteLegale: row.rappresentante_legale,
    esportaRubrica: row.esporta_rubrica === 1,
    portaleAttivo: row.portale_attivo === 1,
    codiceTributo: row.codice_tributo,
    causaleCu: row.causale_cu,
    includiAcK730: row.includi_ac_k730 === 1,
    terminiPagamento: row.termini_pagamento,
    domicilioFiscale: row.domicilio_fiscale,
    tipoAttivitaID: row.tipo_attivita_id,
    tipoAttivitaDescr,
    durc: row.durc,
    durcStato: row.durc_stato,
    note: row.note,
    campoLibero1: row.campo_libero1,
    campoLibero2: row.campo_libero2,
    campoLibero3: row.campo_libero3,
    campoLibero4: row.campo_libero4,
    objVersion: row.obj_version,
  };
}

export const LIST_COLUMNS = [
  'id',
  'descr',
  'codice_fiscale',
  'partita_iva',
  'indirizzo',
  'citta',
  'provincia',
  'telefono1',
  'email',
  'tipo_attivita_id',
  'durc_stato',
] as const;

export type RegistryListRow = Pick<RegistryRow, (typeof LIST_COLUMNS)[number]>;

export function toRegistryListItem(row: RegistryListRow): RegistryListItem {
  return {
    id: row.id,
    descr: row.descr,
    codiceFiscale: row.codice_fiscale,
    partitaIva: row.partita_iva,
    indirizzo: row.indirizzo,
    citta: row.citta,
    provincia: row.provincia,
    telefono1: row.telefono1,
    email: row.email,
    tipoAttivitaID: row.tipo_attivita_id,
    durcStato: row.durc_stato,
  };
}
