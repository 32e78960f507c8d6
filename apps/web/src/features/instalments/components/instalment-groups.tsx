import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Collapse,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  EsportaApi,
  FILTER_DEBOUNCE_MS,
  InstalmentGroupType,
  instalmentTypeLabels,
  SEARCH_MIN_LENGTH,
} from '@stabile/contract';
import { IconAdjustments } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../shared/hooks.ts';
import { useLoadFailedText } from '../../../shared/offline/use-offline.ts';
import { selectIsMobile } from '../../../shared/state/general-slice.ts';
import { ExportMenu } from '../../../shared/ui/export-menu.tsx';
import { LazyDateField } from '../../../shared/ui/lazy-date-field.tsx';
import { ListPagination } from '../../../shared/ui/list-pagination.tsx';
import { ListSearchInput } from '../../../shared/ui/list-search-input.tsx';
import { useOpenEntityDetails } from '../../../shared/ui/use-open-entity-details.ts';
import { euro, groupDrawerId } from '../format.ts';
import { type RataGroupItem, useRataEserciziQuery, useRataGroupsQuery } from '../instalments-api.ts';
import type { InstalmentFilters } from '../instalments-slice.ts';

const PAGE_SIZE = 15;

export interface InstalmentGroupsProps {
  filters: InstalmentFilters;
  onFiltersChange: (change: Partial<Omit<InstalmentFilters, 'pageNumber'>>) => void;
  onPageChange: (page: number) => void;
  /** Called when the grouping changes (the page closes any open drawer). */
  onGroupTypeChange?: () => void;
}

/**
 * The instalment groups of an exercise (POST /api/rata): grouping by registry or unit, search from 3
 * characters, type and only-expired filters, advanced filters, paging; totals of each group with the
 * overdue amount highlighted. A table on a desktop, cards on a phone.
 */
export function InstalmentGroups({
  filters,
  onFiltersChange,
  onPageChange,
  onGroupTypeChange,
}: InstalmentGroupsProps) {
  const { t } = useTranslation(['instalments', 'common']);
  const loadFailed = useLoadFailedText();
  const isMobile = useAppSelector(selectIsMobile);
  const [search, setSearch] = useState(filters.searchText);
  const [debounced] = useDebouncedValue(search.trim(), FILTER_DEBOUNCE_MS);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [advancedOpened, setAdvancedOpened] = useState(false);
  const exercises = useRataEserciziQuery(filters.condominioId ?? 0, { skip: !filters.condominioId });

  useEffect(() => {
    const term = debounced.length >= SEARCH_MIN_LENGTH ? debounced : '';
    if (term !== filters.searchText) onFiltersChange({ searchText: term });
  }, [debounced, filters.searchText, onFiltersChange]);

  // The first open exercise is chosen when the condominium changes.
  useEffect(() => {
    const first = exercises.data?.[0];
    if (filters.condominioId && !filters.esercizioId && first) onFiltersChange({ esercizioId: first.id });
  }, [exercises.data, filters.condominioId, filters.esercizioId, onFiltersChange]);

  const listBody = {
    esercizioID: filters.esercizioId ?? 0,
    tipo: filters.groupType,
    searchText: filters.searchText || null,
    gruppedTypeFilter: filters.tipoRata as 0 | 1 | 2 | 3 | null,
    expiredImportFilter: filters.onlyExpired,
    advanced: {
      soloDaVersare: filters.advanced.soloDaVersare,
      scadenzaEntro: filters.advanced.scadenzaEntro || null,
    },
  };
  const groups = useRataGroupsQuery(
    { body: listBody, query: { pageNumber: filters.pageNumber, pageSize: PAGE_SIZE } },
    { skip: !filters.esercizioId },
  );

  const typeOptions = [
    { value: '', label: t('allTypes') },
    ...Object.entries(instalmentTypeLabels).map(([value, label]) => ({ value, label })),
  ];
  const pagination = groups.data?.pagination;

  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label={t('esercizio')}
          placeholder={t('esercizioPlaceholder')}
          data={(exercises.data ?? []).map((e) => ({
            value: String(e.id),
            label: e.chiuso ? t('esercizioChiuso', { descr: e.descrizione }) : e.descrizione,
          }))}
          value={filters.esercizioId ? String(filters.esercizioId) : null}
          onChange={(value) => onFiltersChange({ esercizioId: value ? Number(value) : null })}
          disabled={!filters.condominioId}
          allowDeselect={false}
          w={{ base: '100%', sm: 240 }}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="instalments-group-by">
            {t('groupBy')}
          </Text>
          <SegmentedControl
            aria-labelledby="instalments-group-by"
            data={[
              { value: String(InstalmentGroupType.ByRegistry), label: t('byRegistry') },
              { value: String(InstalmentGroupType.ByUnit), label: t('byUnit') },
            ]}
            value={String(filters.groupType)}
            onChange={(value) => {
              onGroupTypeChange?.();
              onFiltersChange({ groupType: Number(value) as InstalmentGroupType });
            }}
          />
        </Stack>
        <ListSearchInput
          placeholder={t('searchPlaceholder')}
          value={search}
          onChange={setSearch}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Select
          label={t('tipoRata')}
          data={typeOptions}
          value={filters.tipoRata === null ? '' : String(filters.tipoRata)}
          onChange={(value) => onFiltersChange({ tipoRata: value ? Number(value) : null })}
          allowDeselect={false}
          w={{ base: '100%', sm: 180 }}
        />
        <Switch
          label={t('onlyExpired')}
          checked={filters.onlyExpired}
          onChange={(e) => onFiltersChange({ onlyExpired: e.currentTarget.checked })}
          mb={8}
        />
        <Button
          variant="subtle"
          leftSection={<IconAdjustments size={16} aria-hidden />}
          onClick={() => {
            setAdvancedOpen((open) => !open);
            setAdvancedOpened(true);
          }}
          aria-expanded={advancedOpen}
        >
          {t('advanced')}
        </Button>
        {filters.esercizioId && <ExportMenu endpoint={EsportaApi.rate} body={listBody} />}
      </Group>
      <Collapse expanded={advancedOpen}>
        <Group gap="md" align="flex-end">
          <Checkbox
            label={t('soloDaVersare')}
            checked={filters.advanced.soloDaVersare}
            onChange={(e) =>
              onFiltersChange({ advanced: { ...filters.advanced, soloDaVersare: e.currentTarget.checked } })
            }
          />
          {/* Its date field loads when the panel first opens. */}
          {advancedOpened && (
            <LazyDateField
              label={t('scadenzaEntro')}
              value={filters.advanced.scadenzaEntro}
              onChange={(value) =>
                onFiltersChange({ advanced: { ...filters.advanced, scadenzaEntro: value } })
              }
              clearable
            />
          )}
        </Group>
      </Collapse>

      {!filters.esercizioId && !exercises.isFetching && <Text c="dimmed">{t('chooseCondominium')}</Text>}
      {groups.isFetching && !groups.data && (
        <Loader size="sm" role="status" aria-label={t('common:loading')} />
      )}
      {groups.isError && (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text>{loadFailed}</Text>
            <Button size="xs" variant="light" onClick={() => groups.refetch()}>
              {t('common:retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {pagination && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {pagination.totalCapped
            ? t('common:totalCapped', { count: pagination.totalCount })
            : t('count', {
                count: pagination.totalCount,
                total: pagination.totalCount.toLocaleString('it-IT'),
              })}
        </Text>
      )}
      {groups.data && groups.data.items.length === 0 && <Text>{t('empty')}</Text>}
      {groups.data &&
        groups.data.items.length > 0 &&
        (isMobile ? <GroupCards items={groups.data.items} /> : <GroupTable items={groups.data.items} />)}
      <ListPagination
        pagination={pagination}
        page={filters.pageNumber}
        onChange={onPageChange}
        aria-label={t('pagination')}
        size="sm"
      />
    </Stack>
  );
}

function SubList({ item }: { item: RataGroupItem }) {
  return (
    <Text size="xs" c="gray.7">
      {item.subList.map((s) => `${s.name} (${s.roles.join(', ')})`).join(' · ')}
    </Text>
  );
}

function Overdue({ item }: { item: RataGroupItem }) {
  const { t } = useTranslation('instalments');
  if (!item.scaduta) return <Text size="sm">{euro(0)}</Text>;
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <Badge color="red" variant="light" size="sm">
        {t('overdueBadge')}
      </Badge>
      <Text size="sm" fw={700} c="red.9">
        {euro(item.importoScaduto)}
      </Text>
    </Group>
  );
}

function GroupTable({ items }: { items: RataGroupItem[] }) {
  const { t } = useTranslation('instalments');
  const open = useOpenEntityDetails();
  return (
    <Table highlightOnHover verticalSpacing="xs" aria-label={t('title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('colDescrizione')}</Table.Th>
          <Table.Th ta="right">{t('colDovuto')}</Table.Th>
          <Table.Th ta="right">{t('colVersato')}</Table.Th>
          <Table.Th ta="right">{t('colSaldo')}</Table.Th>
          <Table.Th ta="right">{t('colScaduto')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={`${item.type}-${item.id}`}>
            <Table.Td>
              <UnstyledButton
                onClick={() => open('rata', groupDrawerId(item))}
                aria-label={t('openGroup', { name: item.description })}
              >
                <Text fw={600} c="brand.8">
                  {item.description}
                </Text>
              </UnstyledButton>
              <SubList item={item} />
            </Table.Td>
            <Table.Td ta="right">{euro(item.dovuto)}</Table.Td>
            <Table.Td ta="right">{euro(item.versato)}</Table.Td>
            <Table.Td ta="right" fw={600}>
              {euro(item.saldo)}
            </Table.Td>
            <Table.Td ta="right">
              <Overdue item={item} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function GroupCards({ items }: { items: RataGroupItem[] }) {
  const { t } = useTranslation('instalments');
  const open = useOpenEntityDetails();
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => (
        <Card
          key={`${item.type}-${item.id}`}
          component="li"
          withBorder
          padding="sm"
          style={item.scaduta ? { borderColor: 'var(--mantine-color-red-4)' } : undefined}
        >
          <UnstyledButton
            onClick={() => open('rata', groupDrawerId(item))}
            aria-label={t('openGroup', { name: item.description })}
            w="100%"
          >
            <Stack gap={4}>
              <Text fw={600} c="brand.8">
                {item.description}
              </Text>
              <SubList item={item} />
              <Group justify="space-between">
                <Text size="sm">
                  {t('colSaldo')}: <b>{euro(item.saldo)}</b>
                </Text>
                <Overdue item={item} />
              </Group>
              <Text size="xs" c="gray.7">
                {t('colDovuto')} {euro(item.dovuto)} · {t('colVersato')} {euro(item.versato)}
              </Text>
            </Stack>
          </UnstyledButton>
        </Card>
      ))}
    </Stack>
  );
}
