export * from './auth.endpoints.ts';
export * from './auth.paths.ts';
export * from './auth.schemas.ts';
