import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks.ts';
import { modalClosed, selectModalOpen } from '../../../shared/state/modals-slice.ts';

/**
 * Opened by features with `dispatch(modalOpened('pidNotEnabled'))` when an action needs the resident
 * portal (MioCondominio) and the archive has no PID (general.mioCondominioInfo.pid is null).
 */
export function PidNotEnabledModal() {
  const { t } = useTranslation(['archives', 'common']);
  const dispatch = useAppDispatch();
  const opened = useAppSelector((state) => selectModalOpen(state, 'pidNotEnabled'));
  const close = () => dispatch(modalClosed('pidNotEnabled'));
  return (
    <Modal opened={opened} onClose={close} title={t('archives:pidTitle')} centered>
      <Stack>
        <Text>{t('archives:pidText')}</Text>
        <Group justify="flex-end">
          <Button onClick={close}>{t('common:close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
