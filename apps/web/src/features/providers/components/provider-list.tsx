import { Group, Select, Stack } from '@mantine/core';
import { DurcState, durcStateLabels, EsportaApi } from '@stabile/contract';
import { useTranslation } from 'react-i18next';
import { useTipiAttivitaFornitoreQuery } from '../../../shared/api/lookups-api.ts';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks.ts';
import { ExportMenu } from '../../../shared/ui/export-menu.tsx';
import { RegistryListView } from '../../../shared/ui/registry/registry-list-view.tsx';
import { useRegistrySearch } from '../../../shared/ui/registry/use-registry-search.ts';
import { useOpenEntityDetails } from '../../../shared/ui/use-open-entity-details.ts';
import { useProvidersQuery } from '../providers-api.ts';
import {
  providersFiltersChanged,
  providersPageChanged,
  providersSearchChanged,
  selectProviderFilters,
  selectProvidersPageContext,
} from '../providers-slice.ts';

export interface ProviderListProps {
  onCreate: () => void;
}

const durcOptions = Object.values(DurcState).map((value) => ({
  value: String(value),
  label: durcStateLabels[value],
}));

/** Mantine hides a select's clear button from assistive technology and the keyboard: this one is a real button. */
const clearButton = (label: string) => ({ 'aria-label': label, 'aria-hidden': false, tabIndex: 0 });

/** The list's filters (spec section 7 "Suppliers"): activity type and DURC state; each clearable. */
function ProviderFiltersBar() {
  const { t } = useTranslation('providers');
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectProviderFilters);
  const { data: types = [] } = useTipiAttivitaFornitoreQuery();
  return (
    <Group grow align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t('filterTipoAttivita')}
        placeholder={t('filterAny')}
        miw={160}
        clearable
        clearButtonProps={clearButton(t('filterClear', { name: t('filterTipoAttivita') }))}
        searchable
        data={types.map((type) => ({ value: String(type.id), label: type.testo }))}
        value={filters.tipoAttivitaID ? String(filters.tipoAttivitaID) : null}
        onChange={(value) =>
          dispatch(providersFiltersChanged({ tipoAttivitaID: value ? Number(value) : null }))
        }
      />
      <Select
        label={t('filterDurc')}
        placeholder={t('filterAny')}
        miw={160}
        clearable
        clearButtonProps={clearButton(t('filterClear', { name: t('filterDurc') }))}
        data={durcOptions}
        value={filters.durcStato ? String(filters.durcStato) : null}
        onChange={(value) => dispatch(providersFiltersChanged({ durcStato: value ? Number(value) : null }))}
      />
    </Group>
  );
}

/**
 * Providers: 15 a page in description order, search from 3 characters, filters by activity type and
 * DURC; the page context and the filters are state.
 */
export function ProviderList({ onCreate }: ProviderListProps) {
  const dispatch = useAppDispatch();
  const { searchText, pageNumber } = useAppSelector(selectProvidersPageContext);
  const { tipoAttivitaID, durcStato } = useAppSelector(selectProviderFilters);
  const searchQuery = useRegistrySearch(searchText);
  const listQuery = {
    pageNumber,
    ...(searchQuery ? { searchQuery } : {}),
    ...(tipoAttivitaID ? { tipoAttivitaID } : {}),
    ...(durcStato ? { durcStato } : {}),
  };
  const { data, isFetching, isError, refetch } = useProvidersQuery(listQuery);
  const open = useOpenEntityDetails();
  return (
    <RegistryListView
      ns="providers"
      idColumn="partitaIva"
      search={searchText}
      onSearchChange={(text) => dispatch(providersSearchChanged(text))}
      searchQuery={searchQuery}
      page={pageNumber}
      onPageChange={(page) => dispatch(providersPageChanged(page))}
      data={data}
      isFetching={isFetching}
      isError={isError}
      onRetry={() => void refetch()}
      onOpen={(id) => open('fornitore', id)}
      onCreate={onCreate}
      filters={
        <Stack gap="sm">
          <ProviderFiltersBar />
          <Group justify="flex-end">
            <ExportMenu endpoint={EsportaApi.fornitori} query={listQuery} />
          </Group>
        </Stack>
      }
      filtered={Boolean(tipoAttivitaID || durcStato)}
    />
  );
}
