import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { type ArchiveListItem, ArchiveProtection } from '@stabile/contract';
import { IconChevronRight, IconDatabase, IconLock, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useArchiveLoginMutation, useArchivesQuery } from '../../../shared/api/archives-api.ts';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks.ts';
import { useLoadFailedText } from '../../../shared/offline/use-offline.ts';
import { sessionStore } from '../../../shared/session/session-storage.ts';
import { openArchive } from '../../../shared/state/session-thunks.ts';
import classes from './archive-chooser.module.css';
import { ArchiveUnlockDialog } from './archive-unlock-dialog.tsx';

const protectionIcon = {
  [ArchiveProtection.None]: IconDatabase,
  [ArchiveProtection.Password]: IconLock,
  [ArchiveProtection.UserManagement]: IconUsers,
};

/** After login: the account's archives; the preferred one (last used by this user) first. */
export function ArchiveChooser() {
  const { t } = useTranslation(['archives', 'common']);
  const loadFailed = useLoadFailedText();
  const dispatch = useAppDispatch();
  const username = useAppSelector((state) => state.auth.username) ?? '';
  const { data, isLoading, isError, refetch } = useArchivesQuery();
  const [archiveLogin] = useArchiveLoginMutation();
  const [dialogFor, setDialogFor] = useState<ArchiveListItem | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const preferredId = username ? sessionStore.readPreferredArchive(username) : null;

  const open = async (archive: ArchiveListItem) => {
    setOpening(archive.id);
    try {
      await dispatch(openArchive({ id: archive.id, nome: archive.nome }));
    } finally {
      setOpening(null);
    }
  };

  const choose = async (archive: ArchiveListItem) => {
    if (archive.sbloccato) return open(archive);
    if (archive.protezione === ArchiveProtection.None) {
      setOpening(archive.id);
      const result = await archiveLogin({ archiveId: archive.id });
      setOpening(null);
      if (!result.error) await open(archive);
      return;
    }
    setDialogFor(archive);
  };

  if (isLoading) return <Loader role="status" aria-label={t('common:loading')} />;
  if (isError) {
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text>{loadFailed}</Text>
          <Button size="xs" variant="light" onClick={() => refetch()}>
            {t('common:retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const archives = [...(data ?? [])].sort(
    (a, b) =>
      Number(b.id === preferredId) - Number(a.id === preferredId) || a.nome.localeCompare(b.nome, 'it'),
  );

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('chooserTitle')}
        </Title>
        <Text c="dimmed">{archives.length > 0 ? t('chooserText') : t('emptyText')}</Text>
      </Stack>
      <Stack gap="xs" component="ul" className={classes.list}>
        {archives.map((archive) => {
          const Icon = protectionIcon[archive.protezione];
          return (
            <li key={archive.id}>
              <Paper withBorder radius="md" className={classes.card}>
                <UnstyledButton
                  className={classes.button}
                  onClick={() => choose(archive)}
                  disabled={opening !== null}
                  aria-busy={opening === archive.id}
                >
                  <Group wrap="nowrap" gap="md" justify="space-between">
                    <Group wrap="nowrap" gap="md" miw={0}>
                      <Icon size={28} stroke={1.5} aria-hidden color="var(--mantine-color-brand-6)" />
                      <Stack gap={2} miw={0}>
                        <Text fw={600}>{archive.nome}</Text>
                        <Group gap={6}>
                          <Text size="sm" c="dimmed">
                            {t(`protection_${archive.protezione}`)}
                          </Text>
                          {archive.id === preferredId && (
                            <Badge size="sm" variant="light">
                              {t('preferred')}
                            </Badge>
                          )}
                        </Group>
                      </Stack>
                    </Group>
                    {opening === archive.id ? (
                      <Loader size="sm" role="status" aria-label={t('opening')} />
                    ) : (
                      <IconChevronRight aria-hidden />
                    )}
                  </Group>
                </UnstyledButton>
              </Paper>
            </li>
          );
        })}
      </Stack>
      {dialogFor && (
        <ArchiveUnlockDialog
          archive={dialogFor}
          onClose={() => setDialogFor(null)}
          onUnlocked={() => {
            const archive = dialogFor;
            setDialogFor(null);
            void open(archive);
          }}
        />
      )}
    </Stack>
  );
}
