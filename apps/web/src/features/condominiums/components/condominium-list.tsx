import {
  Alert,
  Badge,
  Button,
  Center,
  Collapse,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  EsportaApi,
  FILTER_DEBOUNCE_MS,
  type PaymentAccountStatus,
  paymentAccountStatusLabels,
  SEARCH_MIN_LENGTH,
} from '@stabile/contract';
import { IconAdjustments, IconBuildingCommunity, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadFailedText } from '../../../shared/offline/use-offline.ts';
import { ExportMenu } from '../../../shared/ui/export-menu.tsx';
import { ListPagination } from '../../../shared/ui/list-pagination.tsx';
import { ListSearchInput } from '../../../shared/ui/list-search-input.tsx';
import { useOpenEntityDetails } from '../../../shared/ui/use-open-entity-details.ts';
import { useCondominiumsQuery } from '../condominiums-api.ts';

interface AdvancedFilters {
  citta: string;
  provincia: string;
  statoContoPagamenti: string;
  portaleAttivo: '' | 'true' | 'false';
}

const noFilters: AdvancedFilters = { citta: '', provincia: '', statoContoPagamenti: '', portaleAttivo: '' };

const stateOptions = Object.entries(paymentAccountStatusLabels).map(([value, label]) => ({ value, label }));
const stateColor: Record<number, string> = { 0: 'red', 1: 'gray', 2: 'green', 3: 'yellow', 4: 'orange' };

export interface CondominiumListProps {
  onCreate: () => void;
}

/**
 * The registry of condominiums (GET /api/condominio): search from 3 characters after 300 ms, the
 * managed-only switch (on by default), advanced filters, paging; a row opens the drawer.
 */
export function CondominiumList({ onCreate }: CondominiumListProps) {
  const { t } = useTranslation(['condominiums', 'common']);
  const loadFailed = useLoadFailedText();
  const narrow = useMediaQuery('(max-width: 48em)');
  const openDetails = useOpenEntityDetails();
  const [search, setSearch] = useState('');
  const [managedOnly, setManagedOnly] = useState(true);
  const [showFilters, setShowFilters] = useState(false);
  const [filters, setFilters] = useState<AdvancedFilters>(noFilters);
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), FILTER_DEBOUNCE_MS);
  const [debouncedFilters] = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const searchQuery = debounced.length >= SEARCH_MIN_LENGTH ? debounced : '';
  const provincia = /^[A-Za-z]{2}$/.test(debouncedFilters.provincia) ? debouncedFilters.provincia : '';
  const listQuery = {
    pageNumber: page,
    pageSize: 15,
    searchQuery: searchQuery || undefined,
    gestiti: managedOnly ? ('true' as const) : ('false' as const),
    citta: debouncedFilters.citta.trim() || undefined,
    provincia: provincia || undefined,
    statoContoPagamenti: debouncedFilters.statoContoPagamenti
      ? Number(debouncedFilters.statoContoPagamenti)
      : undefined,
    portaleAttivo: debouncedFilters.portaleAttivo || undefined,
  };
  const { data, isFetching, isError, refetch } = useCondominiumsQuery(listQuery);
  const items = data?.items ?? [];
  const pagination = data?.pagination;
  const filterCount = Object.values(filters).filter((v) => v !== '').length;
  const filtered = Boolean(searchQuery) || filterCount > 0 || !managedOnly;
  const setFilter = (changes: Partial<AdvancedFilters>) => {
    setFilters((f) => ({ ...f, ...changes }));
    setPage(1);
  };

  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end">
        <ListSearchInput
          placeholder={t('searchPlaceholder')}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Switch
          label={t('managedOnly')}
          checked={managedOnly}
          onChange={(e) => {
            setManagedOnly(e.currentTarget.checked);
            setPage(1);
          }}
          mb={8}
        />
        <Button
          variant={filterCount > 0 ? 'light' : 'default'}
          leftSection={<IconAdjustments size={16} aria-hidden />}
          onClick={() => setShowFilters((v) => !v)}
          aria-expanded={showFilters}
        >
          {filterCount > 0 ? t('advancedFiltersActive', { count: filterCount }) : t('advancedFilters')}
        </Button>
        <ExportMenu endpoint={EsportaApi.condomini} query={listQuery} />
      </Group>
      <Collapse expanded={showFilters}>
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            <TextInput
              label={t('fields.citta')}
              value={filters.citta}
              onChange={(e) => setFilter({ citta: e.currentTarget.value })}
            />
            <TextInput
              label={t('fields.provincia')}
              value={filters.provincia}
              maxLength={2}
              onChange={(e) => setFilter({ provincia: e.currentTarget.value.toUpperCase() })}
            />
            <Select
              label={t('fields.statoContoPagamenti')}
              data={stateOptions}
              value={filters.statoContoPagamenti || null}
              onChange={(v) => setFilter({ statoContoPagamenti: v ?? '' })}
              clearable
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="portal-filter-label">
                {t('fields.portaleAttivo')}
              </Text>
              <SegmentedControl
                aria-labelledby="portal-filter-label"
                value={filters.portaleAttivo || 'any'}
                onChange={(v) => setFilter({ portaleAttivo: v === 'any' ? '' : (v as 'true' | 'false') })}
                data={[
                  { value: 'any', label: t('portalAny') },
                  { value: 'true', label: t('common:yes') },
                  { value: 'false', label: t('common:no') },
                ]}
              />
            </Stack>
          </SimpleGrid>
          <Group>
            <Button
              variant="subtle"
              size="xs"
              onClick={() => setFilter(noFilters)}
              disabled={filterCount === 0}
            >
              {t('clearFilters')}
            </Button>
          </Group>
        </Stack>
      </Collapse>
      {isError && (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text>{loadFailed}</Text>
            <Button size="xs" variant="dot" onClick={() => refetch()}>
              {t('common:retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {!data && isFetching && <Loader role="status" aria-label={t('common:loading')} />}
      {data && items.length === 0 && (
        <Center py="xl">
          <Stack align="center" gap="sm">
            <IconBuildingCommunity size={48} stroke={1.2} aria-hidden color="var(--mantine-color-gray-5)" />
            <Text fw={600}>{filtered ? t('empty') : t('emptyTitle')}</Text>
            {!filtered && <Text c="gray.7">{t('emptyText')}</Text>}
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onCreate}>
              {t('new')}
            </Button>
          </Stack>
        </Center>
      )}
      {items.length > 0 && (
        <>
          {pagination && (
            <Text size="sm" c="gray.7" aria-live="polite">
              {t('count', {
                count: pagination.totalCount,
                total: pagination.totalCapped
                  ? t('common:totalCapped', { count: pagination.totalCount.toLocaleString('it-IT') })
                  : pagination.totalCount.toLocaleString('it-IT'),
              })}
            </Text>
          )}
          <Table highlightOnHover aria-label={t('title')} aria-busy={isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columnName')}</Table.Th>
                {!narrow && <Table.Th>{t('columnCode')}</Table.Th>}
                <Table.Th>{t('columnCity')}</Table.Th>
                {!narrow && <Table.Th>{t('columnAccount')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <UnstyledButton
                      onClick={() => openDetails('condominio', item.id)}
                      fw={600}
                      c="brand.9"
                      td="underline"
                    >
                      {item.intestazione}
                    </UnstyledButton>
                    {item.indirizzo && (
                      <Text size="sm" c="gray.7">
                        {item.indirizzo}
                      </Text>
                    )}
                    {!item.gestito && (
                      <Badge size="sm" color="gray" variant="dot">
                        {t('notManaged')}
                      </Badge>
                    )}
                  </Table.Td>
                  {!narrow && <Table.Td>{item.codice}</Table.Td>}
                  <Table.Td>
                    {[item.citta, item.provincia && `(${item.provincia})`].filter(Boolean).join(' ')}
                  </Table.Td>
                  {!narrow && (
                    <Table.Td>
                      <Badge variant="dot" color={stateColor[item.statoContoPagamenti] ?? 'gray'}>
                        {paymentAccountStatusLabels[item.statoContoPagamenti as PaymentAccountStatus]}
                      </Badge>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <ListPagination pagination={pagination} page={page} onChange={setPage} narrow={narrow} />
        </>
      )}
    </Stack>
  );
}
