import { Alert, Button, Group, Modal, PasswordInput, Select, Stack, Text } from '@mantine/core';
import { type ArchiveListItem, ArchiveProtection } from '@stabile/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useArchiveLoginMutation,
  useArchiveUsersQuery,
  useUserManagementLoginMutation,
} from '../../../shared/api/archives-api.ts';
import { errorMessageOf } from '../../../shared/api/error-message.ts';

export interface ArchiveUnlockDialogProps {
  archive: ArchiveListItem;
  onUnlocked: () => void;
  onClose: () => void;
}

/** Password of a protected archive, or user and password of an archive with user management. */
export function ArchiveUnlockDialog({ archive, onUnlocked, onClose }: ArchiveUnlockDialogProps) {
  const { t } = useTranslation(['archives', 'common']);
  const withUsers = archive.protezione === ArchiveProtection.UserManagement;
  const users = useArchiveUsersQuery(archive.id, { skip: !withUsers });
  const [archiveLogin, archiveLoginState] = useArchiveLoginMutation();
  const [userLogin, userLoginState] = useUserManagementLoginMutation();
  const [userId, setUserId] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<{ field: 'user' | 'password'; message: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    const required = t('common:requiredField');
    if (withUsers && !userId) return setFieldError({ field: 'user', message: required });
    if (!password) return setFieldError({ field: 'password', message: required });
    setFieldError(null);
    const result = withUsers
      ? await userLogin({ archiveId: archive.id, id: Number(userId), password })
      : await archiveLogin({ archiveId: archive.id, password });
    if (result.error) {
      setRefusal(errorMessageOf(result.error));
      return;
    }
    onUnlocked();
  }

  const loading = archiveLoginState.isLoading || userLoginState.isLoading;
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={withUsers ? t('usersDialogTitle') : t('passwordDialogTitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {withUsers
              ? t('usersDialogText', { name: archive.nome })
              : t('passwordDialogText', { name: archive.nome })}
          </Text>
          {refusal && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          {withUsers && (
            <Select
              label={t('user')}
              placeholder={t('userPlaceholder')}
              required
              searchable
              data={(users.data ?? []).map((user) => ({
                value: String(user.id),
                label: `${user.username} (${user.nome})`,
              }))}
              value={userId}
              onChange={setUserId}
              error={fieldError?.field === 'user' ? fieldError.message : null}
              nothingFoundMessage={t('common:noResults')}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <PasswordInput
            label={withUsers ? t('userPassword') : t('archivePassword')}
            required
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldError?.field === 'password' ? fieldError.message : null}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={loading}>
              {t('open')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
