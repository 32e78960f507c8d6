import type {
  Assicurazione,
  AssicurazioneCreate,
  DatoCatastale,
  DomandaAccatastamentoCreate,
  Esercizio,
  EsercizioCreate,
  Fondo,
  FondoCreate,
  ImmobileAccatastatoCreate,
  Palazzina,
  PalazzinaCreate,
  RegistroAmministratore,
  RegistroAmministratoreCreate,
  Risorsa,
  RisorsaCreate,
} from '@stabile/contract';
import { CadastralType } from '@stabile/contract';
import { text } from './condominium.mapper.ts';
import type {
  AdminRegisterTable,
  BuildingsTable,
  CadastralDataTable,
  ExercisesTable,
  FundsTable,
  InsurancesTable,
  ResourcesTable,
} from './condominium.table.ts';
import type { RecordValues } from './condominium-records.repository.ts';

/*
 * Rows <-> API objects of the records a condominium owns. Inputs arrive validated by the contract
 * (defaults applied); optional texts become null.
 */

const cents = (value: number | null | undefined): number | null => (value === undefined ? null : value);
const num = (value: number | null): number | null => (value === null ? null : Number(value));

export function toEsercizio(row: ExercisesTable): Esercizio {
  return {
    id: Number(row.id),
    condominioID: Number(row.condominio_id),
    tipo: row.tipo,
    descrizione: row.descrizione,
    dataInizio: row.data_inizio,
    dataFine: row.data_fine,
    chiuso: row.chiuso === 1,
    dataChiusura: row.data_chiusura,
    objVersion: row.obj_version,
  };
}

export function toExerciseValues(
  input: Required<Pick<EsercizioCreate, 'tipo' | 'descrizione' | 'dataInizio' | 'dataFine'>> & {
    chiuso: boolean;
  },
  today: string,
  closedBefore: string | null,
): Omit<RecordValues<'exercises'>, 'created_at'> {
  return {
    tipo: input.tipo,
    descrizione: input.descrizione.trim(),
    data_inizio: input.dataInizio,
    data_fine: input.dataFine,
    chiuso: input.chiuso ? 1 : 0,
    // Closing stamps the day; reopening clears it; staying closed keeps the first date.
    data_chiusura: input.chiuso ? (closedBefore ?? today) : null,
  };
}

export function toPalazzina(row: BuildingsTable): Palazzina {
  return {
    id: Number(row.id),
    esercizioID: Number(row.esercizio_id),
    descrizione: row.descrizione,
    indirizzo: row.indirizzo,
    note: row.note,
    objVersion: row.obj_version,
  };
}

export function toBuildingValues(input: PalazzinaCreate): RecordValues<'buildings'> {
  return { descrizione: input.descrizione.trim(), indirizzo: text(input.indirizzo), note: text(input.note) };
}

export function toAssicurazione(row: InsurancesTable): Assicurazione {
  return {
    id: Number(row.id),
    condominioID: Number(row.condominio_id),
    compagnia: row.compagnia,
    agenzia: row.agenzia,
    numeroPolizza: row.numero_polizza,
    tipoPolizza: row.tipo_polizza,
    dataDecorrenza: row.data_decorrenza,
    dataScadenza: row.data_scadenza,
    premioCents: num(row.premio_cents),
    massimaleCents: num(row.massimale_cents),
    franchigiaCents: num(row.franchigia_cents),
    note: row.note,
    objVersion: row.obj_version,
  };
}

export function toInsuranceValues(input: AssicurazioneCreate): RecordValues<'insurances'> {
  return {
    compagnia: input.compagnia.trim(),
    agenzia: text(input.agenzia),
    numero_polizza: input.numeroPolizza.trim(),
    tipo_polizza: text(input.tipoPolizza),
    data_decorrenza: text(input.dataDecorrenza),
    data_scadenza: text(input.dataScadenza),
    premio_cents: cents(input.premioCents),
    massimale_cents: cents(input.massimaleCents),
    franchigia_cents: cents(input.franchigiaCents),
    note: text(input.note),
  };
}

export function toDatoCatastale(row: CadastralDataTable): DatoCatastale {
  return {
    id: Number(row.id),
    condominioID: Number(row.condominio_id),
    tipo: row.tipo,
    codiceComune: row.codice_comune,
    tipoCatasto: row.tipo_catasto,
    sezione: row.sezione_urbana,
    foglio: row.foglio,
    particella: row.particella,
    subalterno: row.subalterno,
    categoria: row.categoria,
    classe: row.classe,
    consistenza: row.consistenza,
    renditaCents: num(row.rendita_cents),
    dataDomanda: row.data_domanda,
    numeroProtocollo: row.numero_protocollo,
    ufficioProvinciale: row.ufficio_provinciale,
    note: row.note,
    objVersion: row.obj_version,
  };
}

export function toPropertyValues(input: ImmobileAccatastatoCreate): RecordValues<'cadastral_data'> {
  return {
    tipo: CadastralType.RegisteredProperty,
    codice_comune: text(input.codiceComune),
    tipo_catasto: text(input.tipoCatasto),
    sezione_urbana: text(input.sezione),
    foglio: text(input.foglio),
    particella: text(input.particella),
    subalterno: text(input.subalterno),
    categoria: text(input.categoria),
    classe: text(input.classe),
    consistenza: text(input.consistenza),
    rendita_cents: cents(input.renditaCents),
    data_domanda: null,
    numero_protocollo: null,
    ufficio_provinciale: null,
    note: text(input.note),
  };
}

export function toRequestValues(input: DomandaAccatastamentoCreate): RecordValues<'cadastral_data'> {
  return {
    tipo: CadastralType.RegistrationRequest,
    codice_comune: text(input.codiceComune),
    tipo_catasto: null,
    sezione_urbana: null,
    foglio: text(input.foglio),
    particella: text(input.particella),
    subalterno: null,
    categoria: null,
    classe: null,
    consistenza: null,
    rendita_cents: null,
    data_domanda: text(input.dataDomanda),
    numero_protocollo: text(input.numeroProtocollo),
    ufficio_provinciale: text(input.ufficioProvinciale),
    note: text(input.note),
  };
}

export function toRegistroAmministratore(
  row: AdminRegisterTable,
  events: Map<number, string>,
): RegistroAmministratore {
  return {
    id: Number(row.id),
    condominioID: Number(row.condominio_id),
    eventoID: Number(row.evento_id),
    eventoDescr: events.get(Number(row.evento_id)) ?? '',
    dataEvento: row.data_evento,
    amministratore: row.amministratore,
    codiceFiscale: row.codice_fiscale,
    dataDelibera: row.data_delibera,
    dataInizio: row.data_inizio,
    dataFine: row.data_fine,
    note: row.note,
    objVersion: row.obj_version,
  };
}

export function toRegisterValues(input: RegistroAmministratoreCreate): RecordValues<'admin_register'> {
  return {
    evento_id: input.eventoID,
    data_evento: input.dataEvento,
    amministratore: input.amministratore.trim(),
    codice_fiscale: text(input.codiceFiscale),
    data_delibera: text(input.dataDelibera),
    data_inizio: text(input.dataInizio),
    data_fine: text(input.dataFine),
    note: text(input.note),
  };
}

export function toRisorsa(row: ResourcesTable, types: Map<number, string>): Risorsa {
  return {
    id: Number(row.id),
    condominioID: Number(row.condominio_id),
    esercizioID: num(row.esercizio_id),
    tipoRisorsaID: Number(row.tipo_risorsa_id),
    tipoRisorsaDescr: types.get(Number(row.tipo_risorsa_id)) ?? '',
    versione: row.versione,
    descrizione: row.descrizione,
    iban: row.iban,
    banca: row.banca,
    saldoInizialeCents: Number(row.saldo_iniziale_cents),
    saldoCents: Number(row.saldo_cents),
    objVersion: row.obj_version,
  };
}

/** A new resource's balance starts at its initial balance; an edit moves it by the difference. */
export function toResourceValues(
  input: RisorsaCreate & { versione: number; saldoInizialeCents: number },
  saldoCents: number,
): RecordValues<'resources'> {
  return {
    tipo_risorsa_id: input.tipoRisorsaID,
    esercizio_id: input.esercizioID ?? null,
    versione: input.versione,
    descrizione: input.descrizione.trim(),
    iban: text(input.iban),
    banca: text(input.banca),
    saldo_iniziale_cents: input.saldoInizialeCents,
    saldo_cents: saldoCents,
  };
}

export function toFondo(row: FundsTable, resources: Map<number, string>): Fondo {
  return {
    id: Number(row.id),
    condominioID: Number(row.condominio_id),
    esercizioID: num(row.esercizio_id),
    risorsaID: num(row.risorsa_id),
    risorsaDescr: row.risorsa_id === null ? null : (resources.get(Number(row.risorsa_id)) ?? null),
    descrizione: row.descrizione,
    importoCents: Number(row.importo_cents),
    saldoCents: Number(row.saldo_cents),
    note: row.note,
    objVersion: row.obj_version,
  };
}

export function toFundValues(
  input: FondoCreate & { importoCents: number },
  saldoCents: number,
): RecordValues<'funds'> {
  return {
    descrizione: input.descrizione.trim(),
    esercizio_id: input.esercizioID ?? null,
    risorsa_id: input.risorsaID ?? null,
    importo_cents: input.importoCents,
    saldo_cents: saldoCents,
    note: text(input.note),
  };
}
