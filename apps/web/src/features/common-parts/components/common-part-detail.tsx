import { Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { commonPartCategoryLabels } from '@stabile/contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../shared/hooks.ts';
import { EntityDrawerError } from '../../../shared/ui/entity-drawer-error.tsx';
import { type CommonPartKind, useCommonPartQuery, useDeleteCommonPartMutation } from '../common-parts-api.ts';
import { currentEnvironmentSet, currentImplantSet } from '../common-parts-slice.ts';
import { italianDate } from '../format.ts';
import { LayerModal } from '../layer-modal.tsx';
import { CommonPartFormModal } from './common-part-form-modal.tsx';
import { ServiceSection } from './service-section.tsx';

export interface CommonPartDetailProps {
  kind: CommonPartKind;
  condominioId: number;
  id: number;
  onClose: () => void;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <Stack gap={0}>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/**
 * The drawer of a plant or an environment: header (condominium, name, type, category), its data,
 * edit and delete, and its services. While open it is the current part of its kind (and the other
 * kind's current part is cleared).
 */
export function CommonPartDetail({ kind, condominioId, id, onClose }: CommonPartDetailProps) {
  const { t } = useTranslation(['commonParts', 'common']);
  const dispatch = useAppDispatch();
  const { data, isLoading, isError, refetch } = useCommonPartQuery(
    { kind, condominioId, id },
    { refetchOnMountOrArgChange: true },
  );
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [remove, removal] = useDeleteCommonPartMutation();

  useEffect(() => {
    const set = kind === 'impianto' ? currentImplantSet : currentEnvironmentSet;
    dispatch(set(id));
    return () => {
      dispatch(set(null));
    };
  }, [dispatch, kind, id]);

  if (isLoading) return <Text c="gray.7">{t('common:loading')}</Text>;
  if (isError || !data) return <EntityDrawerError onRetry={refetch} />;

  const confirmDelete = async () => {
    const result = await remove({ kind, condominioId, id, objVersion: data.objVersion });
    setDeleting(false);
    if ('error' in result) return;
    notifications.show({ color: 'green', message: t('deleted') });
    onClose();
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" c="gray.7">
          {data.intestazioneCondominio}
        </Text>
        <Title order={2} fz="h3">
          {data.denominazione}
        </Title>
        <Group gap="xs">
          <Badge variant="light">{data.tipoDescr}</Badge>
          <Badge variant="outline" color="gray">
            {commonPartCategoryLabels[data.categoria as 0 | 1]}
          </Badge>
        </Group>
      </Stack>
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={() => setEditing(true)}
        >
          {t('edit')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={() => setDeleting(true)}
        >
          {t('delete')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Field label={t('fields.ubicazione')}>{data.ubicazione}</Field>
        <Field label={t('fields.marca')}>{data.marca}</Field>
        <Field label={t('fields.modello')}>{data.modello}</Field>
        <Field label={t('fields.matricola')}>{data.matricola}</Field>
        <Field label={t('fields.dataInstallazione')}>{italianDate(data.dataInstallazione)}</Field>
        <Field label={t('fields.superficieMq')}>
          {data.superficieMq === null ? null : data.superficieMq.toLocaleString('it-IT')}
        </Field>
      </SimpleGrid>
      <Field label={t('fields.note')}>{data.note}</Field>
      <ServiceSection condominioId={condominioId} parteComuneId={id} />
      <CommonPartFormModal kind={kind} opened={editing} onClose={() => setEditing(false)} part={data} />
      <LayerModal opened={deleting} onClose={() => setDeleting(false)} title={t('confirmDeleteTitle')}>
        <Text mb="md">{t('confirmDeleteText', { name: data.denominazione })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(false)}>
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
