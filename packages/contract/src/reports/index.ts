export * from './report.endpoints.ts';
export * from './report.schemas.ts';
