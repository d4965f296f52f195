import type { CallTimeLimits, CallCore, WithIdempotencyKey } from "../core"
import {
  checkoutCreateBodySchema,
  checkoutCreatedSchema,
  checkoutListQuerySchema,
  checkoutPageSchema,
  checkoutSchema,
  fpxBanksSchema,
  type Checkout,
  type CheckoutCreateBody,
  type CheckoutCreated,
  type CheckoutListQuery,
  type CheckoutPage,
  type FpxBanks,
} from "../schemas/checkout"
import { paginate } from "./paginate"

export interface IdempotencyOptions extends CallTimeLimits {
  /** UUID v4 persisted before the call (spec: Idempotency rules 1); generated when omitted. */
  idempotencyKey?: string
}

/** Onramp (spec: Endpoints, Onramp). */
export class CheckoutResource {
  constructor(private readonly core: CallCore) {}

  /** POST /v1/checkout. 202 is retried with the same key; persisting 202 throws SvcPendingError (IDEMPOTENCY_IN_PROGRESS). */
  create(
    body: CheckoutCreateBody,
    opts: IdempotencyOptions = {}
  ): Promise<WithIdempotencyKey<CheckoutCreated>> {
    return this.core.create({
      method: "POST",
      route: "/v1/checkout",
      body,
      bodySchema: checkoutCreateBodySchema,
      idempotencyKey: opts.idempotencyKey,
      schema: checkoutCreatedSchema,
      limits: opts,
    })
  }
  /** GET /v1/checkout/{id}. */
  retrieve(id: string): Promise<Checkout> {
    return this.core.request({
      method: "GET",
      route: "/v1/checkout/{id}",
      params: { id },
      schema: checkoutSchema,
    })
  }
  /** GET /v1/checkout: one cursor page, newest first. */
  list(
    query: CheckoutListQuery = {},
    limits?: CallTimeLimits
  ): Promise<CheckoutPage> {
    return this.core.request({
      method: "GET",
      route: "/v1/checkout",
      query,
      querySchema: checkoutListQuerySchema,
      schema: checkoutPageSchema,
      ...(limits ? { limits } : {}),
    })
  }
  /** Every checkout matching `query`, page after page. */
  listAll(
    query: CheckoutListQuery = {}
  ): AsyncGenerator<Checkout, void, undefined> {
    return paginate((q: CheckoutListQuery) => this.list(q), query)
  }
  /** GET /v1/checkout/banks: FPX banks (use only `active` ones). */
  banks(): Promise<FpxBanks> {
    return this.core.request({
      method: "GET",
      route: "/v1/checkout/banks",
      schema: fpxBanksSchema,
    })
  }
}
