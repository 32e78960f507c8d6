import { type AuthApi, AuthPath, type LoginRequest } from '@stabile/contract';
import { postJson } from '../../shared/api/public-fetch.ts';
import { sessionStore } from '../../shared/session/session-storage.ts';

/**
 * POST /user/login (or /user/loginMobile) and keep the session in the browser. The store is not loaded
 * on the login page: the private area picks the new session up from storage (see PrivateArea).
 */
export async function loginAndKeepSession(request: LoginRequest, mobile: boolean) {
  const result = await postJson<typeof AuthApi.login | typeof AuthApi.loginMobile>(
    mobile ? AuthPath.loginMobile : AuthPath.login,
    request,
  );
  if (result.data) {
    sessionStore.writeAccessToken(result.data.accessToken);
    sessionStore.writeSession({
      username: result.data.username,
      keepLogin: Boolean(request.keepLogin),
      account: result.data.account,
    });
    // A new session starts without an archive: the chooser asks for it (unlocks are per session).
    sessionStore.writeArchive(null);
  }
  return result;
}
