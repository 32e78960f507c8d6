import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codiceFiscaleArb, ibanArb, partitaIvaArb } from './arbitraries.ts';
import {
  zBic,
  zCap,
  zCid,
  zCodiceComune,
  zCodiceFiscale,
  zCodiceFiscaleFornitore,
  zCodiceFiscaleFornitoreOptional,
  zDateNotInFuture,
  zDateNotInPast,
  zDurc,
  zEmail,
  zEmailOptional,
  zIban,
  zIbanOptional,
  zIsoDate,
  zNumeric,
  zPartitaIva,
  zPartitaIvaOptional,
  zPec,
  zPhone,
  zProvincia,
  zText,
  zTextOptional,
  zUrl,
} from './zod.ts';

function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('zod schemas of the rules', () => {
  it('give one issue with the Italian message of the first failing check', () => {
    expect(messages(zEmail(), '')).toEqual(['Manca un campo obbligatorio']);
    expect(messages(zEmail(), undefined)).toEqual(['Manca un campo obbligatorio']);
    expect(messages(zEmail(), null)).toEqual(['Manca un campo obbligatorio']);
    expect(messages(zEmail(), 42)).toEqual(['Indirizzo email non valido']);
    expect(messages(zEmail(), 'mario')).toEqual(['Indirizzo email non valido']);
    expect(messages(zPec(), 'mario')).toEqual(['Indirizzo PEC non valido']);
    expect(messages(zUrl(), 'http://192.168.1.1')).toEqual(['Indirizzo web non valido']);
    expect(messages(zCid(), 'IT00ZZZ01234567897')).toEqual(['CID non valido']);
    expect(messages(zPartitaIva(), '01234567890')).toEqual(['Numero di partita iva non valido']);
    expect(messages(zCodiceFiscale(), 'RSSMRA85T10A562T')).toEqual(['Codice fiscale non valido']);
    expect(messages(zCap(), '2012')).toEqual(['CAP non valido']);
    expect(messages(zProvincia(), 'XX')).toEqual(['Sigla di provincia non valida']);
    expect(messages(zCodiceComune(), '205F')).toEqual([
      'Codice comune non valido, deve iniziare con una lettera, seguito da 3 cifre',
    ]);
    expect(messages(zText(5), 'troppo lungo')).toEqual(['Il messaggio non può superare i 5 caratteri']);
    expect(messages(zText(), '  ')).toEqual(['Manca un campo obbligatorio']);
    expect(messages(zPhone(), 'abc')).toEqual(['Numero di telefono non valido']);
    expect(messages(zIban(), 'IT00X0542811101000000123456')).toEqual(['IBAN non valido']);
    expect(messages(zBic(), 'BCIT')).toEqual(['BIC non valido']);
    expect(messages(zIsoDate(), '31/12/2020')).toEqual(['Data non valida, usa il formato AAAA-MM-GG']);
    expect(messages(zIsoDate(), '1800-01-01')).toEqual(['La data deve essere entro 120 anni da oggi']);
    expect(messages(zDateNotInPast(), '2000-01-01')).toEqual(['La data non può essere nel passato']);
    expect(messages(zDateNotInFuture(), '2100-01-01')).toEqual(['La data non può essere nel futuro']);
    expect(messages(zDurc(), '2||')).toEqual(['Dati DURC non validi']);
    expect(messages(zNumeric(), '12a')).toEqual(['Sono ammessi solo numeri']);
  });

  it('trim values and normalise codes in the parsed output', () => {
    expect(zCodiceFiscale().parse(' rssmra85t10a562s ')).toBe('RSSMRA85T10A562S');
    expect(zPartitaIva().parse('it 01234567897')).toBe('IT01234567897');
    expect(zIban().parse('it60 x054 2811 1010 0000 0123 456')).toBe('IT60X0542811101000000123456');
    expect(zProvincia().parse('mi')).toBe('MI');
    expect(zCodiceComune().parse('f205')).toBe('F205');
    expect(zEmail().parse('  mario@example.it ')).toBe('mario@example.it');
  });

  it('optional variants accept undefined, null and an empty string, and check anything else', () => {
    for (const empty of [undefined, null, '', '   ']) {
      expect(zEmailOptional().safeParse(empty).success).toBe(true);
      expect(zIbanOptional().safeParse(empty).success).toBe(true);
      expect(zCodiceFiscaleFornitoreOptional().safeParse(empty).success).toBe(true);
      expect(zTextOptional(3).safeParse(empty).success).toBe(true);
    }
    expect(messages(zPartitaIvaOptional(), '123')).toEqual(['Numero di partita iva non valido']);
    expect(messages(zTextOptional(3), 'quattro')).toEqual(['Il messaggio non può superare i 3 caratteri']);
  });

  it('report the field path inside an object schema, the first error per field', () => {
    const provider = z.object({
      descrizione: zText(50),
      codiceFiscale: zCodiceFiscaleFornitoreOptional(),
      partitaIva: zPartitaIvaOptional(),
      email: zEmailOptional(),
    });
    const result = provider.safeParse({ codiceFiscale: 'ABC', partitaIva: '01234567897', email: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['descrizione', 'Manca un campo obbligatorio'],
      ['codiceFiscale', 'Codice fiscale non valido'],
      ['email', 'Indirizzo email non valido'],
    ]);
  });

  it('property: generated valid codes pass the schemas, lower case and spaced too', () => {
    fc.assert(
      fc.property(codiceFiscaleArb, partitaIvaArb, ibanArb, (codiceFiscale, partitaIva, iban) => {
        expect(zCodiceFiscale().parse(codiceFiscale.toLowerCase())).toBe(codiceFiscale);
        expect(zCodiceFiscaleFornitore().parse(partitaIva)).toBe(partitaIva);
        expect(zPartitaIva().parse(` ${partitaIva} `)).toBe(partitaIva);
        expect(zIban().parse(iban.replace(/(.{4})/g, '$1 ').toLowerCase())).toBe(iban);
      }),
    );
  });

  it('can be described as JSON Schema for the OpenAPI document', () => {
    const schema = z.toJSONSchema(z.object({ email: zEmail(), iban: zIbanOptional() }));
    expect(schema.properties).toMatchObject({
      email: { type: 'string' },
      iban: { type: ['string', 'null'] },
    });
  });
});
