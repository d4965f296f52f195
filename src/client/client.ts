/**
 * SvcClient: the typed client of the svc merchant API. No Medusa imports; usable alone
 * as `medusa-payment-svc/client`. All behaviour lives in the request core (core.ts);
 * resources are thin.
 */
import { inspect } from "node:util"

import {
  AdminReads,
  adminReadCache,
  type AdminReadCache,
} from "./rate-budget/admin-reads"
import type { CheckoutRoom, RateUsage } from "./rate-budget/rate-limit"
import { RequestCore, type CallCore } from "./core"
import { resolveOptions, type SvcClientOptions } from "./options"
import { CheckoutResource } from "./resources/checkout"
import { HealthResource } from "./resources/health"
import { PayoutsResource } from "./resources/payouts"
import { WalletResource } from "./resources/wallet"
import type { Health } from "./schemas/health"
import { createSigningKey, type SignatureAlgorithm } from "./signing/signing"

/** Makes a view of an existing client (forAdmin); not exported, so only this file can. */
const VIEW = Symbol("SvcClient view")
type ViewOf = {
  [VIEW]: { root: SvcClient; core: RequestCore; calls: CallCore }
}

export class SvcClient {
  readonly checkout: CheckoutResource
  readonly wallet: WalletResource
  readonly payouts: PayoutsResource
  readonly baseUrl: string
  readonly keyId: string
  readonly algorithm: SignatureAlgorithm
  // Private (#) so neither util.inspect nor JSON.stringify can reach the secrets it holds.
  readonly #core: RequestCore
  readonly #health: HealthResource

  /** The client this one is a view of (forAdmin), or itself. */
  readonly #root: SvcClient
  /** The views an admin's pages use (forAdmin), made once each: with kept reads, and without. */
  readonly #admin: {
    keep?: SvcClient
    fresh?: SvcClient
    cache?: AdminReadCache
  } = {}

  constructor(options: SvcClientOptions)
  /** A view of another client (forAdmin); VIEW is private to this file. */
  constructor(options: ViewOf)
  constructor(options: SvcClientOptions | ViewOf) {
    let calls: CallCore
    if (VIEW in options) {
      const v = options[VIEW]
      this.baseUrl = v.root.baseUrl
      this.keyId = v.root.keyId
      this.algorithm = v.root.algorithm
      this.#core = v.core
      this.#root = v.root
      calls = v.calls
    } else {
      const opts = resolveOptions(options)
      const key = createSigningKey(opts.privateKey, opts.algorithm)
      this.baseUrl = opts.baseUrl
      this.keyId = opts.keyId
      this.algorithm = opts.algorithm
      this.#core = new RequestCore(opts, key)
      this.#root = this
      calls = this.#core
    }
    this.#health = new HealthResource(calls)
    this.checkout = new CheckoutResource(calls)
    this.wallet = new WalletResource(calls)
    this.payouts = new PayoutsResource(calls)
  }

  /**
   * The same account (one rate budget, clock and connection pool) for an
   * admin's pages: its reads come after shoppers' checkouts and settlement
   * reads and use at most a quarter of the ceiling (refused at once past it,
   * nothing sent), and, unless `keep` is false (a diagnosis that must see svc
   * as it is now), what pages read again and again is kept for seconds
   * (src/client/rate-budget/admin-reads.ts). Writes go through as they are.
   */
  forAdmin(opts: { keep?: boolean } = {}): SvcClient {
    const root = this.#root
    const which = opts.keep === false ? "fresh" : "keep"
    let view = root.#admin[which]
    if (!view) {
      root.#admin.cache ??= adminReadCache()
      view = new SvcClient({
        [VIEW]: {
          root,
          core: root.#core,
          calls: new AdminReads(root.#core, root.#admin.cache, {
            keep: which === "keep",
          }),
        },
      })
      root.#admin[which] = view
    }
    return view
  }

  /** GET /v1/health: checks the API key; returns the account. */
  health(): Promise<Health> {
    return this.#health.get()
  }

  /** Clock offset (ms, server minus local) learnt from svc's `Date` headers; 0 within ~2 s. */
  get clockOffsetMs(): number {
    return this.#core.clock.offset
  }

  /**
   * The account's requests-per-window ceiling as this client knows it, and how
   * many requests it sent in the current window (background pollers use it to
   * leave the room to shoppers).
   */
  rateUsage(): RateUsage {
    return this.#core.rateUsage()
  }

  /** New checkouts the rate budget admits now, and in a steady minute (RateLimiter.checkoutRoom). */
  checkoutRoom(): Promise<CheckoutRoom> {
    return this.#core.checkoutRoom()
  }

  /**
   * Change the account ceiling the rate budget keeps (calls per minute), e.g.
   * once svc's environment is known (sandbox 100, production 1000).
   */
  setAccountRateLimit(limit: number): void {
    this.#core.setAccountRateLimit(limit)
  }

  /** Close pooled connections. */
  close(): Promise<void> {
    return this.#core.close()
  }

  toString(): string {
    return `SvcClient(${this.baseUrl}, keyId=${this.keyId}, ${this.algorithm})`
  }
  toJSON(): Record<string, string> {
    return {
      baseUrl: this.baseUrl,
      keyId: this.keyId,
      algorithm: this.algorithm,
    }
  }
  [inspect.custom](): string {
    return this.toString()
  }
}
