import { Button, Group, Modal, Text } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordForm, type RecordFormProps } from './record-form.tsx';

export interface RecordModalProps extends Omit<RecordFormProps, 'onDirtyChange' | 'label'> {
  opened: boolean;
  title: string;
  onClose: () => void;
}

/**
 * A record's form in a modal: closing it (Escape, the close button, outside) with unsaved changes
 * asks first. The form is mounted only while open, so each opening starts from its initial values.
 */
export function RecordModal({ opened, title, onClose, ...form }: RecordModalProps) {
  const { t } = useTranslation(['condominiums', 'common']);
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const requestClose = () => (dirty ? setConfirming(true) : onClose());
  const discard = () => {
    setConfirming(false);
    setDirty(false);
    onClose();
  };

  // React bubbles events through portals: without this, Escape in the modal would also reach the
  // condominium drawer around it and close both. Escape closes the innermost layer only.
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: not an interaction, it keeps Escape inside this layer.
    <div onKeyDown={stopEscape}>
      <Modal opened={opened && !confirming} onClose={requestClose} title={title} size="lg">
        {opened && <RecordForm {...form} label={title} onDirtyChange={setDirty} />}
      </Modal>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('discardTitle')}>
        <Text mb="md">{t('discardText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('keepEditing')}
          </Button>
          <Button color="red" onClick={discard}>
            {t('discard')}
          </Button>
        </Group>
      </Modal>
    </div>
  );
}

export function stopEscape(event: KeyboardEvent<HTMLElement>) {
  if (event.key === 'Escape') event.stopPropagation();
}
