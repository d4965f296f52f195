/// <reference types="vite/client" />

/** Medusa's admin build defines it (`admin.backendUrl`); a plugin's prebuilt extensions read it at the store's build. */
declare const __BACKEND_URL__: string | undefined

interface ImportMetaEnv {
  readonly VITE_BACKEND_URL?: string
}
