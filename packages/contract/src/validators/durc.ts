import { DurcState } from '../common/enums.ts';
import { checkDate, type DateCheckOptions } from './dates.ts';
import { ValidationMessage } from './messages.ts';

/**
 * The DURC (documento unico di regolarità contributiva) of a provider travels as one pipe-separated
 * value `kind|date|date`. The kind is a DurcState:
 * - 1 Presente: the document is on file, nothing else is needed;
 * - 2 In scadenza: the second field, the expiry date, must be a valid date;
 * - 3 Scaduto: the third field, the date it expired, must be a valid date;
 * - 4 Assente and 5 Richiesto: no date is needed.
 * A date that is not needed may be empty; when given it must still be valid.
 */
export function checkDurc(value: string, options: DateCheckOptions = {}): string | null {
  const parts = value.trim().split('|');
  if (parts.length > 3) return ValidationMessage.Durc;
  const [kindText = '', secondField = '', thirdField = ''] = parts.map((part) => part.trim());
  const kind = Number(kindText);
  if (!/^\d$/.test(kindText) || !(Object.values(DurcState) as number[]).includes(kind)) {
    return ValidationMessage.Durc;
  }
  const requiredField =
    kind === DurcState.Expiring ? secondField : kind === DurcState.Expired ? thirdField : undefined;
  if (requiredField !== undefined && checkDate(requiredField, options) !== null)
    return ValidationMessage.Durc;
  for (const field of [secondField, thirdField]) {
    if (field !== '' && checkDate(field, options) !== null) return ValidationMessage.Durc;
  }
  return null;
}

/** Builds the pipe-separated DURC value (empty dates as empty fields). */
export function formatDurc(kind: DurcState, secondDate = '', thirdDate = ''): string {
  return `${kind}|${secondDate}|${thirdDate}`;
}
