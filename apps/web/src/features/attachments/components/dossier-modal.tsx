import {
  ActionIcon,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  AllegatiApi,
  attachmentOriginLabels,
  DOSSIER_PAGE_SIZE,
  fascicoloCreateSchema,
  pathOf,
} from '@stabile/contract';
import { IconArrowLeft, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks.ts';
import { selectIsMobile } from '../../../shared/state/general-slice.ts';
import { confirmUploadExit } from '../../../shared/ui/upload-exit.tsx';
import {
  type AttachmentReference,
  attachmentsApi,
  type Fascicolo,
  useAttachmentOriginsQuery,
  useCreateDossierMutation,
  useDossiersQuery,
} from '../attachments-api.ts';
import { formatDate, formatSize } from '../format.ts';
import { UploadArea } from './upload-area.tsx';

export interface DossierModalProps {
  reference: AttachmentReference;
  opened: boolean;
  onClose: () => void;
  actions: { openPreview: (file: { id: number; nomeFile: string }) => Promise<void> };
}

const originOptions = Object.entries(attachmentOriginLabels).map(([value, label]) => ({ value, label }));

/**
 * The dossier modal: the origins of the entity's files, then the dossiers of one origin, 10 per
 * page with Previous/Next; each with its description (or 'Fascicolo nr. N'), creation date, file
 * count and files; a new dossier; a file uploaded into a dossier.
 */
export function DossierModal({ reference, opened, onClose, actions }: DossierModalProps) {
  const { t } = useTranslation('attachments');
  const mobile = useAppSelector(selectIsMobile);
  const [origin, setOrigin] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const close = () => {
    setOrigin(null);
    setCreating(false);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      // Files still uploading into a dossier ask before the modal closes.
      onClose={() => confirmUploadExit(close)}
      closeOnEscape={false}
      title={t('dossierTitle')}
      size="lg"
      fullScreen={mobile}
    >
      {opened && creating && (
        <NewDossierForm
          reference={reference}
          initialOrigin={origin}
          onDone={(created) => {
            setCreating(false);
            if (created) setOrigin(created.tipoOrigine);
          }}
        />
      )}
      {opened && !creating && origin === null && (
        <OriginList reference={reference} onChoose={setOrigin} onNew={() => setCreating(true)} />
      )}
      {opened && !creating && origin !== null && (
        <DossierList
          reference={reference}
          origin={origin}
          onBack={() => setOrigin(null)}
          onNew={() => setCreating(true)}
          actions={actions}
        />
      )}
    </Modal>
  );
}

function OriginList({
  reference,
  onChoose,
  onNew,
}: {
  reference: AttachmentReference;
  onChoose: (origin: number) => void;
  onNew: () => void;
}) {
  const { t } = useTranslation('attachments');
  const { data, isFetching } = useAttachmentOriginsQuery(reference);
  return (
    <Stack gap="sm">
      {!data && isFetching && <Loader size="sm" role="status" aria-label={t('loading')} />}
      {data && data.length === 0 && <Text c="gray.7">{t('originsEmpty')}</Text>}
      {data && data.length > 0 && (
        <Stack gap={6} role="list" aria-label={t('originsLabel')}>
          {data.map((o) => (
            <Button
              key={o.tipoOrigine}
              role="listitem"
              variant="default"
              justify="space-between"
              fullWidth
              rightSection={
                <Text size="sm" c="gray.7">
                  {t('originCount', { count: o.numeroAllegati })}
                </Text>
              }
              onClick={() => onChoose(o.tipoOrigine)}
            >
              {o.descrizione}
            </Button>
          ))}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button onClick={onNew}>{t('newDossier')}</Button>
      </Group>
    </Stack>
  );
}

function DossierList({
  reference,
  origin,
  onBack,
  onNew,
  actions,
}: {
  reference: AttachmentReference;
  origin: number;
  onBack: () => void;
  onNew: () => void;
  actions: DossierModalProps['actions'];
}) {
  const { t } = useTranslation('attachments');
  const [page, setPage] = useState(1);
  const { data, isFetching } = useDossiersQuery({
    Id: reference.id,
    Tipo: reference.tipo,
    TipoOrigine: origin,
    pageNumber: page,
    pageSize: DOSSIER_PAGE_SIZE,
  });
  const originLabel = attachmentOriginLabels[origin as keyof typeof attachmentOriginLabels] ?? '';
  const pages = data?.pagination.totalPages ?? 1;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
          {t('backToOrigins')}
        </Button>
        <Button size="xs" onClick={onNew}>
          {t('newDossier')}
        </Button>
      </Group>
      <Text fw={600}>{originLabel}</Text>
      {!data && isFetching && <Loader size="sm" role="status" aria-label={t('loading')} />}
      {data && data.items.length === 0 && (
        <Stack align="center" gap="sm" py="md">
          <Text>{t('noDossiers')}</Text>
          <Button variant="light" onClick={onBack}>
            {t('backToOrigins')}
          </Button>
        </Stack>
      )}
      {data && data.items.length > 0 && (
        <Stack gap="xs" role="list" aria-label={t('dossierListLabel', { origin: originLabel })}>
          {data.items.map((dossier) => (
            <DossierCard key={dossier.id} dossier={dossier} reference={reference} actions={actions} />
          ))}
        </Stack>
      )}
      {data && pages > 1 && (
        <Group justify="space-between">
          <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('previous')}
          </Button>
          <Text size="sm">{t('pageOf', { page, pages })}</Text>
          <Button size="xs" variant="default" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function DossierCard({
  dossier,
  reference,
  actions,
}: {
  dossier: Fascicolo;
  reference: AttachmentReference;
  actions: DossierModalProps['actions'];
}) {
  const { t } = useTranslation('attachments');
  const dispatch = useAppDispatch();
  const [uploading, setUploading] = useState(false);
  const title = dossier.descrizione || t('dossierNumber', { numero: dossier.numero });
  return (
    <Card withBorder padding="sm" role="listitem" aria-label={title}>
      <Group justify="space-between" gap="xs">
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="gray.7">
          {t('dossierCreated', { date: formatDate(dossier.dataCreazione) })} ·{' '}
          {t('dossierFiles', { count: dossier.numeroFile })}
        </Text>
      </Group>
      {dossier.elencoFile.map((file) => (
        <Group key={file.id} justify="space-between" gap="xs" wrap="nowrap" mt={4}>
          <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
            {file.nomeFile}{' '}
            <Text span size="xs" c="gray.7">
              ({formatSize(file.dimensione)})
            </Text>
          </Text>
          <ActionIcon
            variant="subtle"
            aria-label={t('previewOf', { name: file.nomeFile })}
            onClick={() => void actions.openPreview(file)}
          >
            <IconEye size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group justify="flex-end" mt={6}>
        <Button size="xs" variant="subtle" onClick={() => setUploading((v) => !v)}>
          {t('uploadToDossier')}
        </Button>
      </Group>
      {uploading && (
        <UploadArea
          label={t('uploadToDossier')}
          target={() => ({ url: pathOf(AllegatiApi.caricaInFascicolo, { id: dossier.id }), fields: {} })}
          onUploaded={() =>
            dispatch(
              attachmentsApi.util.invalidateTags([
                { type: 'Attachment', id: `${reference.tipo}:${reference.id}` },
                { type: 'Dossier', id: `${reference.tipo}:${reference.id}` },
              ]),
            )
          }
        />
      )}
    </Card>
  );
}

function NewDossierForm({
  reference,
  initialOrigin,
  onDone,
}: {
  reference: AttachmentReference;
  initialOrigin: number | null;
  onDone: (created: Fascicolo | null) => void;
}) {
  const { t } = useTranslation('attachments');
  const [descrizione, setDescrizione] = useState('');
  const [origin, setOrigin] = useState(String(initialOrigin ?? 0));
  const [error, setError] = useState<string | null>(null);
  const [create, creating] = useCreateDossierMutation();

  const submit = async () => {
    const body = {
      riferimento: reference,
      tipoOrigine: Number(origin),
      descrizione: descrizione.trim() || null,
    };
    const parsed = fascicoloCreateSchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    const result = await create(body);
    if ('data' in result && result.data) {
      notifications.show({ color: 'green', message: t('dossierCreatedToast') });
      onDone(result.data);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Text fw={600}>{t('newDossierTitle')}</Text>
        <Select
          label={t('dossierOrigin')}
          data={originOptions}
          value={origin}
          onChange={(value) => setOrigin(value ?? '0')}
          allowDeselect={false}
          required
        />
        <TextInput
          label={t('dossierDescription')}
          description={t('dossierDescriptionHint')}
          value={descrizione}
          maxLength={200}
          error={error}
          onChange={(event) => {
            setDescrizione(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(null)}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={creating.isLoading}>
            {t('create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
