import { z } from 'zod';
import { ExerciseStatusFilter, ExerciseType, PaymentAccountStatus } from '../common/enums.ts';
import { pageQuerySchema } from '../common/envelope.ts';
import { zBigNumber, zCoerceNumber, zNumber, zString } from '../common/primitives.ts';
import { objVersionField } from '../people/people.schemas.ts';
import {
  zBicOptional,
  zCapOptional,
  zCodiceComuneOptional,
  zCodiceFiscaleFornitoreOptional,
  zEmailOptional,
  zIbanOptional,
  zIsoDate,
  zIsoDateOptional,
  zPecOptional,
  zProvinciaOptional,
  zText,
  zTextOptional,
} from '../validators/zod.ts';

/*
 * Condominiums (spec sections 3 and 7, "Condominium"): the registry record with its address, fiscal
 * code, bank account, resident-portal flags and payment-account state. Field names are the API's.
 * Optional texts accept null or '' (stored as null).
 */

/**
 * GET /api/condominio/lista: one condominium of the archive, as pickers and the activity filters
 * show it. The list is ordered by intestazione (case and accents ignored); it is never paged (an
 * archive manages hundreds of condominiums, not millions).
 */
export const condominioListaItemSchema = z.object({
  id: zBigNumber().int(),
  intestazione: zString(),
  indirizzo: zString().nullable(),
  citta: zString().nullable(),
});
export type CondominioListaItem = z.infer<typeof condominioListaItemSchema>;

/** A boolean of a query string: 'true'/'1' or 'false'/'0'. */
const queryBoolean = (message: string) =>
  z.enum(['true', 'false', '1', '0'], { error: message }).transform((v) => v === 'true' || v === '1');

/** Query of GET /api/condominio/lista: `gestiti` (default true) keeps only managed condominiums. */
export const condominioListaQuerySchema = z.object({
  gestiti: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v !== 'false' && v !== '0'),
});
export type CondominioListaQuery = z.infer<typeof condominioListaQuerySchema>;

const paymentAccountStates = Object.values(PaymentAccountStatus) as number[];
const zPaymentAccountStatus = () =>
  zNumber({ error: 'Stato del conto pagamenti non valido' })
    .int()
    .refine((v) => paymentAccountStates.includes(v), 'Stato del conto pagamenti non valido');

const searchQueryField = zString()
  .trim()
  .max(100, 'Il messaggio non può superare i 100 caratteri')
  .optional();

/** GET /api/condominio: the paged registry, search from 3 characters, managed only by default. */
export const condominioListQuerySchema = pageQuerySchema.extend({
  searchQuery: searchQueryField,
  gestiti: queryBoolean('Valore non valido (gestiti)').optional().default(true),
  citta: zString().trim().max(100, 'Il messaggio non può superare i 100 caratteri').optional(),
  provincia: zProvinciaOptional(),
  statoContoPagamenti: zCoerceNumber({ error: 'Stato del conto pagamenti non valido' })
    .int()
    .refine((v) => paymentAccountStates.includes(v), 'Stato del conto pagamenti non valido')
    .optional(),
  portaleAttivo: queryBoolean('Valore non valido (portaleAttivo)').optional(),
});
export type CondominioListQuery = z.input<typeof condominioListQuerySchema>;

/** One row of the condominium registry. */
export const condominioListItemSchema = z.object({
  id: zNumber().int(),
  codice: zString(),
  intestazione: zString(),
  indirizzo: zString().nullable(),
  cap: zString().nullable(),
  citta: zString().nullable(),
  provincia: zString().nullable(),
  gestito: z.boolean(),
  portaleAttivo: z.boolean(),
  statoContoPagamenti: zNumber().int(),
});
export type CondominioListItem = z.infer<typeof condominioListItemSchema>;

/** Fields of a condominium the caller writes. */
export const condominioCreateSchema = z.object({
  /** Internal code; a free one (the next number, 4 digits) when omitted. */
  codice: zTextOptional(20),
  intestazione: zText(200),
  indirizzo: zTextOptional(200),
  cap: zCapOptional(),
  citta: zTextOptional(100),
  provincia: zProvinciaOptional(),
  // A condominium's fiscal code is 11 digits (a legal person), or 16 characters.
  codiceFiscale: zCodiceFiscaleFornitoreOptional(),
  iban: zIbanOptional(),
  bic: zBicOptional(),
  banca: zTextOptional(100),
  email: zEmailOptional(),
  pec: zPecOptional(),
  note: zTextOptional(4000),
  gestito: z.boolean({ error: 'Valore non valido' }).default(true),
  dataInizioGestione: zIsoDateOptional(),
  dataFineGestione: zIsoDateOptional(),
  pid: zTextOptional(50),
  portaleAttivo: z.boolean({ error: 'Valore non valido' }).default(false),
  statoContoPagamenti: zPaymentAccountStatus().default(PaymentAccountStatus.CondominiumNotLinked),
});
export type CondominioCreate = z.input<typeof condominioCreateSchema>;
export type CondominioCreateParsed = z.output<typeof condominioCreateSchema>;
export const condominioUpdateSchema = condominioCreateSchema.extend({ objVersion: objVersionField });
export type CondominioUpdate = z.input<typeof condominioUpdateSchema>;

const text = zString().nullable();

/** The whole record of a condominium. */
export const condominioSchema = z.object({
  id: zNumber().int(),
  codice: zString(),
  intestazione: zString(),
  indirizzo: text,
  cap: text,
  citta: text,
  provincia: text,
  codiceFiscale: text,
  iban: text,
  bic: text,
  banca: text,
  email: text,
  pec: text,
  note: text,
  gestito: z.boolean(),
  dataInizioGestione: text,
  dataFineGestione: text,
  numeroUnita: zNumber().int(),
  pid: text,
  portaleAttivo: z.boolean(),
  statoContoPagamenti: zNumber().int(),
  objVersion: zNumber().int(),
});
export type Condominio = z.infer<typeof condominioSchema>;

/** Path of a condominium's sub-record: `/api/condominio/:id/.../:itemId`. */
export const condominioItemParamSchema = z.object({
  id: zCoerceNumber({ error: 'Identificativo non valido' }).int().positive('Identificativo non valido'),
  itemId: zCoerceNumber({ error: 'Identificativo non valido' }).int().positive('Identificativo non valido'),
});

/** Path of an exercise's sub-record: `/api/condominio/:id/esercizio/:esercizioId/.../:itemId`. */
export const esercizioParamSchema = z.object({
  id: zCoerceNumber({ error: 'Identificativo non valido' }).int().positive('Identificativo non valido'),
  esercizioId: zCoerceNumber({ error: 'Identificativo non valido' })
    .int()
    .positive('Identificativo non valido'),
});
export const esercizioItemParamSchema = esercizioParamSchema.extend({
  itemId: zCoerceNumber({ error: 'Identificativo non valido' }).int().positive('Identificativo non valido'),
});

// --- Exercises -----------------------------------------------------------------------------

const exerciseTypes = Object.values(ExerciseType) as number[];
const exerciseFilters = Object.values(ExerciseStatusFilter) as number[];

export const esercizioListQuerySchema = z.object({
  /** ExerciseStatusFilter: 0 all (default), 1 open, 2 closed. */
  EserciziAperti: zCoerceNumber({ error: 'Filtro degli esercizi non valido' })
    .int()
    .refine((v) => exerciseFilters.includes(v), 'Filtro degli esercizi non valido')
    .default(ExerciseStatusFilter.All),
  tipo: zCoerceNumber({ error: 'Tipo di esercizio non valido' })
    .int()
    .refine((v) => exerciseTypes.includes(v), 'Tipo di esercizio non valido')
    .optional(),
});

export const esercizioCreateSchema = z
  .object({
    tipo: zNumber({ error: 'Tipo di esercizio non valido' })
      .int()
      .refine((v) => exerciseTypes.includes(v), 'Tipo di esercizio non valido'),
    descrizione: zText(200),
    dataInizio: zIsoDate(),
    dataFine: zIsoDate(),
    chiuso: z.boolean({ error: 'Valore non valido' }).default(false),
  })
  .refine((v) => !v.dataInizio || !v.dataFine || v.dataFine >= v.dataInizio, {
    message: "La data di fine deve seguire quella d'inizio",
    path: ['dataFine'],
  });
export type EsercizioCreate = z.input<typeof esercizioCreateSchema>;
export const esercizioUpdateSchema = esercizioCreateSchema.safeExtend({ objVersion: objVersionField });
export type EsercizioUpdate = z.input<typeof esercizioUpdateSchema>;

export const esercizioSchema = z.object({
  id: zNumber().int(),
  condominioID: zNumber().int(),
  tipo: zNumber().int(),
  descrizione: zString(),
  dataInizio: zString(),
  dataFine: zString(),
  chiuso: z.boolean(),
  dataChiusura: text,
  objVersion: zNumber().int(),
});
export type Esercizio = z.infer<typeof esercizioSchema>;

export const saldoTsPayQuerySchema = z.object({
  forzaAggiornamento: queryBoolean('Valore non valido (forzaAggiornamento)').optional().default(false),
});

/** The balance of the condominium's payment account and the account's state. */
export const saldoTsPaySchema = z.object({
  statoContoPagamenti: zNumber().int(),
  /** Cents; null unless the account is active. */
  saldoCents: zNumber().int().nullable(),
  /** When the balance was computed (ISO timestamp). */
  aggiornatoIl: text,
});
export type SaldoTsPay = z.infer<typeof saldoTsPaySchema>;

// --- Buildings and groups ------------------------------------------------------------------

export const palazzinaCreateSchema = z.object({
  descrizione: zText(200),
  indirizzo: zTextOptional(200),
  note: zTextOptional(4000),
});
export type PalazzinaCreate = z.input<typeof palazzinaCreateSchema>;
export const palazzinaUpdateSchema = palazzinaCreateSchema.extend({ objVersion: objVersionField });
export const palazzinaSchema = z.object({
  id: zNumber().int(),
  esercizioID: zNumber().int(),
  descrizione: zString(),
  indirizzo: text,
  note: text,
  objVersion: zNumber().int(),
});
export type Palazzina = z.infer<typeof palazzinaSchema>;
/** Groups (gruppi di unità) have the same shape as buildings. */
export const gruppoCreateSchema = palazzinaCreateSchema;
export type GruppoCreate = PalazzinaCreate;
export const gruppoUpdateSchema = palazzinaUpdateSchema;
export const gruppoSchema = palazzinaSchema;
export type Gruppo = Palazzina;

// --- Insurance -----------------------------------------------------------------------------

const zCents = (message = 'Importo non valido') =>
  zNumber({ error: message }).int(message).min(0, message).max(99_999_999_999, message).nullish();

export const assicurazioneCreateSchema = z
  .object({
    compagnia: zText(200),
    agenzia: zTextOptional(200),
    numeroPolizza: zText(50),
    tipoPolizza: zTextOptional(100),
    dataDecorrenza: zIsoDateOptional(),
    dataScadenza: zIsoDateOptional(),
    premioCents: zCents(),
    massimaleCents: zCents(),
    franchigiaCents: zCents(),
    note: zTextOptional(4000),
  })
  .refine((v) => !v.dataDecorrenza || !v.dataScadenza || v.dataScadenza >= v.dataDecorrenza, {
    message: 'La scadenza deve seguire la decorrenza',
    path: ['dataScadenza'],
  });
export type AssicurazioneCreate = z.input<typeof assicurazioneCreateSchema>;
export const assicurazioneUpdateSchema = assicurazioneCreateSchema.safeExtend({
  objVersion: objVersionField,
});
export type AssicurazioneUpdate = z.input<typeof assicurazioneUpdateSchema>;
export const assicurazioneSchema = z.object({
  id: zNumber().int(),
  condominioID: zNumber().int(),
  compagnia: zString(),
  agenzia: text,
  numeroPolizza: zString(),
  tipoPolizza: text,
  dataDecorrenza: text,
  dataScadenza: text,
  premioCents: zNumber().int().nullable(),
  massimaleCents: zNumber().int().nullable(),
  franchigiaCents: zNumber().int().nullable(),
  note: text,
  objVersion: zNumber().int(),
});
export type Assicurazione = z.infer<typeof assicurazioneSchema>;

// --- Cadastral data ------------------------------------------------------------------------

/** A registered property (immobile accatastato). */
export const immobileAccatastatoCreateSchema = z.object({
  codiceComune: zCodiceComuneOptional(),
  tipoCatasto: zTextOptional(20),
  sezione: zTextOptional(10),
  foglio: zText(10),
  particella: zText(10),
  subalterno: zTextOptional(10),
  categoria: zTextOptional(10),
  classe: zTextOptional(10),
  consistenza: zTextOptional(50),
  renditaCents: zCents('Rendita non valida'),
  note: zTextOptional(4000),
});
export type ImmobileAccatastatoCreate = z.input<typeof immobileAccatastatoCreateSchema>;
export const immobileAccatastatoUpdateSchema = immobileAccatastatoCreateSchema.extend({
  objVersion: objVersionField,
});

/** A registration request (domanda di accatastamento). */
export const domandaAccatastamentoCreateSchema = z.object({
  codiceComune: zCodiceComuneOptional(),
  dataDomanda: zIsoDateOptional(),
  numeroProtocollo: zText(50),
  ufficioProvinciale: zTextOptional(100),
  foglio: zTextOptional(10),
  particella: zTextOptional(10),
  note: zTextOptional(4000),
});
export type DomandaAccatastamentoCreate = z.input<typeof domandaAccatastamentoCreateSchema>;
export const domandaAccatastamentoUpdateSchema = domandaAccatastamentoCreateSchema.extend({
  objVersion: objVersionField,
});

/** One cadastral record: `tipo` 0 registered property, 1 registration request (CadastralType). */
export const datoCatastaleSchema = z.object({
  id: zNumber().int(),
  condominioID: zNumber().int(),
  tipo: zNumber().int(),
  codiceComune: text,
  tipoCatasto: text,
  sezione: text,
  foglio: text,
  particella: text,
  subalterno: text,
  categoria: text,
  classe: text,
  consistenza: text,
  renditaCents: zNumber().int().nullable(),
  dataDomanda: text,
  numeroProtocollo: text,
  ufficioProvinciale: text,
  note: text,
  objVersion: zNumber().int(),
});
export type DatoCatastale = z.infer<typeof datoCatastaleSchema>;
export const datiCatastaliSchema = z.object({
  immobiliAccatastati: z.array(datoCatastaleSchema),
  domandeAccatastamento: z.array(datoCatastaleSchema),
});
export type DatiCatastali = z.infer<typeof datiCatastaliSchema>;

// --- Administrators register ---------------------------------------------------------------

export const registroAmministratoreCreateSchema = z.object({
  eventoID: zNumber({ error: 'Manca un campo obbligatorio' }).int().positive('Evento non valido'),
  dataEvento: zIsoDate(),
  amministratore: zText(200),
  codiceFiscale: zCodiceFiscaleFornitoreOptional(),
  dataDelibera: zIsoDateOptional(),
  dataInizio: zIsoDateOptional(),
  dataFine: zIsoDateOptional(),
  note: zTextOptional(4000),
});
export type RegistroAmministratoreCreate = z.input<typeof registroAmministratoreCreateSchema>;
export const registroAmministratoreUpdateSchema = registroAmministratoreCreateSchema.extend({
  objVersion: objVersionField,
});
export const registroAmministratoreSchema = z.object({
  id: zNumber().int(),
  condominioID: zNumber().int(),
  eventoID: zNumber().int(),
  eventoDescr: zString(),
  dataEvento: zString(),
  amministratore: zString(),
  codiceFiscale: text,
  dataDelibera: text,
  dataInizio: text,
  dataFine: text,
  note: text,
  objVersion: zNumber().int(),
});
export type RegistroAmministratore = z.infer<typeof registroAmministratoreSchema>;

/** A lookup entry (events of the administrators register, resource types). */
export const lookupEntrySchema = z.object({ id: zNumber().int(), testo: zString() });
export type LookupEntry = z.infer<typeof lookupEntrySchema>;

// --- Resources and funds -------------------------------------------------------------------

export const risorsaListQuerySchema = z.object({
  /**
   * Listing version (spec section 9): 1 the classic resources only (default), 2 also the payment
   * accounts (resources of version 2).
   */
  versione: zCoerceNumber({ error: 'Versione non valida' })
    .int()
    .refine((v) => v === 1 || v === 2, 'Versione non valida')
    .default(1),
});

const zIdOptional = (message: string) => zNumber({ error: message }).int().positive(message).nullish();

export const risorsaCreateSchema = z.object({
  tipoRisorsaID: zNumber({ error: 'Manca un campo obbligatorio' })
    .int()
    .positive('Tipo di risorsa non valido'),
  esercizioID: zIdOptional('Esercizio non valido'),
  versione: zNumber({ error: 'Versione non valida' })
    .int()
    .refine((v) => v === 1 || v === 2, 'Versione non valida')
    .default(1),
  descrizione: zText(200),
  iban: zIbanOptional(),
  banca: zTextOptional(100),
  saldoInizialeCents: zNumber({ error: 'Importo non valido' })
    .int('Importo non valido')
    .min(-99_999_999_999, 'Importo non valido')
    .max(99_999_999_999, 'Importo non valido')
    .default(0),
});
export type RisorsaCreate = z.input<typeof risorsaCreateSchema>;
export const risorsaUpdateSchema = risorsaCreateSchema.extend({ objVersion: objVersionField });
export const risorsaSchema = z.object({
  id: zNumber().int(),
  condominioID: zNumber().int(),
  esercizioID: zNumber().int().nullable(),
  tipoRisorsaID: zNumber().int(),
  tipoRisorsaDescr: zString(),
  versione: zNumber().int(),
  descrizione: zString(),
  iban: text,
  banca: text,
  saldoInizialeCents: zNumber().int(),
  saldoCents: zNumber().int(),
  objVersion: zNumber().int(),
});
export type Risorsa = z.infer<typeof risorsaSchema>;

export const fondoCreateSchema = z.object({
  descrizione: zText(200),
  esercizioID: zIdOptional('Esercizio non valido'),
  risorsaID: zIdOptional('Risorsa non valida'),
  importoCents: zNumber({ error: 'Importo non valido' })
    .int('Importo non valido')
    .min(0, 'Importo non valido')
    .max(99_999_999_999, 'Importo non valido')
    .default(0),
  note: zTextOptional(4000),
});
export type FondoCreate = z.input<typeof fondoCreateSchema>;
export const fondoUpdateSchema = fondoCreateSchema.extend({ objVersion: objVersionField });
export const fondoSchema = z.object({
  id: zNumber().int(),
  condominioID: zNumber().int(),
  esercizioID: zNumber().int().nullable(),
  risorsaID: zNumber().int().nullable(),
  risorsaDescr: text,
  descrizione: zString(),
  importoCents: zNumber().int(),
  saldoCents: zNumber().int(),
  note: text,
  objVersion: zNumber().int(),
});
export type Fondo = z.infer<typeof fondoSchema>;

// --- People with an assignment -------------------------------------------------------------

export const anagraficaIncaricoQuerySchema = z.object({ searchQuery: searchQueryField });
/** A person with at least one assignment (incarico) in the condominium, with the roles held. */
export const anagraficaIncaricoSchema = z.object({
  personaID: zNumber().int(),
  descr: zString(),
  telefono1: text,
  email: text,
  ruoli: z.array(
    z.object({
      incaricoID: zNumber().int(),
      tipoIncaricoID: zNumber().int(),
      tipoIncaricoDescr: zString(),
      dataInizio: text,
      dataFine: text,
    }),
  ),
});
export type AnagraficaIncarico = z.infer<typeof anagraficaIncaricoSchema>;
