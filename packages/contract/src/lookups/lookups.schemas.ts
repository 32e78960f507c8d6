import { z } from 'zod';
import { zBigNumber, zCoerceBigNumber, zCoerceNumber, zString } from '../common/primitives.ts';
import { zText } from '../validators/zod.ts';

/** A simple lookup entry: nations, titles, provider activity types, assignment types. */
export const lookupItemSchema = z.object({ id: zBigNumber().int(), testo: zString() });
export type LookupItem = z.infer<typeof lookupItemSchema>;

/** POST body of the lookups that accept new entries. */
export const lookupCreateSchema = z.object({ testo: zText(100) });
export type LookupCreate = z.input<typeof lookupCreateSchema>;

/** A municipality with one of its CAPs. */
export const localitaSchema = z.object({ cap: zString(), citta: zString(), prov: zString() });
export type Localita = z.infer<typeof localitaSchema>;

/**
 * `/api/localita`: by CAP (5 digits: exact; fewer: prefix), by city name prefix (`citta`), or
 * `searchQuery` (digits: CAP, otherwise the name). At most `limit` rows, ordered by name and CAP.
 */
export const localitaQuerySchema = z.object({
  cap: zString()
    .trim()
    .regex(/^\d{1,5}$/, 'CAP non valido')
    .optional(),
  citta: zString().trim().max(100, 'Il messaggio non può superare i 100 caratteri').optional(),
  searchQuery: zString().trim().max(100, 'Il messaggio non può superare i 100 caratteri').optional(),
  limit: zCoerceNumber().int().min(1).max(100).default(20),
});
export type LocalitaQuery = z.input<typeof localitaQuerySchema>;

export const operatoreSchema = z.object({ id: zBigNumber().int(), nome: zString() });
export type Operatore = z.infer<typeof operatoreSchema>;

/** Account lookup (`/api/conto/lookup`): TipoConto 0 personal, 1 payments. */
export const contoLookupQuerySchema = z.object({
  TipoConto: zCoerceNumber().int().min(0, 'Tipo di conto non valido').max(1, 'Tipo di conto non valido'),
  EserciziID: zCoerceBigNumber().int().positive('Esercizio non valido'),
});
export type ContoLookupQuery = z.input<typeof contoLookupQuerySchema>;

export const contoLookupItemSchema = z.object({
  id: zBigNumber().int(),
  codice: zString().nullable(),
  descr: zString(),
});
export type ContoLookupItem = z.infer<typeof contoLookupItemSchema>;
