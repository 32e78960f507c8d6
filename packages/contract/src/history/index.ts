export * from './history.endpoints.ts';
export * from './history.schemas.ts';
