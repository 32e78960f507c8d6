import { describe, expect, it } from 'vitest';
import { tooManyAttemptsMessage } from './retry-after.ts';

describe('the wait after too many attempts', () => {
  it('is said in whole minutes, rounded up, singular for one', () => {
    expect(tooManyAttemptsMessage(121, '60')).toBe('Troppi tentativi. Riprova tra 1 minuto.');
    expect(tooManyAttemptsMessage(121, '5')).toBe('Troppi tentativi. Riprova tra 1 minuto.');
    expect(tooManyAttemptsMessage(121, '695')).toBe('Troppi tentativi. Riprova tra 12 minuti.');
    expect(tooManyAttemptsMessage(121, '900')).toBe('Troppi tentativi. Riprova tra 15 minuti.');
  });

  it("leaves other errors, or an answer without Retry-After, to the server's message", () => {
    expect(tooManyAttemptsMessage(124, '1')).toBeNull();
    expect(tooManyAttemptsMessage(121, null)).toBeNull();
    expect(tooManyAttemptsMessage(121, 'domani')).toBeNull();
  });
});
