export * from './assignments.schemas.ts';
