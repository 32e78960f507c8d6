import type { FornitoreCreate, PersonaCreate, Registry } from '@stabile/contract';

/** The form's values: texts as strings ('' = empty), flags as booleans, codes as numbers. */
export type RegistryFormValues = Required<{
  [K in keyof FornitoreCreate]-?: Exclude<FornitoreCreate[K], null | undefined>;
}>;

const TEXT_FIELDS = [
  'descr',
  'ragioneSociale',
  'titolo',
  'indirizzo',
  'cap',
  'citta',
  'provincia',
  'nazione',
  'codiceFiscale',
  'partitaIva',
  'telefono1',
  'telefono1Etichetta',
  'telefono2',
  'telefono2Etichetta',
  'telefono3',
  'telefono3Etichetta',
  'email',
  'pec',
  'iban',
  'bic',
  'banca',
  'sitoWeb',
  'fax',
  'lingua',
  'recapitoDescr',
  'recapitoIndirizzo',
  'recapitoCap',
  'recapitoCitta',
  'recapitoProvincia',
  'recapitoNazione',
  'rappresentanteLegale',
  'codiceTributo',
  'causaleCu',
  'terminiPagamento',
  'domicilioFiscale',
  'durc',
  'note',
  'campoLibero1',
  'campoLibero2',
  'campoLibero3',
  'campoLibero4',
] as const;

export function emptyValues(): RegistryFormValues {
  const texts = Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<
    (typeof TEXT_FIELDS)[number],
    string
  >;
  return {
    ...texts,
    lingua: 'it',
    nazione: 'Italia',
    spedizioneGenerale: 0,
    spedizioneGuasti: 0,
    spedizioneAssemblee: 0,
    preferenzaPagamento: 0,
    esportaRubrica: false,
    portaleAttivo: false,
    includiAcK730: false,
    tipoAttivitaID: 0,
  } as RegistryFormValues;
}

export function valuesFrom(record: Registry): RegistryFormValues {
  const values = emptyValues() as unknown as Record<string, unknown>;
  for (const field of TEXT_FIELDS) values[field] = (record[field] as string | null) ?? '';
  return {
    ...(values as unknown as RegistryFormValues),
    spedizioneGenerale: record.spedizioneGenerale as RegistryFormValues['spedizioneGenerale'],
    spedizioneGuasti: record.spedizioneGuasti as RegistryFormValues['spedizioneGuasti'],
    spedizioneAssemblee: record.spedizioneAssemblee as RegistryFormValues['spedizioneAssemblee'],
    preferenzaPagamento: record.preferenzaPagamento as RegistryFormValues['preferenzaPagamento'],
    esportaRubrica: record.esportaRubrica,
    portaleAttivo: record.portaleAttivo,
    includiAcK730: record.includiAcK730,
    tipoAttivitaID: record.tipoAttivitaID ?? 0,
  };
}

/** The request body: empty texts become null, no activity type is null. */
export function toBody(values: RegistryFormValues): PersonaCreate & FornitoreCreate {
  const body: Record<string, unknown> = { ...values };
  for (const field of TEXT_FIELDS) body[field] = values[field].trim() === '' ? null : values[field];
  body.descr = values.descr;
  body.tipoAttivitaID = values.tipoAttivitaID > 0 ? values.tipoAttivitaID : null;
  return body as PersonaCreate & FornitoreCreate;
}

/** The body a contact or provider form sends (the provider's fields are a superset). */
export type RegistryBody = ReturnType<typeof toBody>;

/** Form sections (accordion items) and the fields each holds, so an error opens its section. */
export const SECTIONS = {
  anagrafica: [
    'descr',
    'ragioneSociale',
    'titolo',
    'codiceFiscale',
    'partitaIva',
    'rappresentanteLegale',
    'tipoAttivitaID',
  ],
  indirizzo: ['indirizzo', 'cap', 'citta', 'provincia', 'nazione'],
  contatti: [
    'telefono1',
    'telefono1Etichetta',
    'telefono2',
    'telefono2Etichetta',
    'telefono3',
    'telefono3Etichetta',
    'fax',
    'email',
    'pec',
    'sitoWeb',
    'lingua',
  ],
  recapito: [
    'recapitoDescr',
    'recapitoIndirizzo',
    'recapitoCap',
    'recapitoCitta',
    'recapitoProvincia',
    'recapitoNazione',
  ],
  invii: [
    'spedizioneGenerale',
    'spedizioneGuasti',
    'spedizioneAssemblee',
    'preferenzaPagamento',
    'esportaRubrica',
    'portaleAttivo',
  ],
  banca: ['iban', 'bic', 'banca'],
  fiscale: ['codiceTributo', 'causaleCu', 'includiAcK730', 'terminiPagamento', 'domicilioFiscale', 'durc'],
  note: ['note', 'campoLibero1', 'campoLibero2', 'campoLibero3', 'campoLibero4'],
} as const;
export type SectionKey = keyof typeof SECTIONS;

export function sectionOf(field: string): SectionKey {
  for (const [key, fields] of Object.entries(SECTIONS)) {
    if ((fields as readonly string[]).includes(field)) return key as SectionKey;
  }
  return 'anagrafica';
}
