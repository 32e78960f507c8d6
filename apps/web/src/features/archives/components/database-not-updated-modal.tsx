import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { UpdateState } from '@stabile/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, TAG_TYPES } from '../../../shared/api/api.ts';
import { archivesApi, useUpdateDbMutation } from '../../../shared/api/archives-api.ts';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks.ts';
import { routeDataRefreshed, selectArchive } from '../../../shared/state/general-slice.ts';
import { modalClosed, selectModalOpen } from '../../../shared/state/modals-slice.ts';
import { openArchive, unsetArchive } from '../../../shared/state/session-thunks.ts';

const PROGRESS_POLL_MS = 500;

/** Spec section 8, code 105: the archive must be updated; the update runs with visible progress. */
export function DatabaseNotUpdatedModal() {
  const { t } = useTranslation('archives');
  const dispatch = useAppDispatch();
  const opened = useAppSelector((state) => selectModalOpen(state, 'databaseNotUpdated'));
  const archive = useAppSelector(selectArchive);
  const [connectionID, setConnectionID] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [update, { isLoading, reset }] = useUpdateDbMutation();
  const { data: progress } = archivesApi.useUpdateProgressQuery(connectionID ?? '', {
    skip: !connectionID || !isLoading,
    pollingInterval: PROGRESS_POLL_MS,
  });

  const close = () => {
    dispatch(modalClosed('databaseNotUpdated'));
    setConnectionID(null);
    setFailure(null);
    reset();
  };

  const start = async () => {
    if (!archive) return;
    const id = crypto.randomUUID();
    setFailure(null);
    setConnectionID(id);
    const result = await update(id);
    if (result.error || result.data.stato === UpdateState.Failed) {
      setFailure(result.data?.messaggio || result.error?.message || t('updateFailed'));
      return;
    }
    notifications.show({ color: 'teal', title: t('updateDone'), message: t('updateDoneText') });
    close();
    await dispatch(openArchive(archive));
    // Whatever failed with "archivio da aggiornare" (Home, a list) loads again now.
    dispatch(api.util.invalidateTags([...TAG_TYPES]));
    dispatch(routeDataRefreshed());
  };

  const chooseOther = () => {
    close();
    dispatch(unsetArchive());
  };

  const percent = progress?.percentuale ?? (isLoading ? 5 : 0);
  return (
    <Modal
      opened={opened}
      onClose={isLoading ? () => undefined : close}
      withCloseButton={!isLoading}
      closeOnClickOutside={false}
      title={t('updateTitle')}
      centered
    >
      <Stack gap="md">
        <Text>{t('updateText', { name: archive?.nome ?? '' })}</Text>
        {isLoading && (
          <Stack gap={4}>
            <Progress value={percent} animated aria-label={t('updateTitle')} />
            <Text size="sm" c="dimmed" aria-live="polite">
              {progress
                ? `${t('updateProgress', { done: progress.passo, total: progress.passiTotali })}${progress.descrizione ? `: ${progress.descrizione}` : ''}`
                : t('opening')}
            </Text>
          </Stack>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={chooseOther} disabled={isLoading}>
            {t('chooseOther')}
          </Button>
          <Button onClick={start} loading={isLoading}>
            {t('updateAction')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
