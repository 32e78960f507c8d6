import { InstalmentType, PaymentDistribution } from '@stabile/contract';

/** An instalment as the distribution sees it: what it owes and what it has received. */
export interface OpenInstalment {
  id: number;
  numero: number;
  dataScadenza: string;
  createdAt: string;
  importo: number;
  versato: number;
}

export interface Allocation {
  rataID: number;
  importo: number;
}

/** Instalments that are debts of the resident; refunds and surpluses are credits. */
export const DEBT_TYPES: readonly number[] = [InstalmentType.Preventive, InstalmentType.Extraordinary];

export function isCredit(tipo: number): boolean {
  return !DEBT_TYPES.includes(tipo);
}

/**
 * The order in which a payment fills the instalments: the oldest instalment first (issued first,
 * then by number), or by competence (due) date. Both fill the same instalments with the same total
 * when the payment covers them all; they differ only in which ones a partial payment reaches.
 */
export function orderFor(distribution: number, list: readonly OpenInstalment[]): OpenInstalment[] {
  const byId = (a: OpenInstalment, b: OpenInstalment) => a.id - b.id;
  const copy = [...list];
  if (distribution === PaymentDistribution.ByCompetenceDate) {
    return copy.sort((a, b) => a.dataScadenza.localeCompare(b.dataScadenza) || byId(a, b));
  }
  return copy.sort(
    (a, b) =>
      a.createdAt.localeCompare(b.createdAt) ||
      a.numero - b.numero ||
      a.dataScadenza.localeCompare(b.dataScadenza) ||
      byId(a, b),
  );
}

/**
 * Splits `amount` cents over the instalments in the distribution's order, never giving one more
 * than it still owes. What no instalment needs is the surplus.
 */
export function distribute(
  amount: number,
  distribution: number,
  list: readonly OpenInstalment[],
): { allocations: Allocation[]; surplus: number } {
  let remaining = amount;
  const allocations: Allocation[] = [];
  for (const rata of orderFor(distribution, list)) {
    if (remaining <= 0) break;
    const owed = rata.importo - rata.versato;
    if (owed <= 0) continue;
    const part = Math.min(owed, remaining);
    allocations.push({ rataID: rata.id, importo: part });
    remaining -= part;
  }
  return { allocations, surplus: remaining };
}
