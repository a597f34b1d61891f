/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_OAUTH_CLIENT_ID?: string;
  readonly VITE_OAUTH_CLIENT_SECRET?: string;
  readonly VITE_E2E_HOOKS?: string;
}

declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}
