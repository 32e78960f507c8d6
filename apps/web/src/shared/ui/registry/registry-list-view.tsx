import { Alert, Button, Center, Group, Loader, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { RegistryListItem } from '@stabile/contract';
import { IconAddressBook, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../api/api-types.ts';
import { useLoadFailedText } from '../../offline/use-offline.ts';
import { ListPagination } from '../list-pagination.tsx';
import { ListSearchInput } from '../list-search-input.tsx';

export interface RegistryListViewProps {
  /** i18n namespace of the list: its title, empty state, count and search placeholder. */
  ns: 'contacts' | 'providers';
  /** The identifier column: fiscal code for contacts, VAT number for providers. */
  idColumn: 'codiceFiscale' | 'partitaIva';
  search: string;
  onSearchChange: (text: string) => void;
  /** The search actually sent ('' = none): the empty state says "no results" only for a search. */
  searchQuery: string;
  page: number;
  onPageChange: (page: number) => void;
  data: Page<RegistryListItem> | undefined;
  isFetching: boolean;
  isError: boolean;
  onRetry: () => void;
  onOpen: (id: number) => void;
  onCreate: () => void;
  /** Filters shown under the search (providers: activity type and DURC). */
  filters?: ReactNode;
  /** A filter is chosen: an empty list then says "no results", not "nothing yet". */
  filtered?: boolean;
}

/** A list of contacts or providers: search, count, table (narrower on a phone), paging, empty state. */
export function RegistryListView({
  ns,
  idColumn,
  search,
  onSearchChange,
  searchQuery,
  page,
  onPageChange,
  data,
  isFetching,
  isError,
  onRetry,
  onOpen,
  onCreate,
  filters,
  filtered = false,
}: RegistryListViewProps) {
  const { t } = useTranslation([ns, 'contacts', 'common']);
  const loadFailed = useLoadFailedText();
  const narrow = useMediaQuery('(max-width: 48em)');
  const items = data?.items ?? [];
  const pagination = data?.pagination;
  const narrowed = Boolean(searchQuery) || filtered;

  return (
    <Stack gap="md">
      <ListSearchInput placeholder={t(`${ns}:searchPlaceholder`)} value={search} onChange={onSearchChange} />
      {filters}
      {isError && (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text>{loadFailed}</Text>
            <Button size="xs" variant="light" onClick={onRetry}>
              {t('common:retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {!data && isFetching && <Loader role="status" aria-label={t('common:loading')} />}
      {data && items.length === 0 && (
        <Center py="xl">
          <Stack align="center" gap="sm">
            <IconAddressBook size={48} stroke={1.2} aria-hidden color="var(--mantine-color-gray-5)" />
            <Text fw={600}>{narrowed ? t('common:noResults') : t(`${ns}:emptyTitle`)}</Text>
            {!narrowed && <Text c="gray.7">{t(`${ns}:emptyText`)}</Text>}
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onCreate}>
              {t(`${ns}:new`)}
            </Button>
          </Stack>
        </Center>
      )}
      {items.length > 0 && (
        <>
          {pagination && (
            <Text size="sm" c="gray.7" aria-live="polite">
              {t(`${ns}:count`, {
                count: pagination.totalCount,
                total: pagination.totalCapped
                  ? t('common:totalCapped', { count: pagination.totalCount })
                  : pagination.totalCount.toLocaleString('it-IT'),
              })}
            </Text>
          )}
          <Table highlightOnHover aria-label={t(`${ns}:title`)} aria-busy={isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('contacts:fields.descr')}</Table.Th>
                {!narrow && <Table.Th>{t(`contacts:fields.${idColumn}`)}</Table.Th>}
                <Table.Th>{t('contacts:fields.citta')}</Table.Th>
                {!narrow && <Table.Th>{t('contacts:fields.telefono1')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <UnstyledButton onClick={() => onOpen(item.id)} fw={600} c="brand.9" td="underline">
                      {item.descr}
                    </UnstyledButton>
                  </Table.Td>
                  {!narrow && <Table.Td>{item[idColumn]}</Table.Td>}
                  <Table.Td>
                    {[item.citta, item.provincia && `(${item.provincia})`].filter(Boolean).join(' ')}
                  </Table.Td>
                  {!narrow && <Table.Td>{item.telefono1}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <ListPagination pagination={pagination} page={page} onChange={onPageChange} narrow={narrow} />
        </>
      )}
    </Stack>
  );
}
