import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  type AccountInfo,
  AccountType,
  type Area,
  type GestioneAccessiData,
  type PermissionFlags,
} from '@stabile/contract';
import { sessionStore } from '../session/session-storage.ts';

/**
 * `unreachable`: the session could not be checked (no answer from the server, or a 5xx); what is
 * stored is kept and the check is made again.
 */
export type AuthStatus = 'undetermined' | 'authenticated' | 'unauthenticated' | 'unreachable';

export interface AuthState {
  status: AuthStatus;
  /** Short-lived JWT, kept in memory and mirrored in sessionStorage (see docs/decisions/0002). */
  accessToken: string | null;
  username: string | null;
  account: AccountInfo | null;
  /** Access management of the archive in use and the archive user's permissions (spec section 6). */
  gestioneAccessi: boolean;
  permissions: GestioneAccessiData | null;
}

function initialAuthState(): AuthState {
  const stored = sessionStore.readSession();
  return {
    status: 'undetermined',
    accessToken: sessionStore.readAccessToken(),
    username: stored?.username ?? null,
    account: stored?.account ?? null,
    gestioneAccessi: false,
    permissions: null,
  };
}

export interface SessionStarted {
  accessToken: string;
  username: string;
  account: AccountInfo;
}

export interface AccessInfo {
  account: AccountInfo;
  username: string;
  gestioneAccessi: boolean;
  permissions: GestioneAccessiData | null;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    sessionStarted(state, action: PayloadAction<SessionStarted>) {
      state.status = 'authenticated';
      state.accessToken = action.payload.accessToken;
      state.username = action.payload.username;
      state.account = action.payload.account;
      state.gestioneAccessi = false;
      state.permissions = null;
    },
    accessTokenRefreshed(state, action: PayloadAction<string>) {
      state.accessToken = action.payload;
    },
    /** The answer of GET /user/islogged: the account info and the archive user's permissions. */
    accessInfoLoaded(state, action: PayloadAction<AccessInfo>) {
      state.status = 'authenticated';
      state.account = action.payload.account;
      state.username = action.payload.username;
      state.gestioneAccessi = action.payload.gestioneAccessi;
      state.permissions = action.payload.permissions;
    },
    /**
     * A login made on the login page after this store had found no session (the app was opened at a
     * private address first): start over from what the login wrote to storage.
     */
    sessionResumed() {
      return initialAuthState();
    },
    serverUnreachable(state) {
      state.status = 'unreachable';
    },
    unauthenticated(state) {
      state.status = 'unauthenticated';
      state.accessToken = null;
      state.account = null;
      state.username = null;
      state.gestioneAccessi = false;
      state.permissions = null;
    },
  },
  selectors: {
    selectAuthStatus: (state) => state.status,
    selectAccessToken: (state) => state.accessToken,
    selectAccount: (state) => state.account,
    selectGestioneAccessi: (state) => state.gestioneAccessi,
    selectPermissions: (state) => state.permissions,
    /** Spec section 6: the user name comes from the permissions' login, else from username. */
    selectUserName: (state) => state.permissions?.login || state.username || '',
    selectIsProAccount: (state) => state.account?.tipo === AccountType.Pro,
  },
});

export const {
  sessionStarted,
  accessTokenRefreshed,
  accessInfoLoaded,
  sessionResumed,
  serverUnreachable,
  unauthenticated,
} = authSlice.actions;
export const {
  selectAuthStatus,
  selectAccessToken,
  selectAccount,
  selectGestioneAccessi,
  selectPermissions,
  selectUserName,
  selectIsProAccount,
} = authSlice.selectors;

/** With access management off every area is allowed (spec section 6). */
export function isAreaAllowed(
  auth: Pick<AuthState, 'gestioneAccessi' | 'permissions'>,
  area: Area | undefined,
): boolean {
  if (!area || !auth.gestioneAccessi) return true;
  const flags: PermissionFlags | null = auth.permissions;
  return Boolean(flags?.[area]);
}
