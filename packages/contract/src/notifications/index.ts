export * from './notification.endpoints.ts';
export * from './notification.schemas.ts';
