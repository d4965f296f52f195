import { LRUCache } from "lru-cache"
import { CHECKOUT_FINAL_STATUSES, type SvcClient } from "../../client"
import type { SvcCheckoutRead } from "./keys"

/**
 * Reads of `GET /v1/checkout/{id}` for one svc account, shared by the three
 * providers, the webhook subscriber, the job and the watcher of one process:
 *
 * - single flight: concurrent reads of one checkout share one request (the
 *   storefront's completion and a webhook arriving at the same moment cost one
 *   call, not two);
 * - a checkout read in a final status is kept (lru-cache: 5000, 30 minutes): svc never
 *   moves it again, so a second read could only say the same thing.
 *
 * Across processes the checkout ledger (svc_checkout) plays the second role:
 * a final status recorded there from an svc read is not read again
 * (see SvcBase.currentCheckout).
 */
export class CheckoutReads {
  private readonly inflight = new Map<string, Promise<SvcCheckoutRead>>()
  private readonly finals = new LRUCache<
    string,
    { c: SvcCheckoutRead; recorded?: boolean }
  >({ max: 5000, ttl: 30 * 60 * 1000 })

  constructor(private readonly client: SvcClient) {}

  /** A final read kept from earlier in this process, if any. */
  cachedFinal(checkoutId: string): SvcCheckoutRead | undefined {
    return this.finals.get(checkoutId)?.c
  }

  /**
   * The checkout as svc says it is now, or as svc said it finally was. Errors
   * (404, timeouts) reach every caller that shared the request; nothing is kept.
   */
  read(checkoutId: string): Promise<SvcCheckoutRead> {
    const cached = this.cachedFinal(checkoutId)
    if (cached) return Promise.resolve(cached)
    const running = this.inflight.get(checkoutId)
    if (running) return running
    const p = (async () => {
      try {
        const c: SvcCheckoutRead =
          await this.client.checkout.retrieve(checkoutId)
        this.remember(c)
        return c
      } finally {
        this.inflight.delete(checkoutId)
      }
    })()
    this.inflight.set(checkoutId, p)
    return p
  }

  /**
   * The final status kept here is in the ledger too (this process wrote it, or saw it
   * there): the provider need not write it again when Medusa asks for the same checkout
   * a moment later (the settle workflow records it, then Medusa's capture asks the provider).
   */
  markRecorded(checkoutId: string): void {
    const hit = this.finals.get(checkoutId)
    if (hit) hit.recorded = true
  }

  /** Whether the final status kept for this checkout is known to be in the ledger. */
  isRecorded(checkoutId: string): boolean {
    return !!this.finals.get(checkoutId)?.recorded
  }

  /** Keep a checkout seen in a final status elsewhere (a list page of the job or watcher). */
  remember(c: SvcCheckoutRead): void {
    if (CHECKOUT_FINAL_STATUSES.includes(c.status))
      this.finals.set(c.checkoutId, { c })
  }
}
