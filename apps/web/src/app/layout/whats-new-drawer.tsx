import { Badge, Button, Drawer, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { type EndpointData, SystemApi } from '@stabile/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api.ts';
import { requestOf } from '../../shared/api/endpoint-request.ts';

const changelogApi = api.injectEndpoints({
  endpoints: (build) => ({
    changelog: build.query<EndpointData<typeof SystemApi.changelog>, void>({
      query: () => requestOf(SystemApi.changelog, {}),
      // A missing changelog is not worth a toast: the panel says so itself.
      extraOptions: { handledCodes: 'all' },
    }),
  }),
});

export interface WhatsNewDrawerProps {
  opened: boolean;
  onClose: () => void;
}

export function WhatsNewDrawer({ opened, onClose }: WhatsNewDrawerProps) {
  const { t } = useTranslation('layout');
  const { data, isLoading, isError, refetch } = changelogApi.useChangelogQuery(undefined, { skip: !opened });
  const dateFormat = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric' });
  const formatDate = (value: string) => {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
  };

  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t('whatsNewTitle')} size="md">
      {isLoading && <Loader size="sm" role="status" aria-label={t('updatingLastAccess')} />}
      {isError && (
        <Group justify="space-between">
          <Text c="dimmed">{t('whatsNewError')}</Text>
          <Button size="xs" variant="light" onClick={() => void refetch()}>
            {t('common:retry')}
          </Button>
        </Group>
      )}
      {data && data.length === 0 && <Text c="dimmed">{t('whatsNewEmpty')}</Text>}
      <Stack gap="lg">
        {data?.map((entry) => (
          <Stack key={entry.versione} gap={6} component="section">
            <Group gap="xs">
              <Badge variant="light">{entry.versione}</Badge>
              <Text size="sm" c="dimmed">
                {formatDate(entry.data)}
              </Text>
            </Group>
            <Title order={2} fz="h5">
              {entry.titolo}
            </Title>
            <List size="sm" spacing={4}>
              {entry.voci.map((voce) => (
                <List.Item key={voce}>{voce}</List.Item>
              ))}
            </List>
          </Stack>
        ))}
      </Stack>
    </Drawer>
  );
}
