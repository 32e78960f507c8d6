import './common/zod-italian.ts';

export * from './activities/index.ts';
export * from './archives/index.ts';
export * from './assignments/index.ts';
export * from './attachments/index.ts';
export * from './auth/index.ts';
export * from './changelog/index.ts';
export * from './common/constants.ts';
export * from './common/endpoint.ts';
export * from './common/enums.ts';
export * from './common/envelope.ts';
export * from './common/errors.ts';
export * from './condominiums/index.ts';
export * from './lookups/index.ts';
export * from './notifications/index.ts';
export * from './people/index.ts';
export * from './validators/index.ts';
