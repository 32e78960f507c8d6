import { z } from 'zod';
import { PhoneLabel } from '../common/enums.ts';
import { pageQuerySchema } from '../common/envelope.ts';
import { zBigNumber, zCoerceBigNumber, zCoerceNumber, zNumber, zString } from '../common/primitives.ts';
import {
  zBicOptional,
  zCapOptional,
  zCodiceFiscaleFornitoreOptional,
  zCodiceFiscalePersonaOptional,
  zDurcOptional,
  zEmailOptional,
  zIbanOptional,
  zPartitaIvaOptional,
  zPecOptional,
  zPhoneOptional,
  zProvinciaOptional,
  zText,
  zTextOptional,
  zUrlOptional,
} from '../validators/zod.ts';
import { communicationLanguages, paymentPreferences, shippingMethods } from './people.enums.ts';

/*
 * Contacts (persona) and providers (fornitore): one registry shape with every field of spec
 * section 3. Field names are the API's (camelCase, Italian domain words). Optional texts accept
 * null or '' (stored as null).
 */

const phoneLabels = Object.values(PhoneLabel) as [string, ...string[]];

const zPhoneLabel = () => z.enum(phoneLabels, { error: 'Etichetta del telefono non valida' }).nullish();
const zShipping = () =>
  zNumber({ error: 'Modalità di invio non valida' })
    .int()
    .refine((v) => (shippingMethods as number[]).includes(v), 'Modalità di invio non valida')
    .default(0);
const zIdOptional = () => zBigNumber({ error: 'Valore non valido' }).int().positive().nullish();

/** Fields shared by persons and providers (input side). */
export function registryFields(kind: 'persona' | 'fornitore') {
  return {
    descr: zText(200),
    ragioneSociale: zTextOptional(200),
    titolo: zTextOptional(50),
    indirizzo: zTextOptional(200),
    cap: zCapOptional(),
    citta: zTextOptional(100),
    provincia: zProvinciaOptional(),
    nazione: zTextOptional(100),
    codiceFiscale: kind === 'persona' ? zCodiceFiscalePersonaOptional() : zCodiceFiscaleFornitoreOptional(),
    partitaIva: zPartitaIvaOptional(),
    telefono1: zPhoneOptional(),
    telefono1Etichetta: zPhoneLabel(),
    telefono2: zPhoneOptional(),
    telefono2Etichetta: zPhoneLabel(),
    telefono3: zPhoneOptional(),
    telefono3Etichetta: zPhoneLabel(),
    email: zEmailOptional(),
    pec: zPecOptional(),
    iban: zIbanOptional(),
    bic: zBicOptional(),
    banca: zTextOptional(100),
    sitoWeb: zUrlOptional(),
    fax: zPhoneOptional(),
    lingua: z.enum(communicationLanguages, { error: 'Lingua non valida' }).nullish(),
    recapitoDescr: zTextOptional(200),
    recapitoIndirizzo: zTextOptional(200),
    recapitoCap: zCapOptional(),
    recapitoCitta: zTextOptional(100),
    recapitoProvincia: zProvinciaOptional(),
    recapitoNazione: zTextOptional(100),
    spedizioneGenerale: zShipping(),
    spedizioneGuasti: zShipping(),
    spedizioneAssemblee: zShipping(),
    preferenzaPagamento: zNumber({ error: 'Preferenza di pagamento non valida' })
      .int()
      .refine((v) => (paymentPreferences as number[]).includes(v), 'Preferenza di pagamento non valida')
      .default(0),
    rappresentanteLegale: zTextOptional(200),
    esportaRubrica: z.boolean({ error: 'Valore non valido' }).default(false),
    portaleAttivo: z.boolean({ error: 'Valore non valido' }).default(false),
    codiceTributo: zTextOptional(10),
    causaleCu: zTextOptional(10),
    includiAcK730: z.boolean({ error: 'Valore non valido' }).default(false),
    terminiPagamento: zTextOptional(200),
    domicilioFiscale: zTextOptional(200),
    tipoAttivitaID: zIdOptional(),
    durc: zDurcOptional(),
    note: zTextOptional(4000),
    campoLibero1: zTextOptional(200),
    campoLibero2: zTextOptional(200),
    campoLibero3: zTextOptional(200),
    campoLibero4: zTextOptional(200),
  };
}

export const personaCreateSchema = z.object(registryFields('persona'));
export type PersonaCreate = z.input<typeof personaCreateSchema>;
export type PersonaCreateParsed = z.output<typeof personaCreateSchema>;

export const objVersionField = zCoerceNumber({ error: 'Versione dei dati mancante' })
  .int()
  .min(1, 'Versione dei dati mancante');

export const personaUpdateSchema = personaCreateSchema.extend({ objVersion: objVersionField });
export type PersonaUpdate = z.input<typeof personaUpdateSchema>;

export const fornitoreCreateSchema = z.object(registryFields('fornitore'));
export type FornitoreCreate = z.input<typeof fornitoreCreateSchema>;
export type FornitoreCreateParsed = z.output<typeof fornitoreCreateSchema>;
export const fornitoreUpdateSchema = fornitoreCreateSchema.extend({ objVersion: objVersionField });
export type FornitoreUpdate = z.input<typeof fornitoreUpdateSchema>;

const nullableText = zString().nullable();

/** A person or a provider as the API returns it. */
export const registrySchema = z.object({
  id: zBigNumber().int(),
  descr: zString(),
  ragioneSociale: nullableText,
  titolo: nullableText,
  indirizzo: nullableText,
  cap: nullableText,
  citta: nullableText,
  provincia: nullableText,
  nazione: nullableText,
  codiceFiscale: nullableText,
  partitaIva: nullableText,
  telefono1: nullableText,
  telefono1Etichetta: nullableText,
  telefono2: nullableText,
  telefono2Etichetta: nullableText,
  telefono3: nullableText,
  telefono3Etichetta: nullableText,
  email: nullableText,
  pec: nullableText,
  iban: nullableText,
  bic: nullableText,
  banca: nullableText,
  sitoWeb: nullableText,
  fax: nullableText,
  lingua: nullableText,
  recapitoDescr: nullableText,
  recapitoIndirizzo: nullableText,
  recapitoCap: nullableText,
  recapitoCitta: nullableText,
  recapitoProvincia: nullableText,
  recapitoNazione: nullableText,
  spedizioneGenerale: zNumber().int(),
  spedizioneGuasti: zNumber().int(),
  spedizioneAssemblee: zNumber().int(),
  preferenzaPagamento: zNumber().int(),
  rappresentanteLegale: nullableText,
  esportaRubrica: z.boolean(),
  portaleAttivo: z.boolean(),
  codiceTributo: nullableText,
  causaleCu: nullableText,
  includiAcK730: z.boolean(),
  terminiPagamento: nullableText,
  domicilioFiscale: nullableText,
  tipoAttivitaID: zBigNumber().int().nullable(),
  tipoAttivitaDescr: nullableText,
  durc: nullableText,
  durcStato: zNumber().int().nullable(),
  note: nullableText,
  campoLibero1: nullableText,
  campoLibero2: nullableText,
  campoLibero3: nullableText,
  campoLibero4: nullableText,
  objVersion: zNumber().int(),
});
export type Registry = z.infer<typeof registrySchema>;
export const personaSchema = registrySchema;
export type Persona = Registry;
export const fornitoreSchema = registrySchema;
export type Fornitore = Registry;

/** One row of the contact and provider lists. */
export const registryListItemSchema = z.object({
  id: zBigNumber().int(),
  descr: zString(),
  codiceFiscale: nullableText,
  partitaIva: nullableText,
  indirizzo: nullableText,
  citta: nullableText,
  provincia: nullableText,
  telefono1: nullableText,
  email: nullableText,
  tipoAttivitaID: zBigNumber().int().nullable(),
  durcStato: zNumber().int().nullable(),
});
export type RegistryListItem = z.infer<typeof registryListItemSchema>;

const searchQueryField = zString()
  .trim()
  .max(100, 'Il messaggio non può superare i 100 caratteri')
  .optional();

export const personaListQuerySchema = pageQuerySchema.extend({
  OrderBy: z.enum(['descr', 'Descr'], { error: 'Ordinamento non valido' }).optional(),
  searchQuery: searchQueryField,
});
export type PersonaListQuery = z.input<typeof personaListQuerySchema>;

export const fornitoreListQuerySchema = pageQuerySchema.extend({
  OrderBy: z.enum(['descr', 'Descr'], { error: 'Ordinamento non valido' }).optional(),
  searchQuery: searchQueryField,
  tipoAttivitaID: zCoerceBigNumber().int().positive().optional(),
  durcStato: zCoerceNumber().int().min(1).max(5).optional(),
});
export type FornitoreListQuery = z.input<typeof fornitoreListQuerySchema>;

export const idParamSchema = z.object({
  id: zCoerceBigNumber({ error: 'Identificativo non valido' }).int().positive('Identificativo non valido'),
});

export const deleteQuerySchema = z.object({ objVersion: objVersionField });

/** An attachment of a person (`/api/persona/{id}/allegati`). */
export const personaAllegatoSchema = z.object({
  id: zBigNumber().int(),
  nomeFile: zString(),
  dataOra: zString(),
  dimensione: zNumber().int(),
  chiaveDownload: zString().nullable(),
});
export type PersonaAllegato = z.infer<typeof personaAllegatoSchema>;
