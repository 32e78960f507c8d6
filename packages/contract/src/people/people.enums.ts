/** Enumerations of the contact and provider forms, with their Italian labels. */

/** How one category of mail (general, faults, meetings) reaches the person. */
export const ShippingMethod = { None: 0, Post: 1, Email: 2, Pec: 3, PostAndEmail: 4, Portal: 5 } as const;
export type ShippingMethod = (typeof ShippingMethod)[keyof typeof ShippingMethod];
export const shippingMethodLabels: Record<ShippingMethod, string> = {
  0: 'Nessun invio',
  1: 'Posta ordinaria',
  2: 'Email',
  3: 'PEC',
  4: 'Posta ed email',
  5: 'Portale MioCondominio',
};
export const shippingMethods = Object.values(ShippingMethod) as ShippingMethod[];

/** How the person prefers to pay instalments. */
export const PaymentPreference = {
  None: 0,
  BankTransfer: 1,
  Mav: 2,
  PagoPa: 3,
  DirectDebit: 4,
  Cash: 5,
  Cheque: 6,
} as const;
export type PaymentPreference = (typeof PaymentPreference)[keyof typeof PaymentPreference];
export const paymentPreferenceLabels: Record<PaymentPreference, string> = {
  0: 'Non indicata',
  1: 'Bonifico',
  2: 'MAV',
  3: 'pagoPA',
  4: 'Addebito diretto (SDD)',
  5: 'Contanti',
  6: 'Assegno',
};
export const paymentPreferences = Object.values(PaymentPreference) as PaymentPreference[];

/** Communication languages. */
export const communicationLanguages = ['it', 'en', 'de', 'fr', 'es'] as const;
export type CommunicationLanguage = (typeof communicationLanguages)[number];
export const communicationLanguageLabels: Record<CommunicationLanguage, string> = {
  it: 'Italiano',
  en: 'Inglese',
  de: 'Tedesco',
  fr: 'Francese',
  es: 'Spagnolo',
};

/** Withholding tax codes (codice tributo F24) commonly used by condominiums. */
export const withholdingTaxCodes: ReadonlyArray<{ value: string; label: string }> = [
  { value: '1019', label: '1019 - Ritenute 4% su corrispettivi di appalto (IRPEF)' },
  { value: '1020', label: '1020 - Ritenute 4% su corrispettivi di appalto (IRES)' },
  { value: '1040', label: '1040 - Ritenute su redditi di lavoro autonomo' },
  { value: '1001', label: '1001 - Ritenute su retribuzioni' },
  { value: '1038', label: '1038 - Ritenute su provvigioni' },
];

/** Reasons of payments in the CU / 770 (causale). */
export const cuReasons: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'A', label: 'A - Lavoro autonomo abituale' },
  { value: 'B', label: "B - Utilizzazione economica di opere dell'ingegno" },
  { value: 'M', label: 'M - Lavoro autonomo occasionale' },
  { value: 'O', label: 'O - Lavoro autonomo occasionale senza obbligo di iscrizione INPS' },
  { value: 'V', label: 'V - Vendite a domicilio' },
  { value: 'ZO', label: 'ZO - Altro titolo diverso dai precedenti' },
];
