export * from './people.endpoints.ts';
export * from './people.enums.ts';
export * from './people.schemas.ts';
