import { useCallback, useState } from 'react';
import type { InstalmentFilters } from '../instalments-slice.ts';
import { InstalmentGroups } from './instalment-groups.tsx';

export interface CondominiumInstalmentsProps {
  condominioId: number;
}

/**
 * The instalments of one condominium, for its drawer's "Rate" tab: the same groups, filters and
 * drawer as the instalments page, with their own filters (the page's stay as they were).
 */
export function CondominiumInstalments({ condominioId }: CondominiumInstalmentsProps) {
  const [filters, setFilters] = useState<InstalmentFilters>({
    condominioId,
    esercizioId: null,
    groupType: 1,
    searchText: '',
    tipoRata: null,
    onlyExpired: false,
    advanced: { soloDaVersare: false, scadenzaEntro: '' },
    pageNumber: 1,
  });
  const change = useCallback(
    (value: Partial<Omit<InstalmentFilters, 'pageNumber'>>) =>
      setFilters((current) => ({ ...current, ...value, condominioId, pageNumber: 1 })),
    [condominioId],
  );
  const page = useCallback((pageNumber: number) => setFilters((current) => ({ ...current, pageNumber })), []);
  return <InstalmentGroups filters={filters} onFiltersChange={change} onPageChange={page} />;
}
