import { Box, Button, Center, Container, Group, Loader, Text } from '@mantine/core';
import { AccountType } from '@stabile/contract';
import { IconLogout } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ArchiveChooser } from '../../features/archives/components/archive-chooser.tsx';
import { DatabaseNotUpdatedModal } from '../../features/archives/components/database-not-updated-modal.tsx';
import { bootstrapSession, logout } from '../../features/auth/session-thunks.ts';
import { loginPath } from '../../shared/api/base-query.ts';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { sessionStore } from '../../shared/session/session-storage.ts';
import { NotAllowedPage } from '../routes/not-allowed/not-allowed-page.tsx';
import { selectAccount, selectAuthStatus, selectUserName, sessionResumed } from '../state/auth-slice.ts';
import { selectArchive } from '../state/general-slice.ts';
import { MainLayout } from './main-layout.tsx';

/**
 * The private area (lazy-loaded: the login page does not pay for it). Spec section 2: the session is
 * checked on load; unauthenticated -> login (mobile login in the wrapper); a non-Pro account -> not
 * allowed; no archive chosen -> the archive chooser; then the main layout.
 */
export function PrivateArea() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const status = useAppSelector(selectAuthStatus);
  const account = useAppSelector(selectAccount);
  const archive = useAppSelector(selectArchive);
  const [checking, setChecking] = useState(status === 'undetermined');
  // The store outlives the login page: when it had found no session before a login (the app was
  // opened at `/` or at a deep link), the token the login just stored means "check again".
  const loggedInSinceCheck = status === 'unauthenticated' && sessionStore.readAccessToken() !== null;

  useEffect(() => {
    if (loggedInSinceCheck) dispatch(sessionResumed());
  }, [dispatch, loggedInSinceCheck]);

  useEffect(() => {
    if (status !== 'undetermined') return;
    setChecking(true);
    void dispatch(bootstrapSession()).finally(() => setChecking(false));
  }, [dispatch, status]);

  if (status === 'undetermined' || checking || loggedInSinceCheck) {
    return (
      <Center mih="100dvh">
        <Loader role="status" aria-label={t('loading')} />
      </Center>
    );
  }
  if (status === 'unauthenticated') {
    return <Navigate to={loginPath()} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (account?.tipo !== AccountType.Pro) {
    return <NotAllowedPage notPro onLogout={() => dispatch(logout())} />;
  }
  if (!archive) return <ArchiveChooserScreen />;
  return <MainLayout />;
}

function ArchiveChooserScreen() {
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

export { PrivateArea as Component };
