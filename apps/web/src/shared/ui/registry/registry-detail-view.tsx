import { Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type DurcState, durcStateLabels, type Registry } from '@stabile/contract';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { whenQueued } from '../../offline/queued-error.ts';
import { useDrawerUnsavedChanges } from '../unsaved-changes.tsx';
import type { RegistryKindFormProps } from './registry-form.tsx';
import { type RegistryBody, valuesFrom } from './registry-form-values.ts';

export interface RegistryDetailViewProps {
  record: Registry;
  /** The kind's form (contact or provider). */
  Form: ComponentType<RegistryKindFormProps>;
  saving: boolean;
  deleting: boolean;
  /** Saves the edited body with the record's objVersion; rejects when the server refuses it. */
  onSave: (body: RegistryBody & { objVersion: number }) => Promise<unknown>;
  /** Deletes the record; rejects when the server refuses it (in use, stale version). */
  onDelete: (objVersion: number) => Promise<unknown>;
  onClose: () => void;
  /** What only this kind shows below the form (a contact's assignments and attachments). */
  children?: ReactNode;
}

/** The drawer body of a contact or provider: its description as header, the editable form, delete. */
export function RegistryDetailView({
  record,
  Form,
  saving,
  deleting,
  onSave,
  onDelete,
  onClose,
  children,
}: RegistryDetailViewProps) {
  const { t } = useTranslation(['contacts', 'common']);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [dirty, setDirty] = useState(false);
  useDrawerUnsavedChanges(dirty);

  const save = (body: RegistryBody) =>
    void onSave({ ...body, objVersion: record.objVersion })
      .then(() => notifications.show({ color: 'green', message: t('saved') }))
      // Kept in the offline queue: the edit is pending, not unsaved.
      .catch(whenQueued(() => setDirty(false)))
      .catch(() => undefined);

  const remove = () =>
    void onDelete(record.objVersion)
      .then(() => {
        setConfirmDelete(false);
        notifications.show({ color: 'green', message: t('deleted') });
        onClose();
      })
      .catch(() => setConfirmDelete(false));

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
          {record.descr}
        </Title>
        <Group gap="xs">
          {record.codiceFiscale && (
            <Text size="sm" c="gray.7">
              {record.codiceFiscale}
            </Text>
          )}
          {record.tipoAttivitaDescr && <Badge variant="light">{record.tipoAttivitaDescr}</Badge>}
          {record.durcStato && (
            <Badge
              variant="light"
              color={record.durcStato === 1 ? 'green' : record.durcStato === 2 ? 'yellow' : 'red'}
            >
              {t('durcBadge', { state: durcStateLabels[record.durcStato as DurcState] })}
            </Badge>
          )}
        </Group>
      </Stack>
      <Form
        key={`${record.id}-${record.objVersion}`}
        initialValues={valuesFrom(record)}
        submitting={saving}
        submitLabel={t('common:save')}
        onSubmit={save}
        onDirtyChange={setDirty}
        extraActions={
          <Button color="red" variant="light" onClick={() => setConfirmDelete(true)}>
            {t('delete')}
          </Button>
        }
      />
      {children}
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title={t('confirmDeleteTitle')}>
        <Text mb="md">{t('confirmDeleteText', { descr: record.descr })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmDelete(false)}>
            {t('common:cancel')}
          </Button>
          <Button color="red" loading={deleting} onClick={remove}>
            {t('delete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
