import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Registry } from '@stabile/contract';
import { type ComponentType, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { whenQueued } from '../../offline/queued-error.ts';
import { useGuardedClose } from '../unsaved-changes.tsx';
import type { RegistryKindFormProps } from './registry-form.tsx';
import { emptyValues, type RegistryBody } from './registry-form-values.ts';

export interface RegistryCreateModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The kind's form (contact or provider). */
  Form: ComponentType<RegistryKindFormProps>;
  creating: boolean;
  /**
   * Creates the record; resolves null when the server refused it (the base query told the user) and
   * rejects with the queued error when the write was kept in the offline queue (the form is then done).
   */
  onCreate: (body: RegistryBody) => Promise<Registry | null>;
  /** Called with the new record once created (e.g. to open its drawer). */
  onCreated: (record: Registry) => void;
  /** Ask before creating (spec section 2 asks it for a new contact). */
  confirm?: { title: string; text: (descr: string) => string; action: string };
}

/**
 * New contact or provider: the empty form, optionally a confirmation, then the new record. The
 * confirmation opens above the form, which stays as it was: "Annulla" returns to it unchanged. Closing
 * a form with something typed in it asks first.
 */
export function RegistryCreateModal({
  opened,
  onClose,
  title,
  Form,
  creating,
  onCreate,
  onCreated,
  confirm,
}: RegistryCreateModalProps) {
  const { t } = useTranslation(['common', 'errors']);
  const [pending, setPending] = useState<RegistryBody | null>(null);
  const dirty = useRef(false);
  const guard = useGuardedClose(
    () => dirty.current,
    () => {
      dirty.current = false;
      onClose();
    },
  );

  const save = async (body: RegistryBody) => {
    const created = await onCreate(body).catch(whenQueued(() => void 0));
    setPending(null);
    // Kept in the offline queue (undefined): done, with no record to open yet.
    if (created === undefined) {
      dirty.current = false;
      onClose();
      return;
    }
    if (!created) return;
    notifications.show({ color: 'green', message: t('errors:genericSuccess') });
    dirty.current = false;
    onClose();
    onCreated(created);
  };

  return (
    <>
      <Modal opened={opened} onClose={guard.requestClose} title={title} size="xl">
        {opened && (
          <Form
            initialValues={emptyValues()}
            submitting={creating}
            submitLabel={t('common:save')}
            onCancel={guard.requestClose}
            focusFirst
            onDirtyChange={(value) => {
              dirty.current = value;
            }}
            onSubmit={(body) => (confirm ? setPending(body) : void save(body))}
          />
        )}
      </Modal>
      {guard.confirmation}
      {confirm && (
        <Modal opened={pending !== null} onClose={() => setPending(null)} title={confirm.title} zIndex={300}>
          <Text mb="md">{confirm.text(pending?.descr ?? '')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              {t('common:cancel')}
            </Button>
            <Button loading={creating} onClick={() => pending && void save(pending)}>
              {confirm.action}
            </Button>
          </Group>
        </Modal>
      )}
    </>
  );
}
