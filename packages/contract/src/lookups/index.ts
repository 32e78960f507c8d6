export * from './lookups.schemas.ts';
