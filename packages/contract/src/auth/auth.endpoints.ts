/** Paths of the account and session calls (spec section 7, Auth; notifications). */
export const AuthPath = {
  login: '/user/login',
  loginMobile: '/user/loginMobile',
  isLogged: '/user/islogged',
  refresh: '/user/refresh',
  logout: '/user/logout',
  passwordRecovery: '/user/passwordRecovery',
  passwordReset: '/user/passwordReset',
  unattended: '/user/unattended',
  addDevice: '/api/notifiche/addDevice',
  removeDevice: '/api/notifiche/removeDevice',
} as const;
export type AuthPath = (typeof AuthPath)[keyof typeof AuthPath];
