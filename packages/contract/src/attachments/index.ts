export * from './attachment.endpoints.ts';
export * from './attachment.schemas.ts';
