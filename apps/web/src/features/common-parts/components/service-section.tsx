import { ActionIcon, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ServiceItem, useDeleteServiceMutation, usePartServicesQuery } from '../common-parts-api.ts';
import { italianDate } from '../format.ts';
import { LayerModal } from '../layer-modal.tsx';
import { ServiceFormModal } from './service-form-modal.tsx';

export interface ServiceSectionProps {
  condominioId: number;
  parteComuneId: number;
}

/** The services of a common part, with add, edit and delete (confirmed). */
export function ServiceSection({ condominioId, parteComuneId }: ServiceSectionProps) {
  const { t } = useTranslation(['commonParts', 'common']);
  const { data, isLoading } = usePartServicesQuery({ condominioId, parteComuneId });
  const [editing, setEditing] = useState<{ service: ServiceItem | null } | null>(null);
  const [deleting, setDeleting] = useState<ServiceItem | null>(null);
  const [remove, removal] = useDeleteServiceMutation();

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await remove({
      condominioId,
      id: deleting.id,
      parteComuneId,
      objVersion: deleting.objVersion,
    });
    setDeleting(null);
    if (!('error' in result)) notifications.show({ color: 'green', message: t('services.deleted') });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="common-part-services">
      <Group justify="space-between">
        <Title order={3} fz="h4" id="common-part-services">
          {t('services.title')}
        </Title>
        <Button
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setEditing({ service: null })}
        >
          {t('services.add')}
        </Button>
      </Group>
      {isLoading && <Loader size="sm" role="status" aria-label={t('common:loading')} />}
      {data && data.length === 0 && <Text c="gray.7">{t('services.empty')}</Text>}
      {data?.map((s) => (
        <Card key={s.id} withBorder padding="sm" component="article" aria-label={s.descrizione}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2}>
              <Text fw={600}>{s.descrizione}</Text>
              <Text size="sm" c="gray.7">
                {[
                  s.tipoServizioDescr,
                  s.fornitoreDescr ?? t('services.noProvider'),
                  s.periodicitaMesi ? t('services.every', { count: s.periodicitaMesi }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              <Text size="sm">
                {[
                  s.dataUltima ? t('services.last', { date: italianDate(s.dataUltima) }) : null,
                  s.prossimaScadenza ? t('services.next', { date: italianDate(s.prossimaScadenza) }) : null,
                  s.riferimentoContratto ? t('services.contract', { ref: s.riferimentoContratto }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              {s.note && (
                <Text size="sm" c="gray.7">
                  {s.note}
                </Text>
              )}
            </Stack>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={t('services.edit', { name: s.descrizione })}
                onClick={() => setEditing({ service: s })}
              >
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('services.delete', { name: s.descrizione })}
                onClick={() => setDeleting(s)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        </Card>
      ))}
      <ServiceFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        condominioId={condominioId}
        parteComuneId={parteComuneId}
        service={editing?.service ?? null}
      />
      <LayerModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('services.confirmDeleteTitle')}
      >
        <Text mb="md">{t('services.confirmDeleteText', { name: deleting?.descrizione ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t('common:cancel')}
          </Button>
          <Button color="red" loading={removal.isLoading} onClick={() => void confirmDelete()}>
            {t('delete')}
          </Button>
        </Group>
      </LayerModal>
    </Stack>
  );
}
