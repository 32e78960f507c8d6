import { z } from 'zod';
import { zBigNumber, zCoerceBigNumber, zCoerceNumber, zString } from '../common/primitives.ts';

/** The kinds of record whose changes are kept (issue 28, part 3), as they appear in the path. */
export const historyKinds = [
  'attivita',
  'contatto',
  'fornitore',
  'condominio',
  'parteComune',
  'rata',
  'allegato',
] as const;
export type HistoryKind = (typeof historyKinds)[number];

/**
 * Through which route a change came: the web app, a supplier's link, the residents' portal, or the
 * replay of a write made offline (sent again by the web app's queue); `sistema` for changes made by
 * the server itself (imports, scripts).
 */
export const historyVias = ['web', 'fornitore', 'portale', 'coda', 'sistema'] as const;
export type HistoryVia = (typeof historyVias)[number];

export const historyActions = ['creazione', 'modifica', 'eliminazione'] as const;
export type HistoryAction = (typeof historyActions)[number];

/** The header the web app's offline queue adds when it sends a write again. */
export const ORIGIN_HEADER = 'x-stabile-origine';
export const ORIGIN_QUEUE = 'coda';

/** How many changes one page of the history holds. */
export const HISTORY_PAGE_SIZE = 50;

// A column value as recorded: text, a number (amounts in cents, ids), a flag, or nothing.
const valueSchema = z.union([zString(), zBigNumber(), z.boolean(), z.null()]);

export const fieldChangeSchema = z.object({
  /** The record's field (its column name); the web app shows an Italian label for it. */
  field: zString(),
  before: valueSchema,
  after: valueSchema,
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

export const historyEntrySchema = z.object({
  id: zString(),
  at: zString(),
  accountId: zBigNumber().int().nullable(),
  archiveUserId: zBigNumber().int().nullable(),
  /** Who: the archive user's name, else the account's name; null for a supplier or the server. */
  who: zString().nullable(),
  via: z.enum(historyVias),
  action: z.enum(historyActions),
  changes: z.array(fieldChangeSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyParamsSchema = z.object({
  tipo: z.enum(historyKinds),
  id: zCoerceBigNumber().int().positive(),
});

export const historyQuerySchema = z.object({
  /** The `nextCursor` of the previous page: the changes older than it. */
  cursor: zString().max(100).optional(),
  limit: zCoerceNumber().int().min(1).max(HISTORY_PAGE_SIZE).default(HISTORY_PAGE_SIZE),
});

export const historyPageSchema = z.object({
  /** Newest first. */
  entries: z.array(historyEntrySchema),
  /** Pass it as `cursor` for the older changes; null when there are none. */
  nextCursor: zString().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;
