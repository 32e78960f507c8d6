import { createAsyncThunk } from '@reduxjs/toolkit';
import { AccountType, AuthPath, ErrorCode } from '@stabile/contract';
import { archivesApi } from '../api/archives-api.ts';
import { authApi } from '../api/auth-api.ts';
import {
  isServerUnavailable,
  loginPath,
  type Renewal,
  refreshAccessToken,
  showErrorToast,
} from '../api/base-query.ts';
import { errorCodeOf, errorMessageOf, statusOf } from '../api/error-message.ts';
import { notifyNativeLogout } from '../native/native-bridge.ts';
import { unsubscribePush } from '../push/push.ts';
import { navigateTo } from '../session/navigation.ts';
import { sessionStore } from '../session/session-storage.ts';
import { accessInfoLoaded, accessTokenRefreshed, serverUnreachable, unauthenticated } from './auth-slice.ts';
import { archiveSet, archiveUnset, type CurrentArchive, lastAccessFinished } from './general-slice.ts';
import { modalOpened } from './modals-slice.ts';
import type { AppThunk, RootState } from './root-reducer.ts';
import { loggedOut, resetState } from './store-actions.ts';

export type OpenArchiveOutcome = 'opened' | 'needsUpdate' | 'refused' | 'unreachable';

/**
 * Makes an unlocked archive the current one: GET /api/db/open?ritornaInfo gives the archive user's
 * permissions and the premium info. 105 keeps the archive current and opens the update modal. When
 * the archive in use is reopened (on load) and the server does not answer, it stays the one in use.
 */
export const openArchive = createAsyncThunk<OpenArchiveOutcome, CurrentArchive, { state: RootState }>(
  'archives/open',
  async (archive, { dispatch, getState }) => {
    const request = dispatch(archivesApi.endpoints.openArchive.initiate(archive.id, { forceRefetch: true }));
    const result = await request;
    request.unsubscribe();
    if (result.error || !result.data) {
      if (errorCodeOf(result.error) === ErrorCode.ArchiveNotUpdated) {
        if (getState().general.archive?.id !== archive.id) dispatch(resetState());
        dispatch(archiveSet(archive));
        dispatch(modalOpened('databaseNotUpdated'));
        return 'needsUpdate';
      }
      if (getState().general.archive?.id === archive.id && isServerUnavailable(statusOf(result.error))) {
        // The unreachable panel says it: no toast besides it.
        return 'unreachable';
      }
      // 100 sends the user back to the chooser, which says nothing more; any other failure is told.
      const code = errorCodeOf(result.error);
      if (code !== ErrorCode.InvalidArchive && code !== ErrorCode.Unauthenticated) {
        showErrorToast(errorMessageOf(result.error));
      }
      dispatch(archiveUnset());
      return 'refused';
    }
    const info = result.data.info;
    if (getState().general.archive?.id !== archive.id) dispatch(resetState());
    dispatch(archiveSet({ id: archive.id, nome: info?.nome ?? archive.nome }));
    const { account, username } = getState().auth;
    if (info && account) {
      dispatch(
        accessInfoLoaded({
          account: { ...account, gestioneAccessi: info.gestioneAccessi },
          username: username ?? '',
          gestioneAccessi: info.gestioneAccessi,
          permissions: { ...info.permessi, login: info.utente?.nome ?? '' },
        }),
      );
      dispatch(
        lastAccessFinished({
          pid: info.pid,
          mioCondominioPremiumAbilitato: info.mioCondominioPremiumAbilitato,
        }),
      );
    }
    if (username) sessionStore.writePreferredArchive(username, archive.id);
    return 'opened';
  },
);

/**
 * First visit of a private route (status undetermined): renew the access token if only the session
 * marker is left (new tab), check it with GET /user/islogged, then reopen the archive in use.
 */
export const bootstrapSession = createAsyncThunk<void, void, { state: RootState }>(
  'auth/bootstrap',
  async (_, { dispatch, getState }) => {
    if (!getState().auth.accessToken) {
      const stored = sessionStore.readAccessToken();
      if (stored) dispatch(accessTokenRefreshed(stored));
      else {
        const renewal: Renewal = sessionStore.readSession()
          ? await refreshAccessToken(dispatch)
          : { kind: 'ended' };
        if (renewal.kind === 'unreachable') {
          dispatch(serverUnreachable());
          return;
        }
        if (renewal.kind === 'ended') {
          sessionStore.clearLoginData();
          dispatch(unauthenticated());
          return;
        }
      }
    }
    const request = dispatch(authApi.endpoints.isLogged.initiate(undefined, { forceRefetch: true }));
    const result = await request;
    request.unsubscribe();
    if (result.error || !result.data) {
      // A session the server refused has been ended by the base query already; one it could not
      // check (no answer, a 5xx) is kept, and checked again.
      if (getState().auth.status === 'undetermined') {
        if (isServerUnavailable(statusOf(result.error))) {
          dispatch(serverUnreachable());
          return;
        }
        sessionStore.clearLoginData();
        dispatch(unauthenticated());
      }
      return;
    }
    const data = result.data;
    const account = {
      versione: data.versione,
      gestioneAccessi: data.gestioneAccessi,
      tipo: data.tipo,
      nome: data.nome,
    };
    const stored = sessionStore.readSession();
    sessionStore.writeSession({ username: data.username, keepLogin: stored?.keepLogin ?? false, account });
    dispatch(
      accessInfoLoaded({ account, username: data.username, gestioneAccessi: false, permissions: null }),
    );
    const archive = getState().general.archive;
    if (!archive || data.tipo !== AccountType.Pro) return;
    if ((await dispatch(openArchive(archive)).unwrap()) === 'unreachable') dispatch(serverUnreachable());
  },
);

/**
 * Logout (spec section 4): removes the device push token, ends the session on the server (the
 * refresh cookie is sent and cleared), removes every stored login data and resets all state.
 */
export const logout = createAsyncThunk<void, void, { state: RootState }>(
  'auth/logout',
  async (_, { dispatch, getState }) => {
    const deviceToken = sessionStore.readDeviceToken();
    if (deviceToken && getState().auth.accessToken) {
      // The device belongs to the account, not to an archive: remove it whether or not one is open.
      const removal = dispatch(
        authApi.endpoints.removeDevice.initiate({ token: deviceToken, device: 'web' }),
      );
      await removal;
      removal.reset();
    }
    if (deviceToken) await unsubscribePush();
    const token = getState().auth.accessToken;
    try {
      await fetch(new URL(AuthPath.logout, window.location.origin), {
        method: 'POST',
        credentials: 'include',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: '{}',
      });
    } catch {
      // offline: the local session ends anyway; the server session expires on its own
    }
    notifyNativeLogout();
    sessionStore.clearLoginData();
    dispatch(loggedOut());
    navigateTo(loginPath(), { replace: true });
  },
);

/** Unsetting the archive (switch from the top bar): back to the chooser with a clean state. */
export function unsetArchive(): AppThunk {
  return (dispatch) => {
    sessionStore.writeArchive(null);
    dispatch(archiveUnset());
    dispatch(resetState());
  };
}
