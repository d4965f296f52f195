import type { Client, Store } from "@medusajs/js-sdk"

/**
 * The `@medusajs/js-sdk` instance the storefront already has (`new Medusa({ baseUrl, publishableKey })`),
 * as far as the kit uses it: `client.fetch`, `store.cart`, `store.payment`, `store.order`. The methods'
 * types, not the classes: the SDK's CommonJS and ESM declarations (and its 2.18 to 2.21 releases) are
 * alike method by method, while its classes' private fields tell them apart.
 */
export interface StoreSdk {
  client: Pick<Client, "fetch">
  store: {
    cart: Pick<Store["cart"], "retrieve" | "complete">
    payment: Pick<Store["payment"], "initiatePaymentSession">
    order: Pick<Store["order"], "retrieve">
  }
}
