import { z } from 'zod';
import { zBigNumber, zCoerceBigNumber, zNumber, zString } from '../common/primitives.ts';
import { zIsoDateOptional, zTextOptional } from '../validators/zod.ts';

/** An assignment (incarico) of a person in a condominium. */
export const incaricoSchema = z.object({
  id: zBigNumber().int(),
  condominioID: zBigNumber().int(),
  personaID: zBigNumber().int(),
  personaDescr: zString(),
  tipoIncaricoID: zBigNumber().int(),
  tipoIncaricoDescr: zString(),
  dataInizio: zString().nullable(),
  dataFine: zString().nullable(),
  note: zString().nullable(),
  objVersion: zNumber().int(),
});
export type Incarico = z.infer<typeof incaricoSchema>;

const zId = (message: string) => zBigNumber({ error: 'Manca un campo obbligatorio' }).int().positive(message);

export const incaricoCreateSchema = z.object({
  condominioID: zId('Condominio non valido'),
  personaID: zId('Persona non valida'),
  tipoIncaricoID: zId('Tipo di incarico non valido'),
  dataInizio: zIsoDateOptional(),
  dataFine: zIsoDateOptional(),
  note: zTextOptional(2000),
});
export type IncaricoCreate = z.input<typeof incaricoCreateSchema>;

export const incaricoUpdateSchema = incaricoCreateSchema.extend({
  objVersion: zNumber({ error: 'Versione dei dati mancante' }).int().min(1, 'Versione dei dati mancante'),
});
export type IncaricoUpdate = z.input<typeof incaricoUpdateSchema>;

/** `/api/incarico?CondominioID&PersonaID`: at least one of the two. */
export const incaricoListQuerySchema = z
  .object({
    CondominioID: zCoerceBigNumber().int().positive('Condominio non valido').optional(),
    PersonaID: zCoerceBigNumber().int().positive('Persona non valida').optional(),
  })
  .refine((q) => q.CondominioID !== undefined || q.PersonaID !== undefined, {
    message: 'Indica il condominio o la persona',
  });
export type IncaricoListQuery = z.input<typeof incaricoListQuerySchema>;
