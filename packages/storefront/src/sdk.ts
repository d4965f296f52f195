import type Medusa from "@medusajs/js-sdk"

/** The `@medusajs/js-sdk` instance the storefront already has (`new Medusa({ baseUrl, publishableKey })`). */
export type StoreSdk = Pick<InstanceType<typeof Medusa>, "client" | "store">
