import type { CommonPartServicesTable } from './common-part.table.ts';
import { addMonths } from './service-dates.ts';

type SeedService = Omit<CommonPartServicesTable, 'data_ultima' | 'riferimento_contratto'>;

/**
 * The demo's service rows get their last execution (one period before the next date) and, when a
 * provider holds the service, a contract reference; derived from the row so that the demo's random
 * sequence, and every value drawn after it, stays as it was.
 */
export function withServiceDetails(row: SeedService): CommonPartServicesTable {
  const year = (row.data_inizio ?? row.prossima_scadenza ?? '2026').slice(0, 4);
  return {
    ...row,
    data_ultima:
      row.prossima_scadenza && row.periodicita_mesi
        ? addMonths(row.prossima_scadenza, -row.periodicita_mesi)
        : null,
    riferimento_contratto: row.fornitore_id === null ? null : `Contratto n. ${row.id}/${year}`,
  };
}
