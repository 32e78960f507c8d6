import { z } from 'zod';
import { zBigNumber, zString } from '../common/primitives.ts';

/**
 * GET /api/condominio/lista: one condominium of the archive, as pickers and the activity filters
 * show it. The list is ordered by intestazione (case and accents ignored); it is never paged (an
 * archive manages hundreds of condominiums, not millions).
 */
export const condominioListaItemSchema = z.object({
  id: zBigNumber().int(),
  intestazione: zString(),
  indirizzo: zString().nullable(),
  citta: zString().nullable(),
});
export type CondominioListaItem = z.infer<typeof condominioListaItemSchema>;

/** Query of GET /api/condominio/lista: `gestiti` (default true) keeps only managed condominiums. */
export const condominioListaQuerySchema = z.object({
  gestiti: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v !== 'false' && v !== '0'),
});
export type CondominioListaQuery = z.infer<typeof condominioListaQuerySchema>;
