import { z } from 'zod';
import { zText } from '../validators/zod.ts';

/** A simple lookup entry: nations, titles, provider activity types, assignment types. */
export const lookupItemSchema = z.object({ id: z.number().int(), testo: z.string() });
export type LookupItem = z.infer<typeof lookupItemSchema>;

/** POST body of the lookups that accept new entries. */
export const lookupCreateSchema = z.object({ testo: zText(100) });
export type LookupCreate = z.input<typeof lookupCreateSchema>;

/** A municipality with one of its CAPs. */
export const localitaSchema = z.object({ cap: z.string(), citta: z.string(), prov: z.string() });
export type Localita = z.infer<typeof localitaSchema>;

/**
 * `/api/localita`: by CAP (5 digits: exact; fewer: prefix), by city name prefix (`citta`), or
 * `searchQuery` (digits: CAP, otherwise the name). At most `limit` rows, ordered by name and CAP.
 */
export const localitaQuerySchema = z.object({
  cap: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, 'CAP non valido')
    .optional(),
  citta: z.string().trim().max(100, 'Il messaggio non può superare i 100 caratteri').optional(),
  searchQuery: z.string().trim().max(100, 'Il messaggio non può superare i 100 caratteri').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type LocalitaQuery = z.input<typeof localitaQuerySchema>;

export const operatoreSchema = z.object({ id: z.number().int(), nome: z.string() });
export type Operatore = z.infer<typeof operatoreSchema>;

/** Account lookup (`/api/conto/lookup`): TipoConto 0 personal, 1 payments. */
export const contoLookupQuerySchema = z.object({
  TipoConto: z.coerce.number().int().min(0, 'Tipo di conto non valido').max(1, 'Tipo di conto non valido'),
  EserciziID: z.coerce.number().int().positive('Esercizio non valido'),
});
export type ContoLookupQuery = z.input<typeof contoLookupQuerySchema>;

export const contoLookupItemSchema = z.object({
  id: z.number().int(),
  codice: z.string().nullable(),
  descr: z.string(),
});
export type ContoLookupItem = z.infer<typeof contoLookupItemSchema>;
