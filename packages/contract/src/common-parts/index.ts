export * from './common-part.endpoints.ts';
export * from './common-part.schemas.ts';
