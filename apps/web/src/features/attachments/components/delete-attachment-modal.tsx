import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface DeleteAttachmentModalProps {
  name: string | null;
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Confirms the deletion of an attachment (spec: confirm delete attachment). */
export function DeleteAttachmentModal({ name, deleting, onConfirm, onClose }: DeleteAttachmentModalProps) {
  const { t } = useTranslation('attachments');
  return (
    <Modal
      opened={name !== null}
      onClose={onClose}
      closeOnEscape={false}
      title={t('deleteTitle')}
      closeButtonProps={{ 'aria-label': t('cancel') }}
    >
      <Text>{t('deleteText', { name: name ?? '' })}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button color="red" loading={deleting} onClick={onConfirm}>
          {t('deleteConfirm')}
        </Button>
      </Group>
    </Modal>
  );
}
