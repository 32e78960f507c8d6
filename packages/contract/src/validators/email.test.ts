import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH } from '../common/constants.ts';
import { checkEmail, checkPec } from './email.ts';

const domainLabel = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);
const emailArb = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9!#$%&'*+/=?^_`{|}~-]{1,12}(?:\.[a-z0-9_-]{1,8}){0,2}$/),
    fc.array(domainLabel, { minLength: 1, maxLength: 3 }),
    fc.stringMatching(/^[a-z]{2,6}$/),
  )
  .map(([local, labels, tld]) => `${local}@${labels.join('.')}.${tld}`);

describe('email and PEC', () => {
  it('accepts ordinary addresses', () => {
    for (const email of [
      'mario.rossi@example.it',
      'info+condominio@studio-bianchi.com',
      'a@b.co',
      'x@città.it',
    ]) {
      expect(checkEmail(email), email).toBeNull();
    }
    expect(checkPec('studio.rossi@pec.it')).toBeNull();
    expect(checkPec('amministrazione@legalmail.it')).toBeNull();
  });

  it('refuses malformed addresses with the message of the field', () => {
    for (const email of [
      'mario',
      'mario@',
      '@example.it',
      'mario@example',
      'mario rossi@example.it',
      'a..b@example.it',
      'a@-x.it',
      'a@x..it',
      '',
    ]) {
      expect(checkEmail(email), email).toBe('Indirizzo email non valido');
      expect(checkPec(email), email).toBe('Indirizzo PEC non valido');
    }
  });

  it('refuses addresses over 1024 characters with the limit message', () => {
    const long = `${'a'.repeat(EMAIL_MAX_LENGTH)}@example.it`;
    expect(checkEmail(long)).toBe('Indirizzo email ha raggiunto il limite di caratteri');
    expect(checkPec(long)).toBe('Indirizzo email ha raggiunto il limite di caratteri');
    const atLimit = `${'a'.repeat(EMAIL_MAX_LENGTH - 11)}@example.it`;
    expect(atLimit).toHaveLength(EMAIL_MAX_LENGTH);
    expect(checkEmail(atLimit)).toBeNull();
  });

  it('property: generated addresses are valid; without @, with a space inside or a one-label domain they are not', () => {
    fc.assert(fc.property(emailArb, (email) => checkEmail(email) === null && checkPec(email) === null));
    fc.assert(
      fc.property(emailArb, (email) => checkEmail(email.replace('@', '')) === 'Indirizzo email non valido'),
    );
    fc.assert(
      fc.property(emailArb, fc.nat(), (email, at) => {
        const position = 1 + (at % (email.length - 1));
        return checkEmail(`${email.slice(0, position)} ${email.slice(position)}`) !== null;
      }),
    );
    fc.assert(
      fc.property(emailArb, domainLabel, (email, label) => {
        return checkPec(`${email.slice(0, email.indexOf('@'))}@${label}`) === 'Indirizzo PEC non valido';
      }),
    );
  });
});
