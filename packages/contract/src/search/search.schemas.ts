import { z } from 'zod';
import { SEARCH_MIN_LENGTH } from '../common/constants.ts';
import { zBigNumber, zNumber, zString } from '../common/primitives.ts';

/** The Italian messages of the search everything call. */
export const SearchMessage = {
  TooShort: `La ricerca richiede almeno ${SEARCH_MIN_LENGTH} caratteri.`,
  TooLong: 'La ricerca può contenere al massimo 100 caratteri.',
  Required: 'Scrivi che cosa cercare.',
} as const;

/** The kinds of record the search finds, in the palette's default order. */
export const searchKinds = ['attivita', 'contatto', 'fornitore', 'condominio', 'parteComune'] as const;
export type SearchKind = (typeof searchKinds)[number];

/** How many hits of each kind the answer carries (the best ones). */
export const SEARCH_HITS_PER_KIND = 5;

export const searchQuerySchema = z.object({
  q: zString({ error: SearchMessage.Required })
    .trim()
    .min(SEARCH_MIN_LENGTH, SearchMessage.TooShort)
    .max(100, SearchMessage.TooLong),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchHitSchema = z.object({
  id: zBigNumber().int(),
  /**
   * The drawer that shows the record: `?dettaglio=<drawer>:<drawerId>` (attivita, persona,
   * fornitore, condominio, impianto, ambiente).
   */
  drawer: zString(),
  drawerId: zString(),
  /** The record's name (an activity: its number and title). */
  title: zString(),
  /** A second line: what else matched or places the record (condominium, fiscal code, city...). */
  subtitle: zString().nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchGroupSchema = z.object({
  kind: z.enum(searchKinds),
  hits: z.array(searchHitSchema),
  /** Every match of the kind, counted up to a cap (`capped`: "oltre"). */
  total: zNumber().int(),
  capped: z.boolean(),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

export const searchResultSchema = z.object({
  /** The groups with at least one hit, best first; kinds outside the user's areas never appear. */
  groups: z.array(searchGroupSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
