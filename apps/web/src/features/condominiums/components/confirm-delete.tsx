import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { stopEscape } from './record-modal.tsx';

export interface ConfirmDeleteProps {
  opened: boolean;
  /** What is deleted, as the user knows it. */
  what: string;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmDelete({ opened, what, deleting, onCancel, onConfirm }: ConfirmDeleteProps) {
  const { t } = useTranslation(['condominiums', 'common']);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps Escape inside this layer (see stopEscape).
    <div onKeyDown={stopEscape}>
      <Modal opened={opened} onClose={onCancel} title={t('confirmDeleteTitle')}>
        <Text mb="md">{t('confirmDeleteText', { what })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <Button color="red" loading={deleting} onClick={onConfirm}>
            {t('delete')}
          </Button>
        </Group>
      </Modal>
    </div>
  );
}
