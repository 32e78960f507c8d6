import { z } from 'zod';

const italian = z.locales.it();

/**
 * Zod speaks Italian everywhere the contract is used (server validation and web forms). The
 * commonest cases get the spec's own messages; the rest falls back to zod's Italian locale.
 */
export function configureItalianErrors(): void {
  z.config({
    localeError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return 'Manca un campo obbligatorio';
      if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1) {
        return 'Manca un campo obbligatorio';
      }
      if (issue.code === 'too_big' && issue.origin === 'string') {
        return `Il messaggio non può superare i ${String(issue.maximum)} caratteri`;
      }
      return italian.localeError(issue);
    },
  });
}

configureItalianErrors();
