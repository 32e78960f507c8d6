export * from './instalment.endpoints.ts';
export * from './instalment.schemas.ts';
export * from './money.ts';
