/**
 * Paths of the account and session calls (declared in auth.endpoints.ts), as plain strings in a module
 * of their own: the login page posts them without loading the declarations' schemas and zod (its
 * JavaScript budget, decision 0022).
 */
export const AuthPath = {
  login: '/user/login',
  loginMobile: '/user/loginMobile',
  isLogged: '/user/islogged',
  refresh: '/user/refresh',
  logout: '/user/logout',
  passwordRecovery: '/user/passwordRecovery',
  passwordReset: '/user/passwordReset',
  unattended: '/user/unattended',
} as const;
export type AuthPath = (typeof AuthPath)[keyof typeof AuthPath];
