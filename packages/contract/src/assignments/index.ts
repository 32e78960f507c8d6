export * from './assignments.endpoints.ts';
export * from './assignments.schemas.ts';
