import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EscapeLayer } from './escape-layer.tsx';
import { RecordForm, type RecordFormProps } from './record-form.tsx';

export interface RecordModalProps extends Omit<RecordFormProps, 'onDirtyChange' | 'label'> {
  opened: boolean;
  title: string;
  onClose: () => void;
}

/**
 * A record's form in a modal: closing it (Escape, the close button, Annulla, outside) with unsaved changes
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

  // Escape closes the innermost layer only: the discard question, else this modal (asking first).
  return (
    <EscapeLayer onEscape={() => (confirming ? setConfirming(false) : requestClose())}>
      <Modal opened={opened} onClose={requestClose} title={title} size="lg">
        {opened && (
          <RecordForm {...form} label={title} onDirtyChange={setDirty} onCancel={requestClose} focusFirst />
        )}
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
    </EscapeLayer>
  );
}
