export * from './people.enums.ts';
export * from './people.schemas.ts';
