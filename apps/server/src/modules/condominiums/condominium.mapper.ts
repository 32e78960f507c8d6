import type { Condominio, CondominioCreateParsed, CondominioListItem } from '@stabile/contract';
import { searchDocument } from '../../db/dialect.ts';
import type { CondominiumsTable } from './condominium.table.ts';

/** The writable columns of a condominium (everything but keys, derived values, timestamps, version). */
export type CondominiumValues = Omit<
  CondominiumsTable,
  | 'archive_id'
  | 'id'
  | 'numero_unita'
  | 'saldo_ts_pay_cents'
  | 'saldo_ts_pay_at'
  | 'created_at'
  | 'updated_at'
  | 'obj_version'
>;

/** A trimmed text, or null for nothing. */
export const text = (value: string | null | undefined): string | null => {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

const bool = (value: boolean): number => (value ? 1 : 0);

/** API input (validated by the contract) -> columns; `codice` is chosen by the service. */
export function toCondominiumValues(input: CondominioCreateParsed, codice: string): CondominiumValues {
  const intestazione = input.intestazione.trim();
  const values = {
    codice,
    intestazione,
    intestazione_sort: searchDocument(intestazione),
    indirizzo: text(input.indirizzo),
    cap: text(input.cap),
    citta: text(input.citta),
    provincia: text(input.provincia),
    codice_fiscale: text(input.codiceFiscale),
    iban: text(input.iban),
    bic: text(input.bic),
    banca: text(input.banca),
    email: text(input.email),
    pec: text(input.pec),
    note: text(input.note),
    gestito: bool(input.gestito),
    data_inizio_gestione: text(input.dataInizioGestione),
    data_fine_gestione: text(input.dataFineGestione),
    pid: text(input.pid),
    portale_attivo: bool(input.portaleAttivo),
    stato_conto_pagamenti: input.statoContoPagamenti,
  };
  return { ...values, search_doc: condominiumSearchDoc(values) };
}

/** What the full-text index holds for a condominium: name, code, address, city, fiscal code. */
export function condominiumSearchDoc(values: {
  codice: string;
  intestazione: string;
  indirizzo: string | null;
  cap: string | null;
  citta: string | null;
  provincia: string | null;
  codice_fiscale?: string | null;
}): string {
  return searchDocument(
    values.intestazione,
    values.indirizzo,
    values.cap,
    values.citta,
    values.provincia,
    values.codice,
    values.codice_fiscale,
  );
}

export type CondominiumListRow = Pick<
  CondominiumsTable,
  | 'id'
  | 'codice'
  | 'intestazione'
  | 'indirizzo'
  | 'cap'
  | 'citta'
  | 'provincia'
  | 'gestito'
  | 'portale_attivo'
  | 'stato_conto_pagamenti'
>;

export const LIST_COLUMNS = [
  'id',
  'codice',
  'intestazione',
  'indirizzo',
  'cap',
  'citta',
  'provincia',
  'gestito',
  'portale_attivo',
  'stato_conto_pagamenti',
] as const;

export function toCondominioListItem(row: CondominiumListRow): CondominioListItem {
  return {
    id: Number(row.id),
    codice: row.codice,
    intestazione: row.intestazione,
    indirizzo: row.indirizzo,
    cap: row.cap,
    citta: row.citta,
    provincia: row.provincia,
    gestito: row.gestito === 1,
    portaleAttivo: row.portale_attivo === 1,
    statoContoPagamenti: row.stato_conto_pagamenti,
  };
}

export function toCondominio(row: CondominiumsTable): Condominio {
  return {
    id: Number(row.id),
    codice: row.codice,
    intestazione: row.intestazione,
    indirizzo: row.indirizzo,
    cap: row.cap,
    citta: row.citta,
    provincia: row.provincia,
    codiceFiscale: row.codice_fiscale,
    iban: row.iban,
    bic: row.bic,
    banca: row.banca,
    email: row.email,
    pec: row.pec,
    note: row.note,
    gestito: row.gestito === 1,
    dataInizioGestione: row.data_inizio_gestione,
    dataFineGestione: row.data_fine_gestione,
    numeroUnita: row.numero_unita,
    pid: row.pid,
    portaleAttivo: row.portale_attivo === 1,
    statoContoPagamenti: row.stato_conto_pagamenti,
    objVersion: row.obj_version,
  };
}
