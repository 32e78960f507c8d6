import { Box, Button, Container, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ArchiveChooser } from '../../features/archives/components/archive-chooser.tsx';
import { DatabaseNotUpdatedModal } from '../../features/archives/components/database-not-updated-modal.tsx';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { selectUserName } from '../../shared/state/auth-slice.ts';
import { logout } from '../../shared/state/session-thunks.ts';

/** After login, until an archive is chosen (lazy: a session that resumes with its archive skips it). */
export default function ArchiveChooserScreen() {
  const { t } = useTranslation('layout');
  const dispatch = useAppDispatch();
  const userName = useAppSelector(selectUserName);
  return (
    <Box mih="100dvh" bg="gray.0">
      <Group
        justify="space-between"
        px="md"
        h={48}
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group gap={8}>
          <img src="/icons/icon.svg" alt="" width={28} height={28} />
          <Text fw={700} c="brand.8">
            Stabile
          </Text>
        </Group>
        <Group gap="xs">
          <Text size="sm" c="dimmed" visibleFrom="xs">
            {userName}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => dispatch(logout())}
          >
            {t('logout')}
          </Button>
        </Group>
      </Group>
      <Container size="sm" py="xl" component="main">
        <ArchiveChooser />
      </Container>
      <DatabaseNotUpdatedModal />
    </Box>
  );
}
