import { zString } from '../common/primitives.ts';
import { checkCap, checkCodiceComune, checkProvincia } from './address.ts';
import { checkBic, checkIban, normalizeIban } from './bank.ts';
import { checkCid } from './cid.ts';
import { checkCodiceFiscaleFornitore, checkCodiceFiscalePersona } from './codice-fiscale.ts';
import { checkMaxLength, checkNumeric } from './common.ts';
import { checkDate, checkDateNotInFuture, checkDateNotInPast } from './dates.ts';
import { checkDurc } from './durc.ts';
import { checkEmail, checkPec } from './email.ts';
import { type ValidationCheck, ValidationMessage } from './messages.ts';
import { checkPartitaIva, normalizeCode } from './partita-iva.ts';
import { checkPhone } from './phone.ts';
import { checkUrl } from './url.ts';

/*
 * Zod schemas of the rules, for the contract's request schemas (server) and the forms (web).
 * Each gives exactly one issue, with the rule's Italian message: the first failing check.
 * Values are trimmed; codes are also normalised (capitals, no inner spaces) in the parsed output.
 * `...Optional` variants accept undefined, null and an empty string (kept as given).
 */

type Normalize = (value: string) => string;

function baseString(message: string, normalize?: Normalize) {
  const schema = zString({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? ValidationMessage.Required : message,
  }).trim();
  return normalize ? schema.overwrite(normalize) : schema;
}

function requiredField(check: ValidationCheck, message: string, normalize?: Normalize) {
  return baseString(message, normalize).superRefine((value, ctx) => {
    const error = value === '' ? ValidationMessage.Required : check(value);
    if (error) ctx.addIssue({ code: 'custom', message: error, input: value });
  });
}

function optionalField(check: ValidationCheck, message: string, normalize?: Normalize) {
  return baseString(message, normalize)
    .superRefine((value, ctx) => {
      const error = value === '' ? null : check(value);
      if (error) ctx.addIssue({ code: 'custom', message: error, input: value });
    })
    .nullish();
}

const toUpperCase: Normalize = (value) => value.toUpperCase();
const noneRequired: ValidationCheck = () => null;

/** A required text: not blank, at most `max` characters when given. */
export function zText(max?: number) {
  return requiredField(
    (value) => (max === undefined ? null : checkMaxLength(value, max)),
    ValidationMessage.Required,
  );
}
/** An optional text of at most `max` characters. */
export function zTextOptional(max?: number) {
  const check = max === undefined ? noneRequired : (value: string) => checkMaxLength(value, max);
  return optionalField(check, ValidationMessage.Required);
}

export const zEmail = () => requiredField(checkEmail, ValidationMessage.Email);
export const zEmailOptional = () => optionalField(checkEmail, ValidationMessage.Email);
export const zPec = () => requiredField(checkPec, ValidationMessage.Pec);
export const zPecOptional = () => optionalField(checkPec, ValidationMessage.Pec);
export const zUrl = () => requiredField(checkUrl, ValidationMessage.Url);
export const zUrlOptional = () => optionalField(checkUrl, ValidationMessage.Url);
export const zCid = () => requiredField(checkCid, ValidationMessage.Cid, normalizeCode);
export const zCidOptional = () => optionalField(checkCid, ValidationMessage.Cid, normalizeCode);
export const zPartitaIva = () => requiredField(checkPartitaIva, ValidationMessage.PartitaIva, normalizeCode);
export const zPartitaIvaOptional = () =>
  optionalField(checkPartitaIva, ValidationMessage.PartitaIva, normalizeCode);
export const zCodiceFiscalePersona = () =>
  requiredField(checkCodiceFiscalePersona, ValidationMessage.CodiceFiscale, normalizeCode);
export const zCodiceFiscalePersonaOptional = () =>
  optionalField(checkCodiceFiscalePersona, ValidationMessage.CodiceFiscale, normalizeCode);
export const zCodiceFiscaleFornitore = () =>
  requiredField(checkCodiceFiscaleFornitore, ValidationMessage.CodiceFiscale, normalizeCode);
export const zCodiceFiscaleFornitoreOptional = () =>
  optionalField(checkCodiceFiscaleFornitore, ValidationMessage.CodiceFiscale, normalizeCode);
export const zCodiceFiscale = zCodiceFiscalePersona;
export const zCodiceFiscaleOptional = zCodiceFiscalePersonaOptional;
export const zCap = () => requiredField(checkCap, ValidationMessage.Cap);
export const zCapOptional = () => optionalField(checkCap, ValidationMessage.Cap);
export const zProvincia = () => requiredField(checkProvincia, ValidationMessage.Provincia, toUpperCase);
export const zProvinciaOptional = () =>
  optionalField(checkProvincia, ValidationMessage.Provincia, toUpperCase);
export const zCodiceComune = () =>
  requiredField(checkCodiceComune, ValidationMessage.CodiceComune, toUpperCase);
export const zCodiceComuneOptional = () =>
  optionalField(checkCodiceComune, ValidationMessage.CodiceComune, toUpperCase);
export const zPhone = () => requiredField(checkPhone, ValidationMessage.Phone);
export const zPhoneOptional = () => optionalField(checkPhone, ValidationMessage.Phone);
export const zIban = () => requiredField(checkIban, ValidationMessage.Iban, normalizeIban);
export const zIbanOptional = () => optionalField(checkIban, ValidationMessage.Iban, normalizeIban);
export const zBic = () => requiredField(checkBic, ValidationMessage.Bic, normalizeCode);
export const zBicOptional = () => optionalField(checkBic, ValidationMessage.Bic, normalizeCode);
export const zNumeric = () => requiredField(checkNumeric, ValidationMessage.Numeric);
export const zNumericOptional = () => optionalField(checkNumeric, ValidationMessage.Numeric);
/** An ISO date `YYYY-MM-DD` within DATE_BOUND_YEARS years of today (checked when parsed). */
export const zIsoDate = () => requiredField((value) => checkDate(value), ValidationMessage.IsoDate);
export const zIsoDateOptional = () => optionalField((value) => checkDate(value), ValidationMessage.IsoDate);
export const zDateNotInPast = () =>
  requiredField((value) => checkDateNotInPast(value), ValidationMessage.IsoDate);
export const zDateNotInPastOptional = () =>
  optionalField((value) => checkDateNotInPast(value), ValidationMessage.IsoDate);
export const zDateNotInFuture = () =>
  requiredField((value) => checkDateNotInFuture(value), ValidationMessage.IsoDate);
export const zDateNotInFutureOptional = () =>
  optionalField((value) => checkDateNotInFuture(value), ValidationMessage.IsoDate);
export const zDurc = () => requiredField((value) => checkDurc(value), ValidationMessage.Durc);
export const zDurcOptional = () => optionalField((value) => checkDurc(value), ValidationMessage.Durc);
