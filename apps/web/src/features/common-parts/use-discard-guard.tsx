import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LayerModal } from './layer-modal.tsx';

/**
 * Closing a form with unsaved changes asks first. `request(dirty)` closes at once when nothing
 * changed; otherwise the returned `confirm` element asks, and "Annulla le modifiche" closes.
 */
export function useDiscardGuard(close: () => void) {
  const { t } = useTranslation('commonParts');
  const [asking, setAsking] = useState(false);
  const request = (dirty: boolean) => (dirty ? setAsking(true) : close());
  const confirm = (
    <LayerModal opened={asking} onClose={() => setAsking(false)} title={t('discardTitle')} zIndex={400}>
      <Text mb="md">{t('discardText')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setAsking(false)}>
          {t('keepEditing')}
        </Button>
        <Button
          color="red"
          onClick={() => {
            setAsking(false);
            close();
          }}
        >
          {t('discard')}
        </Button>
      </Group>
    </LayerModal>
  );
  return { request, confirm };
}
