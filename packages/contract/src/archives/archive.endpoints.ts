/** Paths of the archive calls (spec section 7, Archive). */
export const ArchivePath = {
  list: '/api/db',
  isProtected: '/api/db/isProtected',
  login: '/api/db/login',
  users: '/api/db/userManagement/users',
  userLogin: '/api/db/userManagement/login',
  open: '/api/db/open',
  checkVersion: '/api/db/checkDBVersion',
  update: '/api/db/updateDB',
  updateProgress: '/api/db/updateDB/progress',
  lastAccess: '/api/db/ultimoAccesso',
} as const;
export type ArchivePath = (typeof ArchivePath)[keyof typeof ArchivePath];
