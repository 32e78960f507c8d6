import { z } from 'zod';
import {
  activityStates,
  assignmentStates,
  ClosedVisibilityDays,
  eventAuthors,
  eventTypes,
  priorities,
  serviceTypes,
} from '../common/enums.ts';
import { zBigNumber, zCoerceBigNumber, zCoerceNumber, zNumber, zString } from '../common/primitives.ts';
import { ValidationMessage } from '../validators/messages.ts';
import { zIsoDate, zIsoDateOptional, zText, zTextOptional } from '../validators/zod.ts';
import { ActivityMessage, activityOrders, supplierActions } from './activity.rules.ts';

/*
 * Request and response schemas of the activity calls. Field names as spec section 3
 * (numeroPratica, condGenID, titolo, stato, gestore, tipoSegnalazID, priorita, ...).
 * Dates are `YYYY-MM-DD`, moments are ISO timestamps.
 */

const id = zCoerceBigNumber().int().positive().max(Number.MAX_SAFE_INTEGER);
const numberIn = (allowed: readonly number[]) =>
  zCoerceNumber()
    .int()
    .refine((v) => allowed.includes(v), { message: `Valore non ammesso: usa ${allowed.join(', ')}` });
const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const activityIdParamsSchema = z.object({ id });
export const noteParamsSchema = z.object({ id, notaId: id });
export const interventionCreateParamsSchema = z.object({ id, fornitoreId: id });
export const interventionParamsSchema = z.object({ id, fornitoreId: id, interventoId: id });
export const objVersionQuerySchema = z.object({ objVersion: zCoerceNumber().int().min(1) });

export const activityStateSchema = numberIn(activityStates);
export const prioritySchema = numberIn(priorities);
export const serviceTypeSchema = numberIn(serviceTypes);

// ---------------------------------------------------------------------------- list

export const activityListQuerySchema = z.object({
  pageNumber: zCoerceNumber().int().min(1).default(1),
  pageSize: zCoerceNumber().int().min(1).max(100).default(15),
  searchQuery: z.preprocess(
    emptyToUndefined,
    zString().trim().min(3, ActivityMessage.SearchTooShort).max(200).optional(),
  ),
  /** 1 open, 2 suspended, 0 closed (also 3); absent: every state. */
  stato: z.preprocess(emptyToUndefined, activityStateSchema.optional()),
  condGenID: z.preprocess(emptyToUndefined, id.optional()),
  /** Alias of condGenID as the original client spells it. */
  condGendID: z.preprocess(emptyToUndefined, id.optional()),
  fornitoreID: z.preprocess(emptyToUndefined, id.optional()),
  priorita: z.preprocess(emptyToUndefined, prioritySchema.optional()),
  tipoSegnalazID: z.preprocess(emptyToUndefined, id.optional()),
  richiedenteID: z.preprocess(emptyToUndefined, id.optional()),
  dataDa: z.preprocess(emptyToUndefined, zIsoDate().optional()),
  dataA: z.preprocess(emptyToUndefined, zIsoDate().optional()),
  gestore: z.preprocess(emptyToUndefined, zString().trim().min(1).max(100).optional()),
  /** Only activities with unread notices (supplier answers, resident-portal updates). */
  avvisi: queryBoolean,
  servizio: z.preprocess(emptyToUndefined, serviceTypeSchema.optional()),
  /** Only activities with interventions still to do. */
  attive: queryBoolean,
  /** Only activities missing a manager, an applicant or a due date. */
  datiIncompleti: queryBoolean,
  esercizioID: z.preprocess(emptyToUndefined, id.optional()),
  orderBy: z.preprocess(emptyToUndefined, z.enum(activityOrders).default('recenti')),
});
export type ActivityListQuery = z.input<typeof activityListQuerySchema>;
export type ActivityListFilters = z.output<typeof activityListQuerySchema>;

export const activityListItemSchema = z.object({
  id: zBigNumber().int(),
  numeroPratica: zNumber().int(),
  condGenID: zBigNumber().int(),
  intestazioneCondominio: zString(),
  titolo: zString(),
  /** The first characters of the description. */
  descrizione: zString(),
  stato: zNumber().int(),
  gestore: zString(),
  tipoSegnalazID: zBigNumber().int(),
  tipoSegnalazDescr: zString(),
  priorita: zNumber().int(),
  dataApertura: zString(),
  dataChiusura: zString().nullable(),
  /** -1 when there is no applicant. */
  richiedenteID: zBigNumber().int(),
  richiedenteDescr: zString().nullable(),
  dataConcludereEntro: zString().nullable(),
  operatore: zString(),
  /** Hidden from the resident portal (visible to the studio only). */
  nascosta: z.boolean(),
  servizio: zNumber().int().nullable(),
  esercizioID: zBigNumber().int().nullable(),
  avvisi: z.boolean(),
  interventiInCorso: zNumber().int(),
  ultimoAggiornamento: zString(),
  objVersion: zNumber().int(),
});
export type ActivityListItem = z.infer<typeof activityListItemSchema>;

// ---------------------------------------------------------------------------- detail

export const activityEventSchema = z.object({
  id: zBigNumber().int(),
  tipo: numberIn(eventTypes),
  autore: numberIn(eventAuthors),
  testo: zString(),
  data: zString(),
  operatore: zString(),
  objVersion: zNumber().int(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

export const assignmentMessageSchema = z.object({
  id: zBigNumber().int(),
  autore: z.enum(['amministratore', 'fornitore', 'sistema']),
  azione: zString(),
  testo: zString(),
  data: zString(),
  allegato: z.object({ nomeFile: zString(), dimensione: zNumber().int() }).nullable(),
});
export type AssignmentMessage = z.infer<typeof assignmentMessageSchema>;

export const assignmentSchema = z.object({
  interventoID: zBigNumber().int(),
  attivitaID: zBigNumber().int(),
  fornitoreID: zBigNumber().int(),
  stato: numberIn(assignmentStates),
  motivazione: zString().nullable(),
  email: zString(),
  dataInvio: zString().nullable(),
  dataRisposta: zString().nullable(),
  scadenzaLink: zString().nullable(),
  ultimoAggiornamento: zString(),
  objVersion: zNumber().int(),
  messaggi: z.array(assignmentMessageSchema),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const interventionSchema = z.object({
  id: zBigNumber().int(),
  attivitaID: zBigNumber().int(),
  fornitoreID: zBigNumber().int(),
  fornitoreDescr: zString(),
  fornitoreEmail: zString().nullable(),
  descrizione: zString(),
  dataPrevista: zString().nullable(),
  dataEsecuzione: zString().nullable(),
  operatore: zString(),
  /** The expected date was moved, with this reason. */
  rinviato: z.boolean(),
  motivazioneRinvio: zString().nullable(),
  objVersion: zNumber().int(),
  assegnazione: assignmentSchema.nullable(),
});
export type Intervention = z.infer<typeof interventionSchema>;

export const activityDetailSchema = activityListItemSchema.extend({
  eventi: z.array(activityEventSchema),
  interventi: z.array(interventionSchema),
});
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

// ---------------------------------------------------------------------------- writes

const operatore = zText(100);

export const activityCreateSchema = z.object({
  condGenID: id,
  titolo: zText(200),
  descrizione: zTextOptional(4000).transform((v) => v ?? ''),
  gestore: zTextOptional(100).transform((v) => v ?? ''),
  tipoSegnalazID: id.default(2),
  priorita: prioritySchema.default(2),
  dataApertura: zIsoDateOptional().transform((v) => v || undefined),
  richiedenteID: zCoerceBigNumber().int().min(-1).default(-1),
  dataConcludereEntro: zIsoDateOptional().transform((v) => v || null),
  operatore: zTextOptional(100).transform((v) => v ?? ''),
  nascosta: z.boolean().default(false),
  servizio: serviceTypeSchema.nullish().transform((v) => v ?? null),
  esercizioID: id.nullish().transform((v) => v ?? null),
});
export type ActivityCreate = z.input<typeof activityCreateSchema>;

export const activityUpdateSchema = activityCreateSchema.extend({
  dataApertura: zIsoDate(),
  objVersion: zNumber().int().min(1),
});
export type ActivityUpdate = z.input<typeof activityUpdateSchema>;

export const activityStateChangeSchema = z.object({
  stato: activityStateSchema,
  operatore,
  objVersion: zNumber().int().min(1).optional(),
});
export type ActivityStateChange = z.input<typeof activityStateChangeSchema>;

export const activityManagerChangeSchema = z.object({
  gestore: zText(100),
  operatore,
  objVersion: zNumber().int().min(1).optional(),
});
export type ActivityManagerChange = z.input<typeof activityManagerChangeSchema>;

export const noteCreateSchema = z.object({ testo: zText(4000), operatore });
export type NoteCreate = z.input<typeof noteCreateSchema>;
export const noteUpdateSchema = noteCreateSchema.extend({ objVersion: zNumber().int().min(1) });
export type NoteUpdate = z.input<typeof noteUpdateSchema>;

export const descriptionChangeSchema = z.object({
  descrizione: zText(4000),
  operatore,
  objVersion: zNumber().int().min(1).optional(),
});
export type DescriptionChange = z.input<typeof descriptionChangeSchema>;

// ---------------------------------------------------------------------------- lookups

export const activityTypeSchema = z.object({ id: zBigNumber().int(), descr: zString() });
export type ActivityType = z.infer<typeof activityTypeSchema>;
export const activityTypeCreateSchema = z.object({ descr: zText(80) });
export type ActivityTypeCreate = z.input<typeof activityTypeCreateSchema>;

export const applicantSchema = z.object({
  id: zBigNumber().int(),
  descr: zString(),
  email: zString().nullable(),
  telefono: zString().nullable(),
});
export type Applicant = z.infer<typeof applicantSchema>;
export const applicantQuerySchema = z.object({
  searchQuery: z.preprocess(
    emptyToUndefined,
    zString().trim().min(3, ActivityMessage.SearchTooShort).max(100).optional(),
  ),
});

export const closedVisibilitySchema = zCoerceNumber()
  .int()
  .refine((v) => (ClosedVisibilityDays as readonly number[]).includes(v), {
    message: 'Scegli 7, 30, 90, 180, 365 giorni o sempre',
  });
export const activitySettingsSchema = z.object({
  /** Days a closed activity stays in the list; 0 = always. */
  giorniChiuseVisibili: closedVisibilitySchema,
  /** Per-condominium windows that replace the general one. */
  perCondominio: z
    .array(z.object({ condGenID: id, giorni: closedVisibilitySchema }))
    .max(500)
    .default([]),
});
export type ActivitySettings = z.output<typeof activitySettingsSchema>;
export type ActivitySettingsInput = z.input<typeof activitySettingsSchema>;

// ---------------------------------------------------------------------------- interventions

export const interventionCreateSchema = z.object({
  descrizione: zTextOptional(2000).transform((v) => v ?? ''),
  dataPrevista: zIsoDateOptional().transform((v) => v || null),
  operatore,
});
export type InterventionCreate = z.input<typeof interventionCreateSchema>;
export const interventionUpdateSchema = interventionCreateSchema.extend({
  objVersion: zNumber().int().min(1),
});
export type InterventionUpdate = z.input<typeof interventionUpdateSchema>;
export const interventionDoneSchema = z.object({
  operatore,
  dataEsecuzione: zIsoDate(),
  objVersion: zNumber().int().min(1).optional(),
});
export type InterventionDone = z.input<typeof interventionDoneSchema>;
export const interventionPostponeSchema = z.object({
  dataPrevista: zIsoDate(),
  motivazione: zText(1000),
  operatore: zTextOptional(100).transform((v) => v ?? ''),
  objVersion: zNumber().int().min(1).optional(),
});
export type InterventionPostpone = z.input<typeof interventionPostponeSchema>;

// ---------------------------------------------------------------------------- supplier assignments

export const assignmentSendSchema = z.object({
  interventoID: id,
  /** Address to write to; defaults to the provider's email. */
  email: z.preprocess(emptyToUndefined, z.email(ValidationMessage.Email).max(1024).optional()),
  messaggio: zTextOptional(4000).transform((v) => v ?? ''),
});
export type AssignmentSend = z.input<typeof assignmentSendSchema>;
export const assignmentParamsSchema = z.object({ attivitaId: id, interventoId: id });
export const assignmentMessagesParamsSchema = z.object({ interventoId: id });
export const assignmentReasonSchema = z.object({ motivazione: zText(1000) });
export type AssignmentReason = z.input<typeof assignmentReasonSchema>;
export const assignmentReproposeSchema = z.object({
  motivazione: zTextOptional(1000).transform((v) => v ?? ''),
});
export type AssignmentRepropose = z.input<typeof assignmentReproposeSchema>;
export const integrationKeySchema = z.object({
  chiaveDownload: zString().regex(/^[A-Za-z0-9_-]{8,128}$/, 'Chiave del file non valida.'),
  nomeFile: zText(255),
  messaggio: zText(4000),
});
export type IntegrationKey = z.input<typeof integrationKeySchema>;

export const interventionMessagesStatusSchema = z.object({
  /** The latest supplier answer of the archive (ISO timestamp), or null. */
  dataUltimoAggiornamentoInterventi: zString().nullable(),
  /** Supplier answers since the user last looked. */
  interventiPersi: zNumber().int(),
});
export type InterventionMessagesStatus = z.infer<typeof interventionMessagesStatusSchema>;

// ---------------------------------------------------------------------------- supplier portal

export const supplierTokenParamsSchema = z.object({ token: zString().min(10).max(300) });
export const supplierActionParamsSchema = supplierTokenParamsSchema.extend({
  azione: z.enum(supplierActions),
});
export const supplierFileParamsSchema = supplierTokenParamsSchema.extend({ messaggioId: id });
export const supplierActionBodySchema = z.object({
  motivazione: zTextOptional(1000),
  nuovaData: zIsoDateOptional(),
  testo: zTextOptional(4000),
});
export type SupplierActionBody = z.input<typeof supplierActionBodySchema>;

export const supplierPageSchema = z.object({
  studio: zString(),
  fornitore: zString(),
  stato: zNumber().int(),
  azioni: z.array(z.enum(supplierActions)),
  scadenzaLink: zString(),
  attivita: z.object({
    numeroPratica: zNumber().int(),
    titolo: zString(),
    descrizione: zString(),
    priorita: zNumber().int(),
    dataConcludereEntro: zString().nullable(),
    condominio: zString(),
    indirizzo: zString().nullable(),
  }),
  intervento: z.object({
    descrizione: zString(),
    dataPrevista: zString().nullable(),
    dataEsecuzione: zString().nullable(),
  }),
  messaggi: z.array(assignmentMessageSchema),
});
export type SupplierPage = z.infer<typeof supplierPageSchema>;

// ---------------------------------------------------------------------------- home

export const lateInterventionSchema = z.object({
  attivitaID: zBigNumber().int(),
  numeroPratica: zNumber().int(),
  titolo: zString(),
  intestazioneCondominio: zString(),
  interventoID: zBigNumber().int(),
  fornitoreDescr: zString(),
  dataPrevista: zString(),
});
export const supplierAnswerSchema = z.object({
  attivitaID: zBigNumber().int(),
  numeroPratica: zNumber().int(),
  titolo: zString(),
  interventoID: zBigNumber().int(),
  fornitoreDescr: zString(),
  azione: zString(),
  testo: zString(),
  data: zString(),
  statoAssegnazione: zNumber().int(),
});
export const homeSchema = z.object({
  oggi: zString(),
  ultimaVisita: zString().nullable(),
  urgenti: z.array(activityListItemSchema),
  scadute: z.array(activityListItemSchema),
  interventiInRitardo: z.array(lateInterventionSchema),
  risposteFornitori: z.array(supplierAnswerSchema),
  totali: z.object({ aperte: zNumber().int(), sospese: zNumber().int() }),
});
export type Home = z.infer<typeof homeSchema>;
export type LateIntervention = z.infer<typeof lateInterventionSchema>;
export type SupplierAnswer = z.infer<typeof supplierAnswerSchema>;
