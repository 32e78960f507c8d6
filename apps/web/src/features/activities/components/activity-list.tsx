import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Collapse,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  type ActivityListItem,
  ActivityOrder,
  activityOrderLabels,
  activityOrders,
  ClosedVisibilityDays,
  EsportaApi,
  FILTER_DEBOUNCE_MS,
  SEARCH_MIN_LENGTH,
} from '@stabile/contract';
import { IconBellRinging, IconClipboardList, IconEyeOff, IconFilter, IconPlus } from '@tabler/icons-react';
import {
  type ComponentType,
  memo,
  type ReactNode,
  Suspense,
  startTransition,
  useDeferredValue,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PendingBadge } from '../../../shared/offline/pending-badge.tsx';
import { useLoadFailedText } from '../../../shared/offline/use-offline.ts';
import { ExportMenu } from '../../../shared/ui/export-menu.tsx';
import { lazyNamed } from '../../../shared/ui/lazy-named.ts';
import { ListPagination } from '../../../shared/ui/list-pagination.tsx';
import { ListSearchInput } from '../../../shared/ui/list-search-input.tsx';
import { useOpenEntityDetails } from '../../../shared/ui/use-open-entity-details.ts';
import {
  useActivitiesQuery,
  useActivitySettingsQuery,
  useSaveActivitySettingsMutation,
} from '../activities-api.ts';
import { italianCount, italianDate } from '../format.ts';
import { DueBadge, PriorityBadge, StateBadge } from './activity-badges.tsx';
import {
  type ActivityFilterValues,
  activeFilterCount,
  emptyFilters,
  filterParams,
} from './activity-filter-values.ts';

// Loaded when the filters first open: the list's first load carries only their values.
const ActivityFilters = lazyNamed(() => import('./activity-filters.tsx'), 'ActivityFilters');

type Tab = 'open' | 'suspended' | 'closed' | 'all';
const TAB_STATE: Record<Tab, string | undefined> = { open: '1', suspended: '2', closed: '0', all: undefined };

/** Tab, order, page and filters live in the URL (`?scheda=chiuse&ordine=…&priorita=4`): kept on reload and linkable. */
const TAB_PARAM: Record<Tab, string | null> = {
  open: null,
  suspended: 'sospese',
  closed: 'chiuse',
  all: 'tutte',
};

function tabFrom(params: URLSearchParams): Tab {
  const value = params.get('scheda');
  return (Object.keys(TAB_PARAM) as Tab[]).find((tab) => TAB_PARAM[tab] === value) ?? 'open';
}

function orderFrom(params: URLSearchParams): ActivityOrder {
  const value = params.get('ordine');
  return (activityOrders as readonly string[]).includes(value ?? '')
    ? (value as ActivityOrder)
    : ActivityOrder.Newest;
}

function filtersFrom(params: URLSearchParams): ActivityFilterValues {
  const values = { ...emptyFilters } as Record<string, string | boolean>;
  for (const [key, empty] of Object.entries(emptyFilters)) {
    const value = params.get(key);
    if (value === null) continue;
    values[key] = typeof empty === 'boolean' ? value === 'true' : value;
  }
  return values as unknown as ActivityFilterValues;
}

function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('pagina'))) || 1);
  // Built on the live address, as the drawer's parameter is (entity-drawer.tsx): the router's copy can
  // lag behind a drawer just closed, and writing it back would reopen the drawer.
  const update = (changes: { tab?: Tab; order?: string; page?: number; filters?: ActivityFilterValues }) => {
    const current = window.location.search.replace(/^\?/, '');
    const next = new URLSearchParams(current);
    const put = (key: string, value: string | null) =>
      value === null || value === '' ? next.delete(key) : next.set(key, value);
    if (changes.tab !== undefined) put('scheda', TAB_PARAM[changes.tab]);
    if (changes.order !== undefined)
      put('ordine', changes.order === ActivityOrder.Newest ? null : changes.order);
    if (changes.filters) {
      for (const key of Object.keys(emptyFilters)) next.delete(key);
      for (const [key, value] of Object.entries(filterParams(changes.filters))) next.set(key, value);
    }
    if (changes.page !== undefined) put('pagina', changes.page > 1 ? String(changes.page) : null);
    if (next.toString() !== new URLSearchParams(current).toString()) setParams(next, { replace: true });
  };
  return { tab: tabFrom(params), order: orderFrom(params), page, filters: filtersFrom(params), update };
}

export interface ActivityListProps {
  onCreate: () => void;
}

/** The activities: status tabs, search, filters, ordering, paging; a row opens the drawer. */
export function ActivityList({ onCreate }: ActivityListProps) {
  const { t } = useTranslation(['activities', 'common']);
  const loadFailed = useLoadFailedText();
  const { tab, order, page, filters, update } = useListParams();
  const [search, setSearch] = useState('');
  // A link from the condominium drawer opens the list filtered on that condominium (?condGenID=).
  const [showFilters, setShowFilters] = useState(filters.condGenID !== '');
  // The panel (its selects' lists, its date fields) is mounted when it first opens.
  const [filtersOpened, setFiltersOpened] = useState(showFilters);
  const setPage = (value: number) => update({ page: value });
  const [debounced] = useDebouncedValue(search.trim(), FILTER_DEBOUNCE_MS);
  const searchQuery = debounced.length >= SEARCH_MIN_LENGTH ? debounced : '';
  // One object per distinct query: a new object at every render would make the deferred value below
  // schedule one more render of the whole list after each render.
  const filterKey = JSON.stringify(filterParams(filters));
  const liveQuery = useMemo(
    () => ({
      pageNumber: page,
      pageSize: 15,
      orderBy: order as ActivityOrder,
      ...(TAB_STATE[tab] ? { stato: TAB_STATE[tab] as unknown as number } : {}),
      ...(searchQuery ? { searchQuery } : {}),
      ...(JSON.parse(filterKey) as Record<string, string>),
    }),
    [page, order, tab, searchQuery, filterKey],
  );
  const query = useDeferredValue(liveQuery);
  const { data, isFetching, isError, refetch } = useActivitiesQuery(query);
  const settings = useActivitySettingsQuery();
  const [saveSettings] = useSaveActivitySettingsMutation();
  const narrow = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const open = useOpenEntityDetails();
  const items = data?.items ?? [];
  const pagination = data?.pagination;
  const filterCount = activeFilterCount(filters);
  const filtered = filterCount > 0 || searchQuery !== '';

  const changeFilters = (values: ActivityFilterValues) =>
    startTransition(() => {
      update({ filters: values, page: 1 });
    });

  return (
    <Stack gap="md">
      <Tabs
        value={tab}
        onChange={(v) =>
          startTransition(() => {
            update({ tab: (v as Tab) ?? 'open', page: 1 });
          })
        }
      >
        <Tabs.List aria-label={t('tabsLabel')}>
          {(['open', 'suspended', 'closed', 'all'] as const).map((key) => (
            <Tabs.Tab key={key} value={key}>
              {t(`tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <ListSearchInput
          placeholder={t('searchPlaceholder')}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          style={{ flex: '1 1 260px' }}
        />
        <Select
          label={t('orderBy')}
          data={activityOrders.map((o) => ({ value: o, label: activityOrderLabels[o] }))}
          value={searchQuery ? ActivityOrder.Newest : order}
          // During a search the order is the newest first; the count line says so. Not a description
          // here: it made the row taller while searching, and the buttons beside it moved under the
          // pointer when the search was cleared.
          disabled={searchQuery !== ''}
          onChange={(v) => startTransition(() => update({ order: v ?? ActivityOrder.Newest, page: 1 }))}
          allowDeselect={false}
          // Its options mount when it opens, not hidden with the page (and Floating UI's placing of them).
          comboboxProps={{ keepMounted: false }}
          w={190}
        />
        <Button
          variant={filterCount > 0 ? 'light' : 'default'}
          leftSection={<IconFilter size={16} aria-hidden />}
          onClick={() => {
            setShowFilters((v) => !v);
            setFiltersOpened(true);
          }}
          aria-expanded={showFilters}
        >
          {filterCount > 0 ? t('filtersActive', { count: filterCount }) : t('filters')}
        </Button>
        <ExportMenu endpoint={EsportaApi.attivita} query={query} />
        {tab === 'closed' && settings.data && (
          <Select
            label={t('settings')}
            data={ClosedVisibilityDays.map((d) => ({
              value: String(d),
              label: d === 0 ? t('settingsAlways') : t('settingsDays', { count: d }),
            }))}
            value={String(settings.data.giorniChiuseVisibili)}
            onChange={(v) =>
              saveSettings({
                giorniChiuseVisibili: Number(v ?? 30),
                perCondominio: settings.data?.perCondominio ?? [],
              })
            }
            allowDeselect={false}
            w={170}
          />
        )}
      </Group>
      <Collapse expanded={showFilters}>
        <Card withBorder padding="sm">
          {filtersOpened && (
            <Suspense fallback={<Loader size="sm" role="status" aria-label={t('common:loading')} />}>
              <ActivityFilters values={filters} onChange={changeFilters} />
            </Suspense>
          )}
        </Card>
      </Collapse>
      {isError && (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text>{loadFailed}</Text>
            <Button size="xs" variant="light" onClick={() => refetch()}>
              {t('common:retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {!data && isFetching && <Loader role="status" aria-label={t('common:loading')} />}
      {data && items.length === 0 && (
        <Center py="xl">
          <Stack align="center" gap="sm" maw={420} ta="center">
            <IconClipboardList size={48} stroke={1.2} aria-hidden color="var(--mantine-color-gray-5)" />
            <Text fw={600}>{filtered ? t('common:noResults') : t(`empty.${tab}`)}</Text>
            <Text c="gray.7">{filtered ? t('empty.filtered') : t(`empty.${tab}Text`)}</Text>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onCreate}>
              {t('new')}
            </Button>
          </Stack>
        </Center>
      )}
      {items.length > 0 && (
        <AfterUrgentRender>
          {pagination && (
            <Text size="sm" c="gray.7" aria-live="polite">
              {t('count', {
                count: pagination.totalCount,
                total: pagination.totalCapped
                  ? t('common:totalCapped', { count: italianCount(pagination.totalCount) })
                  : italianCount(pagination.totalCount),
              })}
              {searchQuery && ` · ${t('orderDuringSearch')}`}
            </Text>
          )}
          {narrow ? (
            <Stack gap="xs" aria-busy={isFetching}>
              <Rows items={items} onOpen={open} Row={ActivityCard} />
            </Stack>
          ) : (
            <Table highlightOnHover aria-label={t('title')} aria-busy={isFetching} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.numeroPratica')}</Table.Th>
                  <Table.Th>{t('fields.titolo')}</Table.Th>
                  <Table.Th>{t('fields.condominio')}</Table.Th>
                  <Table.Th>{t('fields.priorita')}</Table.Th>
                  <Table.Th>{t('fields.stato')}</Table.Th>
                  <Table.Th>{t('fields.dataApertura')}</Table.Th>
                  <Table.Th>{t('fields.gestore')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Rows items={items} onOpen={open} Row={ActivityRow} />
              </Table.Tbody>
            </Table>
          )}
          <ListPagination
            pagination={pagination}
            page={page}
            onChange={(p) => startTransition(() => setPage(p))}
            narrow={narrow}
          />
        </AfterUrgentRender>
      )}
    </Stack>
  );
}

type OpenDetails = (kind: string, id: number) => unknown;
type RowProps = { item: ActivityListItem; onOpen: OpenDetails };

/**
 * The results (count, rows, pages) mount together in a background (interruptible) render: an answer
 * arrives through the store as an urgent update, and mounting a page of rows in one go blocks a
 * phone's main thread for hundreds of milliseconds. Together, so that the pages do not jump down as
 * the rows arrive. Below the list's store subscriptions, so that a store change during the background
 * render does not force it to start again in one go.
 */
function AfterUrgentRender({ children }: { children: ReactNode }) {
  return useDeferredValue(true, false) ? children : null;
}

/** A new page of rows (another tab, page or filter) renders in the background too. */
function Rows({
  items,
  onOpen,
  Row,
}: {
  items: ActivityListItem[];
  onOpen: OpenDetails;
  Row: ComponentType<RowProps>;
}) {
  const shown = useDeferredValue(items);
  return shown.map((item) => <Row key={item.id} item={item} onOpen={onOpen} />);
}

/** One row of the table; memoized: a new answer or a fetch flag re-renders only the rows that changed. */
const ActivityRow = memo(function ActivityRow({ item, onOpen }: RowProps) {
  return (
    <Table.Tr>
      <Table.Td>{item.numeroPratica}</Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <TitleLink item={item} onOpen={onOpen} />
          <Group gap={4}>
            <DueBadge due={item.dataConcludereEntro} stato={item.stato} />
            <Flags item={item} />
          </Group>
        </Stack>
      </Table.Td>
      <Table.Td>{item.intestazioneCondominio}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <PriorityBadge priorita={item.priorita} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <StateBadge stato={item.stato} />
        <PendingBadge activityId={item.id} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{italianDate(item.dataApertura)}</Table.Td>
      <Table.Td>{item.gestore}</Table.Td>
    </Table.Tr>
  );
});

/** The activity's title, opening its drawer: in a row of the table and on a card. */
function TitleLink({ item, onOpen }: RowProps) {
  return (
    <UnstyledButton
      onClick={() => onOpen('attivita', item.id)}
      fw={600}
      c="brand.9"
      td="underline"
      style={{ overflowWrap: 'anywhere' }}
    >
      {item.titolo}
    </UnstyledButton>
  );
}

function Flags({ item }: { item: ActivityListItem }) {
  const { t } = useTranslation('activities');
  return (
    <>
      {item.avvisi && (
        <Badge color="grape" variant="light" leftSection={<IconBellRinging size={12} aria-hidden />}>
          {t('notices')}
        </Badge>
      )}
      {item.nascosta && (
        <Badge color="gray" variant="light" leftSection={<IconEyeOff size={12} aria-hidden />}>
          {t('hidden')}
        </Badge>
      )}
    </>
  );
}

const ActivityCard = memo(function ActivityCard({ item, onOpen }: RowProps) {
  const { t } = useTranslation('activities');
  return (
    <Card withBorder padding="sm" component="article">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" c="gray.7">
            {t('detail.header', { numero: item.numeroPratica })} · {italianDate(item.dataApertura)}
          </Text>
          <PriorityBadge priorita={item.priorita} />
        </Group>
        <TitleLink item={item} onOpen={onOpen} />
        <Text size="sm">{item.intestazioneCondominio}</Text>
        <Group gap={4}>
          <StateBadge stato={item.stato} />
          <PendingBadge activityId={item.id} />
          <DueBadge due={item.dataConcludereEntro} stato={item.stato} />
          <Flags item={item} />
        </Group>
      </Stack>
    </Card>
  );
});
