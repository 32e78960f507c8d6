export * from './export.endpoints.ts';
