export * from './lookups.endpoints.ts';
export * from './lookups.schemas.ts';
