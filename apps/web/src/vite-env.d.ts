/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** production | beta | dev (spec section 9); default production. */
  readonly VITE_APP_ENV?: string;
}
