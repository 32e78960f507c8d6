export * from './search.endpoints.ts';
export * from './search.schemas.ts';
