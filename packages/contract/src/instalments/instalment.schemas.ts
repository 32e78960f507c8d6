import { z } from 'zod';
import { InstalmentGroupType, InstalmentType, PaymentDistribution } from '../common/enums.ts';
import { zCoerceNumber, zNumber, zString } from '../common/primitives.ts';
import { zIsoDate, zText, zTextOptional } from '../validators/zod.ts';

/*
 * Instalments (rate), payments (versamenti), refunds (rimborsi), the use of a surplus (eccedenza)
 * and financial movements (movimenti): spec sections 3 "Instalment", 7 "Instalments", "Movements".
 * Every amount is integer cents (`importo: 12345` is 123,45 €).
 */

const id = (message: string) =>
  z.coerce.number<number | string>({ error: message }).int(message).positive(message);

/** Cents: a whole, non-negative number of cents, at most 100 million euros. */
export const MAX_AMOUNT_CENTS = 10_000_000_000;
const cents = zNumber().int();

/** A positive amount typed by the user, in cents. */
export const zAmountCents = () =>
  zNumber({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'Manca un campo obbligatorio'
        : "L'importo deve essere un numero",
  })
    .int("L'importo deve essere espresso in centesimi interi")
    .positive("L'importo deve essere maggiore di zero")
    .max(MAX_AMOUNT_CENTS, "L'importo supera il massimo consentito");

/** References of a financial movement (`TipoRiferimento` of GET /api/movimenti). */
export const MovementReference = { Registry: 0, Person: 1, Provider: 2, Instalment: 3, Unit: 4 } as const;
export type MovementReference = (typeof MovementReference)[keyof typeof MovementReference];
export const movementReferenceLabels: Record<MovementReference, string> = {
  0: 'Anagrafica condominiale',
  1: 'Persona',
  2: 'Fornitore',
  3: 'Rata',
  4: 'Unità immobiliare',
};

/** What kind of operation a movement records. */
export const MovementKind = { Payment: 1, Refund: 2, Other: 0 } as const;
export type MovementKind = (typeof MovementKind)[keyof typeof MovementKind];

const groupType = z.union(
  [z.literal(InstalmentGroupType.ByRegistry), z.literal(InstalmentGroupType.ByUnit)],
  {
    error: 'Raggruppamento non valido',
  },
);
const instalmentType = z.union(
  [
    z.literal(InstalmentType.Preventive),
    z.literal(InstalmentType.Extraordinary),
    z.literal(InstalmentType.Refund),
    z.literal(InstalmentType.Surplus),
  ],
  { error: 'Tipo di rata non valido' },
);
const distribution = z.union(
  [z.literal(PaymentDistribution.ByOldestInstalment), z.literal(PaymentDistribution.ByCompetenceDate)],
  { error: 'Distribuzione non valida' },
);

// --- GET /api/rata/esercizi: the exercises of a condominium, to choose whose instalments to see ---

export const rataEserciziQuerySchema = z.object({
  CondominioID: id('Condominio non valido'),
});
export type RataEserciziQuery = z.input<typeof rataEserciziQuerySchema>;

export const rataEsercizioSchema = z.object({
  id: zNumber().int(),
  descrizione: zString(),
  tipo: zNumber().int(),
  chiuso: z.boolean(),
  dataInizio: zString(),
  dataFine: zString(),
});
export type RataEsercizio = z.infer<typeof rataEsercizioSchema>;

// --- GET /api/unitaAnagrafica --------------------------------------------------------------------

export const unitaAnagraficaQuerySchema = z.object({
  EsercizioID: id('Esercizio non valido'),
  searchQuery: zString().trim().max(100).optional(),
});
export type UnitaAnagraficaQuery = z.input<typeof unitaAnagraficaQuerySchema>;

/** One role of a registry on a unit. */
export const ruoloUnitaSchema = z.object({
  unitaID: zNumber().int(),
  unitaDescr: zString(),
  anagraficaID: zNumber().int(),
  anagraficaDescr: zString(),
  ruolo: zString(),
  /** Basis points, 10000 = 100%. */
  quota: zNumber().int(),
});
export type RuoloUnita = z.infer<typeof ruoloUnitaSchema>;

export const unitaAnagraficaSchema = z.object({
  unita: z.array(z.object({ id: zNumber().int(), descrizione: zString() })),
  anagrafiche: z.array(z.object({ id: zNumber().int(), descr: zString(), personaID: zNumber().int() })),
  ruoli: z.array(ruoloUnitaSchema),
});
export type UnitaAnagrafica = z.infer<typeof unitaAnagraficaSchema>;

// --- POST /api/rata: the groups of an exercise ----------------------------------------------------

export const rataAdvancedFilterSchema = z.object({
  /** Only groups that still owe something (saldo > 0). */
  soloDaVersare: z.boolean().optional(),
  /** Only instalments due on or before this date. */
  scadenzaEntro: z.iso.date({ error: 'Data non valida' }).nullish(),
});
export type RataAdvancedFilter = z.infer<typeof rataAdvancedFilterSchema>;

export const rataListBodySchema = z.object({
  esercizioID: id('Esercizio non valido'),
  /** 1 grouped by registry (anagrafica), 2 by unit. */
  tipo: groupType.default(InstalmentGroupType.ByRegistry),
  /** Applied from 3 characters. */
  searchText: zString().trim().max(100).nullish(),
  /** Only instalments of this type. */
  gruppedTypeFilter: instalmentType.nullish(),
  /** Only groups with an overdue amount. */
  expiredImportFilter: z.boolean().default(false),
  advanced: rataAdvancedFilterSchema.nullish(),
});
export type RataListBody = z.input<typeof rataListBodySchema>;

export const rataSubItemSchema = z.object({
  id: zNumber().int(),
  name: zString(),
  roles: z.array(zString()),
});
export type RataSubItem = z.infer<typeof rataSubItemSchema>;

export const rataGroupSchema = z.object({
  /** The registry's id (type 1) or the unit's (type 2). */
  id: zNumber().int(),
  type: groupType,
  condominioID: zNumber().int(),
  esercizioID: zNumber().int(),
  description: zString(),
  /** Type 1: the registry's units with its roles; type 2: the unit's registries with their roles. */
  subList: z.array(rataSubItemSchema),
  dovuto: cents,
  versato: cents,
  /** dovuto - versato. */
  saldo: cents,
  /** What is still owed on instalments already due. */
  importoScaduto: cents,
  scaduta: z.boolean(),
  /** The type of the group's instalments (the commonest when mixed). */
  tipoRata: instalmentType,
});
export type RataGroup = z.infer<typeof rataGroupSchema>;

// --- POST /api/rata/dettaglio ----------------------------------------------------------------------

export const rataDettaglioBodySchema = z
  .object({
    condGenID: id('Condominio non valido'),
    esercizioID: id('Esercizio non valido'),
    anagrID: id('Anagrafica non valida').nullish(),
    listaUnitaID: z.array(id('Unità non valida')).max(50).nullish(),
  })
  .refine((b) => b.anagrID != null || (b.listaUnitaID?.length ?? 0) > 0, {
    message: "Indicare un'anagrafica o un'unità",
    path: ['anagrID'],
  });
export type RataDettaglioBody = z.input<typeof rataDettaglioBodySchema>;

export const allocazioneSchema = z.object({
  versamentoID: zNumber().int(),
  data: zString(),
  numeroRicevuta: zNumber().int().nullable(),
  importo: cents,
});

export const rataSchema = z.object({
  id: zNumber().int(),
  tipo: instalmentType,
  numero: zNumber().int(),
  descrizione: zString(),
  dataScadenza: zString(),
  anagraficaID: zNumber().int(),
  anagraficaDescr: zString(),
  unitaID: zNumber().int().nullable(),
  unitaDescr: zString().nullable(),
  importo: cents,
  versato: cents,
  saldo: cents,
  scaduta: z.boolean(),
  /** The payments that paid it, with the part of each. */
  versamenti: z.array(allocazioneSchema),
});
export type Rata = z.infer<typeof rataSchema>;

export const versamentoSchema = z.object({
  id: zNumber().int(),
  anagraficaID: zNumber().int(),
  anagraficaDescr: zString(),
  unitaID: zNumber().int().nullable(),
  data: zString(),
  importo: cents,
  /** The part not assigned to any instalment: the surplus it left. */
  nonAllocato: cents,
  contoID: zNumber().int().nullable(),
  modalita: zString().nullable(),
  descrizione: zString().nullable(),
  numeroRicevuta: zNumber().int().nullable(),
  distribuzione: distribution,
});
export type Versamento = z.infer<typeof versamentoSchema>;

export const rimborsoSchema = z.object({
  id: zNumber().int(),
  anagraficaID: zNumber().int(),
  data: zString(),
  importo: cents,
  contoID: zNumber().int().nullable(),
  modalita: zString().nullable(),
  descrizione: zString().nullable(),
});
export type Rimborso = z.infer<typeof rimborsoSchema>;

export const rataDettaglioSchema = z.object({
  condominio: z.object({ id: zNumber().int(), intestazione: zString() }),
  esercizio: z.object({ id: zNumber().int(), descrizione: zString(), chiuso: z.boolean() }),
  description: zString(),
  subList: z.array(rataSubItemSchema),
  dovuto: cents,
  versato: cents,
  saldo: cents,
  importoScaduto: cents,
  /** Paid and not yet assigned nor refunded: usable later or refunded. */
  eccedenza: cents,
  rate: z.array(rataSchema),
  versamenti: z.array(versamentoSchema),
  rimborsi: z.array(rimborsoSchema),
});
export type RataDettaglio = z.infer<typeof rataDettaglioSchema>;

// --- POST /api/importiUnita ------------------------------------------------------------------------

export const importiUnitaBodySchema = z.object({
  esercizioID: id('Esercizio non valido'),
  listaUnitaID: z.array(id('Unità non valida')).max(200).nullish(),
});
export type ImportiUnitaBody = z.input<typeof importiUnitaBodySchema>;

export const importoUnitaSchema = z.object({
  unitaID: zNumber().int(),
  descrizione: zString(),
  dovuto: cents,
  versato: cents,
  saldo: cents,
  importoScaduto: cents,
});
export type ImportoUnita = z.infer<typeof importoUnitaSchema>;

// --- Payments, refunds, surplus ----------------------------------------------------------------

const operationBase = {
  condGenID: id('Condominio non valido'),
  esercizioID: id('Esercizio non valido'),
  anagrID: id('Anagrafica non valida'),
  /** Restricts the distribution to the instalments of these units (a payment by unit). */
  listaUnitaID: z.array(id('Unità non valida')).max(50).nullish(),
  data: zIsoDate(),
  importo: zAmountCents(),
  descrizione: zTextOptional(200),
};

export const registerVersamentoBodySchema = z.object({
  ...operationBase,
  /** A payments account of the exercise (`/api/conto/lookup?TipoConto=1`). */
  contoID: id('Conto non valido'),
  modalita: zTextOptional(40),
  distribuzione: distribution.default(PaymentDistribution.ByOldestInstalment),
});
export type RegisterVersamentoBody = z.input<typeof registerVersamentoBodySchema>;

export const registerRimborsoBodySchema = z.object({
  ...operationBase,
  contoID: id('Conto non valido'),
  modalita: zTextOptional(40),
});
export type RegisterRimborsoBody = z.input<typeof registerRimborsoBodySchema>;

export const surplusVersamentoBodySchema = z.object({
  ...operationBase,
  distribuzione: distribution.default(PaymentDistribution.ByOldestInstalment),
});
export type SurplusVersamentoBody = z.input<typeof surplusVersamentoBodySchema>;

/** The answer of the three operations: what was recorded and the group's detail after it. */
export const operazioneRataSchema = z.object({
  /** The payment (or refund) recorded; null for the use of a surplus. */
  versamentoID: zNumber().int().nullable(),
  rimborsoID: zNumber().int().nullable(),
  /** What each instalment received. */
  allocazioni: z.array(z.object({ rataID: zNumber().int(), importo: cents })),
  /** The part of a payment not needed by any instalment (now surplus). */
  eccedenza: cents,
  dettaglio: rataDettaglioSchema,
});
export type OperazioneRata = z.infer<typeof operazioneRataSchema>;

// --- A new instalment (the add-instalment modal) ---------------------------------------------------

/** How a new instalment is shared: over every unit by ownership thousandths, or owed by one registry. */
export const InstalmentSplit = { Millesimi: 1, Registry: 2 } as const;
export type InstalmentSplit = (typeof InstalmentSplit)[keyof typeof InstalmentSplit];
export const instalmentSplitLabels: Record<InstalmentSplit, string> = {
  1: 'Tutte le unità, per millesimi di proprietà',
  2: 'Una sola anagrafica',
};

export const nuovaRataBodySchema = z
  .object({
    condGenID: id('Condominio non valido'),
    esercizioID: id('Esercizio non valido'),
    /** Only what is owed can be issued: refunds and surpluses come from the operations. */
    tipoRata: z.union([z.literal(InstalmentType.Preventive), z.literal(InstalmentType.Extraordinary)], {
      error: 'Tipo di rata non valido',
    }),
    descrizione: zText(200),
    dataScadenza: zIsoDate(),
    /** The whole amount; shared over the units, or owed by the one registry. */
    importo: zAmountCents(),
    ripartizione: z.union([z.literal(InstalmentSplit.Millesimi), z.literal(InstalmentSplit.Registry)], {
      error: 'Ripartizione non valida',
    }),
    anagrID: id('Anagrafica non valida').nullish(),
    /** With one registry: the unit it owes for (one of its units), or none. */
    unitaID: id('Unità non valida').nullish(),
  })
  .refine((b) => b.ripartizione !== InstalmentSplit.Registry || b.anagrID != null, {
    message: "Scegliere l'anagrafica che deve la rata",
    path: ['anagrID'],
  });
export type NuovaRataBody = z.input<typeof nuovaRataBodySchema>;

/** What was issued: one instalment per registry and unit that owes a share. */
export const nuovaRataSchema = z.object({
  /** How many instalments were written. */
  rate: zNumber().int(),
  /** The sum of their amounts: always the amount asked for. */
  importo: cents,
  /** Units left out because nobody holds a role that pays on them. */
  unitaEscluse: zNumber().int(),
});
export type NuovaRata = z.infer<typeof nuovaRataSchema>;

// --- PDFs and print settings ---------------------------------------------------------------------

export const printSituazioneRateBodySchema = z
  .object({
    condGenID: id('Condominio non valido'),
    /** The exercises to print (several years of a unit); at least one. */
    eserciziID: z.array(id('Esercizio non valido')).min(1, 'Indicare almeno un esercizio').max(20),
    anagrID: id('Anagrafica non valida').nullish(),
    listaUnitaID: z.array(id('Unità non valida')).max(50).nullish(),
  })
  .refine((b) => b.anagrID != null || (b.listaUnitaID?.length ?? 0) > 0, {
    message: "Indicare un'anagrafica o un'unità",
    path: ['anagrID'],
  });
export type PrintSituazioneRateBody = z.input<typeof printSituazioneRateBodySchema>;

export const printReceiptBodySchema = z.object({
  versamentoID: id('Versamento non valido'),
});
export type PrintReceiptBody = z.input<typeof printReceiptBodySchema>;

/** The studio's data printed on statements and receipts. */
export const stampaImpostazioniSchema = z.object({
  intestazione: zTextOptional(120),
  indirizzo: zTextOptional(200),
  codiceFiscale: zTextOptional(16),
  /** A PNG or JPEG as a data URL (at most about 200 KB). */
  logo: zString()
    .max(280_000, 'Il logo supera la dimensione massima (200 KB)')
    .regex(
      /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/,
      'Il logo deve essere un\u2019immagine PNG o JPEG',
    )
    .nullish(),
  rigaFirma: zTextOptional(120),
  piePagina: zTextOptional(300),
});
export type StampaImpostazioni = z.output<typeof stampaImpostazioniSchema>;
export type StampaImpostazioniInput = z.input<typeof stampaImpostazioniSchema>;

export const stampaImpostazioniDataSchema = z.object({
  intestazione: zString().nullable(),
  indirizzo: zString().nullable(),
  codiceFiscale: zString().nullable(),
  logo: zString().nullable(),
  rigaFirma: zString().nullable(),
  piePagina: zString().nullable(),
});
export type StampaImpostazioniData = z.infer<typeof stampaImpostazioniDataSchema>;

// --- GET /api/rata/scadute: home's "Da fare oggi" -------------------------------------------------

export const rataScadutaSchema = z.object({
  rataID: zNumber().int(),
  descrizione: zString(),
  dataScadenza: zString(),
  /** Still owed on it. */
  saldo: cents,
  condominioID: zNumber().int(),
  intestazioneCondominio: zString(),
  esercizioID: zNumber().int(),
  anagraficaID: zNumber().int(),
  anagraficaDescr: zString(),
});
export type RataScaduta = z.infer<typeof rataScadutaSchema>;

// --- GET /api/movimenti -----------------------------------------------------------------------------

export const movimentiQuerySchema = z.object({
  ID: id('Riferimento non valido'),
  TipoRiferimento: zCoerceNumber({ error: 'Tipo di riferimento non valido' })
    .int('Tipo di riferimento non valido')
    .min(0, 'Tipo di riferimento non valido')
    .max(4, 'Tipo di riferimento non valido'),
});
export type MovimentiQuery = z.input<typeof movimentiQuerySchema>;

export const movimentoSchema = z.object({
  id: zNumber().int(),
  data: zString(),
  descrizione: zString(),
  /** Positive: money in; negative: money out. */
  importo: cents,
  numeroDocumento: zString().nullable(),
  condominioID: zNumber().int(),
  esercizioID: zNumber().int().nullable(),
  versamentoID: zNumber().int().nullable(),
  rimborsoID: zNumber().int().nullable(),
});
export type Movimento = z.infer<typeof movimentoSchema>;

/** A movement list is short (one group's payments); it is capped, never paged. */
export const MOVEMENTS_LIMIT = 500;
