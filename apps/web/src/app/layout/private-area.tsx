import { Center, Loader } from '@mantine/core';
import { AccountType } from '@stabile/contract';
import { Suspense, useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { loginPath } from '../../shared/api/base-query.ts';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { sessionStore } from '../../shared/session/session-storage.ts';
import { selectAccount, selectAuthStatus, sessionResumed } from '../../shared/state/auth-slice.ts';
import { selectArchive } from '../../shared/state/general-slice.ts';
import { bootstrapSession, logout } from '../../shared/state/session-thunks.ts';
import { NotAllowedPage } from '../routes/not-allowed/not-allowed-page.tsx';
import { ArchiveChooserScreen } from './lazy-layers.tsx';
import { MainLayout } from './main-layout.tsx';
import { ServerUnreachablePanel } from './server-unreachable-panel.tsx';

/**
 * The private area (lazy-loaded: the login page does not pay for it). Spec section 2: the session is
 * checked on load; unauthenticated -> login (mobile login in the wrapper); no answer from the server
 * -> a panel that checks again (nothing stored is forgotten); a non-Pro account -> not allowed; no
 * archive chosen -> the archive chooser; then the main layout.
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

  const checkAgain = useCallback(() => dispatch(sessionResumed()), [dispatch]);

  const waiting = status === 'undetermined' || checking || loggedInSinceCheck;
  // The layout (top bar, navigation, the page) mounts in a background render: the session's answer
  // arrives through the store as an urgent update, and mounting the whole shell in one go blocks a
  // phone's main thread; the loader stays until the layout is ready.
  const layoutReady = useDeferredValue(
    !waiting && status === 'authenticated' && account?.tipo === AccountType.Pro && Boolean(archive),
  );

  const loading = (
    <Center mih="100dvh">
      <Loader role="status" aria-label={t('loading')} />
    </Center>
  );
  if (waiting) return loading;
  if (status === 'unreachable') return <ServerUnreachablePanel onRetry={checkAgain} />;
  if (status === 'unauthenticated') {
    return <Navigate to={loginPath()} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (account?.tipo !== AccountType.Pro) {
    return <NotAllowedPage notPro onLogout={() => dispatch(logout())} />;
  }
  if (!archive) {
    return (
      <Suspense fallback={loading}>
        <ArchiveChooserScreen />
      </Suspense>
    );
  }
  return layoutReady ? <MainLayout /> : loading;
}

export { PrivateArea as Component };
