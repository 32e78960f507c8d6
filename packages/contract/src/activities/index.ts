export * from './activity.endpoints.ts';
export * from './activity.rules.ts';
export * from './activity.schemas.ts';
export * from './assignment.endpoints.ts';
export * from './supplier-portal.endpoints.ts';
