import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_MIN_LENGTH } from '@stabile/contract';
import { IconBuildingCommunity, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCondominiumsOverviewQuery } from '../condominiums-api.ts';

const normalize = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The archive's condominiums (GET /api/condominio/lista), filtered locally from 3 characters. */
export function CondominiumList() {
  const { t } = useTranslation(['condominiums', 'common']);
  const [search, setSearch] = useState('');
  const [managedOnly, setManagedOnly] = useState(true);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const { data, isLoading, isError, refetch } = useCondominiumsOverviewQuery({ gestiti: managedOnly });

  const term = debounced.length >= SEARCH_MIN_LENGTH ? normalize(debounced) : '';
  const rows = (data ?? []).filter(
    (item) =>
      !term || normalize(`${item.intestazione} ${item.indirizzo ?? ''} ${item.citta ?? ''}`).includes(term),
  );

  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end">
        <TextInput
          label={t('common:search')}
          placeholder={t('searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Switch
          label={t('managedOnly')}
          checked={managedOnly}
          onChange={(e) => setManagedOnly(e.currentTarget.checked)}
        />
      </Group>
      {isLoading && <Loader role="status" aria-label={t('common:loading')} />}
      {isError && (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text>{t('common:loadingFailed')}</Text>
            <Button size="xs" variant="light" onClick={() => refetch()}>
              {t('common:retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {data && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('count', { count: rows.length })}
        </Text>
      )}
      {data && rows.length === 0 && <Text>{t('empty')}</Text>}
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {rows.map((item) => (
          <Card key={item.id} withBorder radius="md" padding="md" component="li">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <IconBuildingCommunity
                size={24}
                stroke={1.5}
                aria-hidden
                color="var(--mantine-color-brand-6)"
              />
              <Stack gap={2} miw={0}>
                <Text fw={600}>{item.intestazione}</Text>
                {(item.indirizzo || item.citta) && (
                  <Text size="sm" c="dimmed">
                    {[item.indirizzo, item.citta].filter(Boolean).join(' – ')}
                  </Text>
                )}
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
