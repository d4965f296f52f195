/**
 * The shared svc runtime ("svc account"): parsed options, one client per
 * account (rate limiter, clock), the catalog cache, single-flight checkout
 * reads, the checkout ledger and per-checkout serialization. Providers, flows,
 * routes, subscribers and jobs reach svc through here.
 */
export { svcFromContainer, findSvcProviderConfig } from "./config"
export { sharedSvcClient, type SvcAccountRuntime } from "./registry"
export { CheckoutReads } from "./checkout-reads"
export { SvcCatalog } from "./catalog"
export * from "./keys"
export * from "./status"
export { SVC_WEBHOOK_EVENT } from "./events"
