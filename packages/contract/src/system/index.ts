export * from './system.endpoints.ts';
