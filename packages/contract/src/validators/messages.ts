import { DATE_BOUND_YEARS } from '../common/constants.ts';

/** Italian messages of the validation rules (spec section 5). Texts the spec does not show are ours. */
export const ValidationMessage = {
  Required: 'Manca un campo obbligatorio',
  Email: 'Indirizzo email non valido',
  EmailTooLong: 'Indirizzo email ha raggiunto il limite di caratteri',
  Pec: 'Indirizzo PEC non valido',
  Url: 'Indirizzo web non valido',
  Cid: 'CID non valido',
  PartitaIva: 'Numero di partita iva non valido',
  CodiceFiscale: 'Codice fiscale non valido',
  Cap: 'CAP non valido',
  Provincia: 'Sigla di provincia non valida',
  CodiceComune: 'Codice comune non valido, deve iniziare con una lettera, seguito da 3 cifre',
  Phone: 'Numero di telefono non valido',
  IsoDate: 'Data non valida, usa il formato AAAA-MM-GG',
  DateOutOfBounds: `La data deve essere entro ${DATE_BOUND_YEARS} anni da oggi`,
  DateInPast: 'La data non può essere nel passato',
  DateInFuture: 'La data non può essere nel futuro',
  Durc: 'Dati DURC non validi',
  Iban: 'IBAN non valido',
  Bic: 'BIC non valido',
  Numeric: 'Sono ammessi solo numeri',
} as const;
export type ValidationMessage = (typeof ValidationMessage)[keyof typeof ValidationMessage];

export function maxLengthMessage(max: number): string {
  return `Il messaggio non può superare i ${max} caratteri`;
}

/** A rule: the Italian message of the first problem, or null when the value is valid. */
export type ValidationCheck = (value: string) => string | null;
