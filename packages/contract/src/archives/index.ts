export * from './archive.endpoints.ts';
export * from './archive.schemas.ts';
