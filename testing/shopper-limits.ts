/**
 * The plugin's per-client storefront limits (option `storefrontLimits`), as the
 * env var SVC_STOREFRONT_LIMITS carries them to medusa-config.ts. Tests and
 * benches that are not about them make hundreds of sessions from one address
 * (127.0.0.1) and set them out of reach; a test about them leaves the var empty
 * (the plugin's defaults) or sets its own.
 */
export const SHOPPER_LIMITS_OUT_OF_REACH = JSON.stringify({
  perAddress: { points: 10_000, seconds: 1 },
  perCustomer: { points: 10_000, seconds: 1 },
  perCart: { points: 10_000, seconds: 1 },
})
