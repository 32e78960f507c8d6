/** Paths of the push-notification calls besides addDevice/removeDevice (in AuthPath). */
export const NotificationPath = {
  chiavePubblica: '/api/notifiche/chiavePubblica',
} as const;
export type NotificationPath = (typeof NotificationPath)[keyof typeof NotificationPath];
