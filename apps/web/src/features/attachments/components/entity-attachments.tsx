import { ActionIcon, Button, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AllegatiApi, Area, pathOf } from '@stabile/contract';
import { IconDownload, IconEye, IconFolders, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks.ts';
import { isAreaAllowed } from '../../../shared/state/auth-slice.ts';
import { HistoryButton } from '../../../shared/ui/history/history-button.tsx';
import {
  type Allegato,
  attachmentsApi,
  useAttachmentsQuery,
  useDeleteAttachmentMutation,
} from '../attachments-api.ts';
import { formatDate, formatSize } from '../format.ts';
import { DeleteAttachmentModal } from './delete-attachment-modal.tsx';
import { DossierModal } from './dossier-modal.tsx';
import { PreviewModal } from './preview-modal.tsx';
import { UploadArea } from './upload-area.tsx';
import { useAttachmentActions } from './use-attachment-actions.ts';

export interface EntityAttachmentsProps {
  /** RiferimentoAllegato.Tipo (AttachmentReferenceType). */
  tipo: number;
  id: number;
}

/**
 * The attachments of an entity, for its drawer: the list (newest first, paged), preview, download,
 * delete with confirmation, the upload area and the dossiers. Nothing shows without the attachments
 * area (accAllegatiOn).
 */
export function EntityAttachments({ tipo, id }: EntityAttachmentsProps) {
  const auth = useAppSelector((state) => state.auth);
  if (!isAreaAllowed(auth, Area.Attachments)) return null;
  return <AttachmentsSection tipo={tipo} id={id} />;
}

function AttachmentsSection({ tipo, id }: EntityAttachmentsProps) {
  const { t } = useTranslation('attachments');
  const [page, setPage] = useState(1);
  const query = { 'RiferimentoAllegato.ID': id, 'RiferimentoAllegato.Tipo': tipo, pageNumber: page };
  const { data, isFetching } = useAttachmentsQuery(query);
  const [remove, removing] = useDeleteAttachmentMutation();
  const [toDelete, setToDelete] = useState<Allegato | null>(null);
  const [dossiersOpen, setDossiersOpen] = useState(false);
  const actions = useAttachmentActions();
  const dispatch = useAppDispatch();

  const pagination = data?.pagination;
  const pages = pagination?.totalPages ?? 1;

  const confirmDelete = async () => {
    if (!toDelete) return;
    const result = await remove(toDelete);
    if (!('error' in result)) notifications.show({ color: 'green', message: t('deleted') });
    setToDelete(null);
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby={`allegati-${tipo}-${id}`}>
      <Group justify="space-between">
        <Title order={3} fz="h4" id={`allegati-${tipo}-${id}`}>
          {t('title')}
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconFolders size={16} aria-hidden />}
          onClick={() => setDossiersOpen(true)}
        >
          {t('dossiers')}
        </Button>
      </Group>
      {!data && isFetching && <Loader size="sm" role="status" aria-label={t('loading')} />}
      {data && data.items.length === 0 && <Text c="gray.7">{t('empty')}</Text>}
      {data && data.items.length > 0 && (
        <ul aria-label={t('listLabel')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {data.items.map((a) => (
            <li
              key={a.id}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', padding: '6px 0' }}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate="end">
                    {a.nomeFile}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {formatDate(a.dataOra)} · {formatSize(a.dimensione)}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('preview')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('previewOf', { name: a.nomeFile })}
                      onClick={() => void actions.openPreview(a)}
                    >
                      <IconEye size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('download')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('downloadOf', { name: a.nomeFile })}
                      onClick={() => void actions.download(a)}
                    >
                      <IconDownload size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <HistoryButton kind="allegato" id={a.id} name={a.nomeFile} />
                  <Tooltip label={t('remove')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('removeOf', { name: a.nomeFile })}
                      onClick={() => setToDelete(a)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <Group justify="space-between">
          <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('previous')}
          </Button>
          <Text size="sm">
            {pagination?.totalCapped
              ? t('pageOfCapped', { page, count: pagination.totalCount })
              : t('pageOf', { page, pages })}
          </Text>
          <Button size="xs" variant="default" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('next')}
          </Button>
        </Group>
      )}
      <UploadArea
        target={() => ({
          url: pathOf(AllegatiApi.crea),
          fields: { 'RiferimentoAllegato.ID': id, 'RiferimentoAllegato.Tipo': tipo },
        })}
        onUploaded={() =>
          dispatch(
            attachmentsApi.util.invalidateTags([
              { type: 'Attachment', id: `${tipo}:${id}` },
              { type: 'Dossier', id: `${tipo}:${id}` },
            ]),
          )
        }
      />
      <DossierModal
        reference={{ tipo, id }}
        opened={dossiersOpen}
        onClose={() => setDossiersOpen(false)}
        actions={actions}
      />
      <PreviewModal
        opened={actions.preview !== null}
        link={actions.preview?.link}
        name={actions.preview?.name ?? ''}
        onClose={actions.closePreview}
      />
      <DeleteAttachmentModal
        name={toDelete?.nomeFile ?? null}
        deleting={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
