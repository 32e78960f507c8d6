import type { CommonPartKind } from './common-parts-api.ts';

/**
 * A common part's drawer is `?dettaglio=impianto:<condominioId>-<id>` (or `ambiente:`): plants and
 * environments are read by condominium and id (spec section 7).
 */
export function detailId(condominioId: number, id: number): string {
  return `${condominioId}-${id}`;
}

export function parseDetailId(value: string): { condominioId: number; id: number } | null {
  const match = /^(\d+)-(\d+)$/.exec(value);
  if (!match) return null;
  return { condominioId: Number(match[1]), id: Number(match[2]) };
}

export const kindOfCategory = (categoria: number): CommonPartKind =>
  categoria === 0 ? 'impianto' : 'ambiente';
