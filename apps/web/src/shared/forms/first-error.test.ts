import {
  activityCreateSchema,
  fornitoreCreateSchema,
  passwordRecoveryRequestSchema,
  passwordResetFormSchema,
  personaCreateSchema,
} from '@stabile/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstError, personError } from './first-error.ts';

/** English from the validator, a type or field name, a raw comparison: what a person must never read. */
const TECHNICAL =
  /\b([Tt]oo small|[Tt]oo big|[Ee]xpected|[Ii]nvalid|[Rr]equired|must|string|number|undefined|null|NaN)\b|\b[a-z]+[A-Z][A-Za-z]*\b|>=|<=|[<>]\d/;

describe('form errors', () => {
  it('speak Italian to a person on the empty and wrong submits of every form schema', () => {
    const cases: Array<[z.ZodType, unknown]> = [
      [activityCreateSchema, { condGenID: 0, titolo: '' }],
      [activityCreateSchema, { condGenID: 3, titolo: 'x'.repeat(201) }],
      [activityCreateSchema, { condGenID: 3, titolo: 'Perdita', priorita: 9 }],
      [activityCreateSchema, { condGenID: 3, titolo: 'Perdita', dataConcludereEntro: '31/02/2027' }],
      [personaCreateSchema, {}],
      [personaCreateSchema, { descr: 'Ada', codiceFiscale: 'RSSMRA70E12F205X' }],
      [fornitoreCreateSchema, { descr: '' }],
      [fornitoreCreateSchema, { descr: 'Ditta', partitaIva: '123' }],
      [passwordRecoveryRequestSchema, { email: '' }],
      [passwordRecoveryRequestSchema, { email: 'non-una-email' }],
      [passwordResetFormSchema, { password: '', conferma: '' }],
    ];
    for (const [schema, values] of cases) {
      const problem = firstError(schema, values);
      expect(problem, JSON.stringify(values)).not.toBeNull();
      expect(problem?.message).not.toMatch(TECHNICAL);
      expect(problem?.message).not.toContain(`(${problem?.field})`);
    }
    expect(firstError(activityCreateSchema, { condGenID: 0, titolo: 'Perdita' })?.message).toBe(
      'Manca un campo obbligatorio',
    );
  });

  it('word the checks zod writes itself, whatever locale zod holds', () => {
    z.config(z.locales.en());
    const messages = [
      z.number().int().positive(),
      z.string().min(3),
      z.string().max(5),
      z.email(),
      z.enum(['a', 'b']),
      z.number(),
    ].map((schema, k) =>
      schema.safeParse([0, 'ab', 'abcdefg', 'x', 'c', 'testo'][k], { error: personError }),
    );
    const texts = messages.map((m) => m.error?.issues[0]?.message ?? '');
    expect(texts).toEqual([
      'Manca un campo obbligatorio',
      'Scrivi almeno 3 caratteri',
      'Il messaggio non può superare i 5 caratteri',
      'Indirizzo email non valido',
      "Scegli un valore dell'elenco",
      'Valore non valido',
    ]);
  });
});
