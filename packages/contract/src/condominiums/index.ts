export * from './condominium.endpoints.ts';
export * from './condominium.schemas.ts';
export * from './document.enums.ts';
