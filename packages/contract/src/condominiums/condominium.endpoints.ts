/** Paths of the condominium calls (spec section 7, Condominium). */
export const CondominiumPath = {
  /** Short list of every condominium of the archive, for pickers and filters. */
  lista: '/api/condominio/lista',
} as const;
export type CondominiumPath = (typeof CondominiumPath)[keyof typeof CondominiumPath];
