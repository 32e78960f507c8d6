import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  CommonPartCategory,
  commonPartCategoryLabels,
  EsportaApi,
  environmentTypeLabels,
  environmentTypes,
  FILTER_DEBOUNCE_MS,
  plantTypeLabels,
  plantTypes,
  SEARCH_MIN_LENGTH,
} from '@stabile/contract';
import { IconPlus, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks.ts';
import { useLoadFailedText } from '../../../shared/offline/use-offline.ts';
import { ExportMenu } from '../../../shared/ui/export-menu.tsx';
import { ListPagination } from '../../../shared/ui/list-pagination.tsx';
import { ListSearchInput } from '../../../shared/ui/list-search-input.tsx';
import { useOpenEntityDetails } from '../../../shared/ui/use-open-entity-details.ts';
import { type CommonPartItem, useCommonPartsQuery, useCondominiumOptionsQuery } from '../common-parts-api.ts';
import {
  commonPartsFiltersChanged,
  commonPartsPageChanged,
  selectCommonPartsFilters,
} from '../common-parts-slice.ts';
import { detailId, kindOfCategory } from '../detail-ref.ts';

export interface CommonPartListProps {
  onAddPlant: () => void;
  onAddEnvironment: () => void;
}

/** /commonParts: search, filters (condominium, category, type), the list (cards on a phone), paging. */
export function CommonPartList({ onAddPlant, onAddEnvironment }: CommonPartListProps) {
  const { t } = useTranslation(['commonParts', 'common']);
  const loadFailed = useLoadFailedText();
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectCommonPartsFilters);
  const narrow = useMediaQuery('(max-width: 48em)');
  const open = useOpenEntityDetails();
  const condominiums = useCondominiumOptionsQuery();
  const [debounced] = useDebouncedValue(filters.searchText.trim(), FILTER_DEBOUNCE_MS);
  const searchQuery = debounced.length >= SEARCH_MIN_LENGTH ? debounced : '';
  const listQuery = {
    pageNumber: filters.pageNumber,
    pageSize: 15,
    ...(searchQuery ? { searchQuery } : {}),
    ...(filters.condominioID !== null ? { condominioID: filters.condominioID } : {}),
    ...(filters.categoria !== null ? { categoria: filters.categoria } : {}),
    ...(filters.categoria !== null && filters.tipo !== null ? { tipo: filters.tipo } : {}),
  };
  const { data, isFetching, isError, refetch } = useCommonPartsQuery(listQuery);
  const items = data?.items ?? [];
  const pagination = data?.pagination;
  const filtered = Boolean(searchQuery || filters.condominioID !== null || filters.categoria !== null);
  const typeOptions =
    filters.categoria === CommonPartCategory.Plant
      ? plantTypes.map((v) => ({ value: String(v), label: plantTypeLabels[v] }))
      : filters.categoria === CommonPartCategory.Environment
        ? environmentTypes.map((v) => ({ value: String(v), label: environmentTypeLabels[v] }))
        : [];
  const openItem = (item: CommonPartItem) =>
    open(kindOfCategory(item.categoria), detailId(item.condominioID, item.id));
  const toNumber = (value: string | null) => (value === null || value === '' ? null : Number(value));

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <ListSearchInput
          placeholder={t('searchPlaceholder')}
          value={filters.searchText}
          onChange={(searchText) => dispatch(commonPartsFiltersChanged({ searchText }))}
        />
        <Select
          label={t('filters.condominio')}
          placeholder={t('filters.all')}
          searchable
          clearable
          data={(condominiums.data ?? []).map((c) => ({ value: String(c.id), label: c.intestazione }))}
          value={filters.condominioID === null ? null : String(filters.condominioID)}
          onChange={(v) => dispatch(commonPartsFiltersChanged({ condominioID: toNumber(v) }))}
        />
        <Select
          label={t('filters.categoria')}
          placeholder={t('filters.allCategories')}
          clearable
          data={[0, 1].map((v) => ({ value: String(v), label: commonPartCategoryLabels[v as 0 | 1] }))}
          value={filters.categoria === null ? null : String(filters.categoria)}
          onChange={(v) => dispatch(commonPartsFiltersChanged({ categoria: toNumber(v) }))}
        />
        <Select
          label={t('filters.tipo')}
          placeholder={t('filters.all')}
          clearable
          searchable
          disabled={filters.categoria === null}
          data={typeOptions}
          value={filters.tipo === null ? null : String(filters.tipo)}
          onChange={(v) => dispatch(commonPartsFiltersChanged({ tipo: toNumber(v) }))}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <ExportMenu endpoint={EsportaApi.partiComuni} query={listQuery} />
      </Group>
      {isError && (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text>{loadFailed}</Text>
            <Button size="xs" variant="light" onClick={() => void refetch()}>
              {t('common:retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {!data && isFetching && <Loader role="status" aria-label={t('common:loading')} />}
      {data && items.length === 0 && (
        <Center py="xl">
          <Stack align="center" gap="sm">
            <IconTool size={48} stroke={1.2} aria-hidden color="var(--mantine-color-gray-5)" />
            <Text fw={600}>{filtered ? t('common:noResults') : t('emptyTitle')}</Text>
            {!filtered && (
              <Text c="gray.7" ta="center">
                {t('emptyText')}
              </Text>
            )}
            <Group gap="sm" justify="center">
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAddPlant}>
                {t('addPlant')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={onAddEnvironment}
              >
                {t('addEnvironment')}
              </Button>
            </Group>
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
                  ? t('common:totalCapped', { count: pagination.totalCount })
                  : pagination.totalCount.toLocaleString('it-IT'),
              })}
            </Text>
          )}
          {narrow ? (
            <Stack gap="xs" aria-label={t('title')} aria-busy={isFetching} role="list">
              {items.map((item) => (
                <Card key={item.id} withBorder padding="sm" role="listitem">
                  <UnstyledButton
                    onClick={() => openItem(item)}
                    aria-label={t('open', { name: item.denominazione })}
                  >
                    <Text fw={600} c="brand.9" td="underline">
                      {item.denominazione}
                    </Text>
                  </UnstyledButton>
                  <Text size="sm" c="gray.7">
                    {item.intestazioneCondominio}
                  </Text>
                  <Group gap={6} mt={4}>
                    <Badge variant="light" size="sm">
                      {item.tipoDescr}
                    </Badge>
                    {item.ubicazione && <Text size="sm">{item.ubicazione}</Text>}
                  </Group>
                </Card>
              ))}
            </Stack>
          ) : (
            <Table highlightOnHover aria-label={t('title')} aria-busy={isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.denominazione')}</Table.Th>
                  <Table.Th>{t('fields.condominio')}</Table.Th>
                  <Table.Th>{t('fields.tipo')}</Table.Th>
                  <Table.Th>{t('fields.categoria')}</Table.Th>
                  <Table.Th>{t('fields.ubicazione')}</Table.Th>
                  <Table.Th>{t('fields.note')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <UnstyledButton onClick={() => openItem(item)} fw={600} c="brand.9" td="underline">
                        {item.denominazione}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>{item.intestazioneCondominio}</Table.Td>
                    <Table.Td>{item.tipoDescr}</Table.Td>
                    <Table.Td>{commonPartCategoryLabels[item.categoria as 0 | 1]}</Table.Td>
                    <Table.Td>{item.ubicazione}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={1}>
                        {item.note}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <ListPagination
            pagination={pagination}
            page={filters.pageNumber}
            onChange={(p) => dispatch(commonPartsPageChanged(p))}
            narrow={narrow}
          />
        </>
      )}
    </Stack>
  );
}
