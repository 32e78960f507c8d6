import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EscapeLayer } from './escape-layer.tsx';

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
    <EscapeLayer onEscape={onCancel}>
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
    </EscapeLayer>
  );
}
