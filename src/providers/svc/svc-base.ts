import { container as appContainer } from "@medusajs/framework"
import {
  AbstractPaymentProvider,
  PaymentActions,
  PaymentSessionStatus,
  removeUndefined,
} from "@medusajs/framework/utils"
import type {
  InitiatePaymentInput,
  Logger,
  PaymentProviderInput,
  RefundPaymentInput,
  UpdatePaymentInput,
} from "@medusajs/framework/types"
import type { CheckoutCreateBody, SvcClient } from "../../client"
import { svcModuleFrom, type SvcModuleService } from "../../modules/svc"
import { sendRefundPayout } from "../../workflows/refund-to-bank/send-payout"
import {
  MedusaReads,
  type CollectionContext,
} from "../../lib/medusa-data/medusa-reads"
import type { CheckoutReads } from "../../lib/svc-runtime/checkout-reads"
import { SvcCatalog } from "../../lib/svc-runtime/catalog"
import { sharedSvcClient } from "../../lib/svc-runtime/registry"
import {
  errorText,
  invalidData,
  notAllowed,
  SaidError,
  SvcTryAgainError,
  toShopperError,
  unexpectedState,
} from "../../lib/svc-runtime/errors"
import type { CheckoutLine } from "../../lib/svc-runtime/checkout-line"
import { checkMyrAmount, createWithReconciliation } from "./create-checkout"
import { buildRedirectUrl, RedirectUrlError } from "./redirect-url"
import {
  checkoutRef,
  checkoutTitle,
  deriveIdempotencyKey,
  type SvcCheckoutRead,
} from "../../lib/svc-runtime/keys"
import {
  parseSvcProviderOptions,
  type SvcProviderOptions,
} from "../../lib/svc-runtime/options"
import {
  pickStorefrontData,
  svcSessionDataSchema,
  type StorefrontData,
  type SvcSessionData,
} from "../../lib/medusa-data/session-data"
import {
  failureReason,
  FINAL_UNPAID,
  toSessionStatus,
} from "../../lib/svc-runtime/status"
import { FINAL_CHECKOUT_STATUS } from "../../modules/svc/statuses"
import type { OpenCheckout } from "../../modules/svc/checkout-ledger"
import { english, say } from "../../lib/texts"

export type CheckoutType = "SVC_ACCOUNT" | "FPX_HOSTED" | "FPX_DIRECT"

/**
 * All behaviour of the three svc payment providers. The subclasses only name
 * their identifier and checkout type (svc-wallet, svc-fpx, svc-fpx-direct).
 *
 * Invariants (../../../../README.md, Architecture):
 * - a checkout is created only after its Idempotency-Key is fixed (derived from
 *   the committed session, see keys.ts) and recorded in svc_checkout;
 * - a payment is captured only on evidence read from svc, never on a webhook body;
 * - every error a shopper or merchant sees says what to do, and never carries a secret.
 */
type CreateArgs = {
  sessionId: string
  attempt: number
  amountSen: number
  sf: StorefrontData
  collection: CollectionContext
  /** a session's first checkout: an open checkout of its collection is taken over instead (takeOver) */
  takeOver?: boolean
}
/** Taking over the open checkout of an earlier session: the new session, and the key the request must derive to. */
type Adoption = { by: string; key: string }

export abstract class SvcBase extends AbstractPaymentProvider<SvcProviderOptions> {
  protected abstract readonly checkoutType: CheckoutType

  protected readonly client: SvcClient
  protected readonly catalog: SvcCatalog
  protected readonly reads: CheckoutReads
  protected readonly line: CheckoutLine
  /** Medusa's data (a session's collection, cart and order; refunds), through Query */
  protected readonly medusa = new MedusaReads()
  protected readonly logger_: Pick<Logger, "info" | "warn" | "error">

  static override validateOptions(options: Record<string, unknown>): void {
    parseSvcProviderOptions(options)
  }

  constructor(cradle: { logger?: Logger }, options: Record<string, unknown>) {
    super(cradle, parseSvcProviderOptions(options))
    const shared = sharedSvcClient(this.config, cradle.logger)
    this.client = shared.client
    this.catalog = shared.catalog
    this.reads = shared.reads
    this.line = shared.line
    this.logger_ = cradle.logger ?? console
  }

  /**
   * The svc module's service, the one owner of `svc_checkout` and `svc_payout`: every
   * record the provider keeps (a checkout's key, a refund's payout request) goes through
   * it, reached through the application's container, as a provider's own container holds
   * only the payment module. Without it nothing is sent to svc, with a clear error: a key
   * that cannot be stored first must not reach svc.
   */
  protected get svc(): SvcModuleService {
    const service = svcModuleFrom()
    if (service) return service
    throw unexpectedState(
      "svc: the svc module is not loaded (medusa-payment-svc's module); nothing was sent to svc"
    )
  }

  // ---------------------------------------------------------------- creation

  async initiatePayment(input: InitiatePaymentInput) {
    this.checkFirst(input)
    const sessionId = sessionIdOf(input.data?.session_id)
    const amountSen = checkMyrAmount(input.amount, input.currency_code)
    const sf = pickStorefrontData(input.data)
    await this.checkTypeRules(sf)
    const collection = await this.collectionOf(sessionId)
    this.checkCartOf(sf, collection)
    // A paid cart never gets a second link (a shopper could pay it again).
    const paid = collection.cart_completed
      ? "this cart is already an order"
      : collection.paid
        ? "this cart is already paid"
        : null
    if (paid) {
      throw notAllowed(
        `svc: ${paid}; no new payment was started (nothing was charged)`
      )
    }
    const data = await this.createCheckout({
      sessionId,
      amountSen,
      sf,
      collection,
      attempt: 1,
      takeOver: true,
    })
    return { id: data.checkoutId, status: PaymentSessionStatus.PENDING, data }
  }

  /**
   * The same payment asked again in a new session (Medusa replaces the
   * collection's session): when svc already has an open checkout for this
   * collection, provider, amount and buyer details (the ledger's answer to the
   * intent, createCheckout), the new session takes it over: the create is sent
   * again with the first request's key and exact body, so svc answers with that
   * checkout (spec: Idempotency rules 2), and the ledger row moves to the new
   * session. This is what makes a crash after `POST /v1/checkout` left, and
   * before its answer was stored, cost one checkout and not two; it also keeps a
   * shopper who starts the same payment twice on one link. Not the same request:
   * a checkout of its own.
   */
  private async takeOver(args: CreateArgs, open: OpenCheckout) {
    const own = { ...args, takeOver: false }
    // the key is the request of the session that made it, whichever session holds the checkout now
    const adopted = await this.createCheckout({
      ...own,
      sessionId: open.origin_session_id,
      attempt: open.attempt,
      adopt: { by: args.sessionId, key: open.idempotency_key },
    })
    return adopted ?? this.createCheckout(own)
  }

  /**
   * A checkout's amount and buyer details cannot change: a changed amount or
   * bank makes a new checkout with a new key; the old link is left to expire
   * (svc has no merchant cancel). Nothing changed: nothing is sent.
   */
  async updatePayment(input: UpdatePaymentInput) {
    this.checkFirst(input)
    const prev = svcSessionDataSchema.safeParse(input.data ?? {}).data
    const amountSen = checkMyrAmount(input.amount, input.currency_code)
    const sf = pickStorefrontData(input.data)
    if (
      prev &&
      prev.amountSen === amountSen &&
      (sf.bank ?? prev.bank) === prev.bank &&
      (sf.bankType ?? prev.bankType) === prev.bankType &&
      (sf.buyerName ?? prev.buyerName) === prev.buyerName &&
      !FINAL_UNPAID.has(prev.svcStatus)
    )
      return { data: prev }
    const sessionId = sessionIdOf(
      prev ? prev.session_id : input.data?.session_id
    )
    // what the session had, with what the storefront sends now over it
    const merged = pickStorefrontData({ ...prev, ...removeUndefined(sf) })
    await this.checkTypeRules(merged)
    const collection = await this.collectionOf(sessionId)
    this.checkCartOf(merged, collection)
    const data = await this.createCheckout({
      sessionId,
      attempt: (prev?.attempt ?? 0) + 1,
      amountSen,
      sf: merged,
      collection,
    })
    return { status: PaymentSessionStatus.PENDING, data }
  }

  /** A new checkout (never null), or, adopting, the open checkout of an earlier session (null: not the same request). */
  protected async createCheckout(args: CreateArgs): Promise<SvcSessionData>
  protected async createCheckout(
    args: CreateArgs & { adopt: Adoption }
  ): Promise<SvcSessionData | null>
  protected async createCheckout(
    args: CreateArgs & { adopt?: Adoption }
  ): Promise<SvcSessionData | null> {
    const { sessionId, attempt, amountSen, sf } = args
    const type = this.checkoutType
    const [tokenId, addressTo] = await this.wrap(() =>
      Promise.all([this.catalog.tokenId(), this.catalog.addressTo()])
    )
    const redirectUrl = this.redirectUrlFor(args)

    const idempotencyKey = deriveIdempotencyKey([
      sessionId,
      attempt,
      type,
      amountSen,
      tokenId,
      addressTo,
      redirectUrl,
      sf.bank ?? "",
      sf.bankType ?? "",
      sf.buyerName ?? "",
    ])

    // Adopting: only the very same request (same key: same amount, bank, buyer, redirect) replays it.
    if (args.adopt && args.adopt.key !== idempotencyKey) return null

    // No turn at svc's checkout budget for this cart now: it keeps its place in
    // line (src/lib/svc-runtime/checkout-line.ts), and nothing is recorded or sent.
    const member =
      args.collection.cart_id ??
      args.collection.payment_collection_id ??
      sessionId
    await this.takeTurn(member)

    // Persist before sending (spec: Idempotency rules 1). A failure here stops
    // the payment before any request leaves. A key recorded before keeps its stored
    // title: a retry sends svc the very body it was sent under this key.
    const ref = checkoutRef(this.config.apiKey, {
      idempotencyKey,
      amountSen,
      tokenId,
      addressTo,
      type,
    })
    // A session's first checkout is recorded only when no open checkout of its collection can
    // be taken over (one statement): otherwise that checkout is the ledger's answer (takeOver). A
    // failed statement stops the payment (nothing sent): going on could give a collection with an
    // open checkout a second one.
    const intent = await this.svc.checkouts
      .recordIntent(
        {
          paymentSessionId: sessionId,
          paymentCollectionId: args.collection.payment_collection_id,
          providerId: this.getIdentifier(),
          attempt,
          type,
          idempotencyKey,
          title: checkoutTitle({ prefix: this.config.titlePrefix, ref }),
          amountSen,
        },
        !!args.takeOver
      )
      .catch(
        args.takeOver
          ? this.notStarted(`record the checkout of session ${sessionId}`)
          : (e: unknown) => Promise.reject(e)
      )
    if (intent.open) return this.takeOver(args, intent.open)
    const { title } = intent

    // The fields in the order every version has sent them: svc compares a replay's body with the first.
    const { description, feeMode } = this.config
    const common = {
      addressTo,
      amount: amountSen,
      tokenId,
      redirectUrl,
      title,
      ...(description ? { description } : {}),
    }
    const { buyerName, bank, bankType } = sf
    let body: CheckoutCreateBody
    if (type === "SVC_ACCOUNT") body = { type, ...common }
    else if (type === "FPX_HOSTED") body = { type, ...common, feeMode }
    else if (buyerName && bank && bankType)
      body = { type, ...common, feeMode, buyerName, bank, bankType }
    // checkTypeRules refused this payment before its key was made: not reached.
    else
      throw unexpectedState(
        "svc FPX direct: bank, bankType and buyerName are missing"
      )

    const created = await createWithReconciliation(
      { client: this.client, ledger: this.svc.checkouts, logger: this.logger_ },
      this.config,
      body,
      idempotencyKey,
      title
    ).catch(async (e: unknown) => {
      // the budget had no room after all (another server took it): back to its place
      if (e instanceof SaidError && e.said.code === "error.tooManyRequests")
        await this.takeTurn(member)
      throw e
    })
    await this.line.done(member, true)
    const by = { checkout: created.checkoutId }
    await this.svc.checkouts.recordCreated(idempotencyKey, created, {
      expired: english(say("history.replacedExpired", by)),
      open: english(say("history.replaced", by)),
    })
    if (args.adopt) {
      await this.svc.checkouts.reassign(
        idempotencyKey,
        args.adopt.by,
        english(say("history.adopted", { session: args.adopt.by }))
      )
      this.logger_.info(
        `svc: payment session ${args.adopt.by} took over checkout ${created.checkoutId} of session ${sessionId} (same payment asked again)`
      )
    }
    return {
      session_id: args.adopt?.by ?? sessionId,
      type,
      attempt,
      idempotencyKey,
      title,
      amountSen,
      tokenId,
      addressTo,
      checkoutId: created.checkoutId,
      checkoutUrl: created.checkoutUrl,
      expiresAt: created.expiresAt,
      svcStatus: "CREATED",
      failureReason: null,
      ...(type === "FPX_DIRECT" ? { bank, bankType, buyerName } : {}),
      ...(sf.cart_id ? { cart_id: sf.cart_id } : {}),
    }
  }

  /** The cart's turn at svc's checkout budget, or an error that says its place and wait. */
  private async takeTurn(member: string): Promise<void> {
    const a = await this.line.visit(member)
    if (a.status === "turn") return
    throw new SvcTryAgainError(
      a.status === "waiting"
        ? say("error.inLine", { place: a.place, wait: a.wait_seconds })
        : say("error.lineFull", { wait: a.retry_after_seconds })
    )
  }

  /**
   * The payment collection of a session, its cart and order, and whether it is paid (Query).
   * A failed read stops the payment before anything is sent: going on could give a paid cart
   * a second link, or a collection with an open checkout a second one.
   */
  private collectionOf(sessionId: string): Promise<CollectionContext> {
    return this.medusa
      .collectionOfSession(sessionId)
      .catch(
        this.notStarted(`read the payment collection of session ${sessionId}`)
      )
  }

  /**
   * The storefront's `cart_id` goes in the redirect URL svc sends the shopper back to: it
   * must be the cart of the session's payment collection, or a shopper could point svc's
   * redirect, after paying one cart, at another cart.
   */
  private checkCartOf(sf: StorefrontData, collection: CollectionContext) {
    if (
      sf.cart_id &&
      collection.payment_collection_id &&
      sf.cart_id !== collection.cart_id
    )
      throw invalidData(say("input.notCartOfCollection"))
  }

  /** A read that failed before anything was sent: logged, and the payment not started. */
  private notStarted(what: string) {
    return (e: unknown): never => {
      this.logger_.error(`svc: could not ${what}: ${errorText(e)}`)
      throw unexpectedState(
        "svc: the payment could not be started; try again in a moment (nothing was charged)"
      )
    }
  }

  /**
   * The redirectUrl of a checkout (src/providers/svc/redirect-url.ts), with the collection's
   * cart, order and id as read for the session that asks now (an adopted session's own row may
   * already be deleted).
   */
  private redirectUrlFor({ collection: ctx, sessionId, sf }: CreateArgs) {
    try {
      return buildRedirectUrl(this.config.redirectUrl, {
        cart_id: sf.cart_id ?? ctx.cart_id,
        session_id: sessionId,
        order_id: ctx.order_id,
        payment_collection_id: ctx.payment_collection_id,
      })
    } catch (e) {
      if (!(e instanceof RedirectUrlError)) throw e
      this.logger_.error(`svc: ${e.message}`)
      throw unexpectedState(
        "svc payment is unavailable for this payment right now; please contact the store (nothing was charged)"
      )
    }
  }

  // ---------------------------------------------------------------- status

  async authorizePayment(input: PaymentProviderInput) {
    return this.readStatus(input.data, "authorize")
  }

  async getPaymentStatus(input: PaymentProviderInput) {
    return this.readStatus(input.data, "status")
  }

  async retrievePayment(input: PaymentProviderInput) {
    const { data } = await this.readStatus(input.data, "retrieve")
    return { data }
  }

  /**
   * Read the checkout from svc and map it. The checkout must be the one this
   * session created (same id, amount, token, address, title MAC): anything else
   * is refused, never authorized.
   */
  protected async readStatus(
    raw: Record<string, unknown> | undefined,
    source: string
  ): Promise<{ status: PaymentSessionStatus; data: Record<string, unknown> }> {
    const d = svcSessionDataSchema.safeParse(raw ?? {}).data
    if (!d) {
      throw invalidData(
        "svc: this payment session has no svc checkout yet; initiate the payment session again"
      )
    }
    const c = await this.currentCheckout(d)
    const mismatch = this.mismatch(c, d)
    if (mismatch) {
      this.logger_.error(
        `svc: checkout ${d.checkoutId} does not match session ${d.session_id}: ${mismatch}`
      )
      throw notAllowed(
        `svc: checkout ${d.checkoutId} does not match this payment session (${mismatch}); it was not accepted`
      )
    }
    const expired =
      !["COMPLETED", ...FINAL_UNPAID].includes(c.status) &&
      Date.parse(c.expiresAt) <= Date.now()
    const status = toSessionStatus(c.status, expired)
    const reason =
      status === PaymentSessionStatus.ERROR
        ? failureReason(c.status, expired)
        : null
    const svcStatus = expired && c.status !== "FAILED" ? "EXPIRED" : c.status
    const paid = { paidAt: c.paidAt ?? null, txHash: c.txHash ?? null }
    // A final status this process already wrote to the ledger (the settle workflow, just before
    // it asks Medusa to record the capture) is not written again.
    if (!this.reads.isRecorded(c.checkoutId))
      await this.svc.checkouts
        .recordStatus(c.checkoutId, {
          status: svcStatus,
          source,
          ...paid,
          failureReason: reason,
        })
        .then(() => this.reads.markRecorded(c.checkoutId))
        .catch((e) => {
          this.logger_.warn(
            `svc: could not record checkout status: ${errorText(e)}`
          )
          // A payment Medusa records is COMPLETED in the ledger first: the job's search for paid
          // carts without an order starts from the ledger's COMPLETED rows. Not recorded: not
          // captured now (nothing moves; the next read, webhook, watcher or job, captures it).
          if (status === PaymentSessionStatus.CAPTURED) {
            throw unexpectedState(
              "svc: the payment was received but could not be recorded yet; try again in a moment"
            )
          }
        })
    return { status, data: { ...d, svcStatus, failureReason: reason, ...paid } }
  }

  /**
   * The checkout as svc last said it, at the least cost: a final status svc
   * gave earlier (kept in this process, or recorded in the ledger by any
   * instance) is not asked again, since svc never moves a checkout out of it;
   * otherwise one read, shared with any concurrent read of the same checkout.
   */
  protected async currentCheckout(d: SvcSessionData): Promise<SvcCheckoutRead> {
    const cached = this.reads.cachedFinal(d.checkoutId)
    if (cached) return cached
    // the ledger records statuses read from svc only (never a webhook body), and a final one never moves
    const row = await this.svc.checkouts
      .byCheckoutId(d.checkoutId)
      .catch(() => undefined)
    if (
      row &&
      FINAL_CHECKOUT_STATUS.includes(row.status) &&
      row.title === d.title &&
      Number(row.amount_sen) === d.amountSen
    ) {
      return {
        checkoutId: d.checkoutId,
        type: d.type,
        status: row.status,
        amount: String(row.amount_sen),
        addressTo: d.addressTo,
        tokenId: d.tokenId,
        title: row.title,
        paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
        txHash: row.tx_hash,
        expiresAt: d.expiresAt,
      }
    }
    return this.wrap(() => this.reads.read(d.checkoutId))
  }

  /** Why a checkout read from svc is not the one this session asked for, or null. */
  protected mismatch(c: SvcCheckoutRead, d: SvcSessionData): string | null {
    if (c.checkoutId !== d.checkoutId) return "checkout id differs"
    if (String(c.amount) !== String(d.amountSen))
      return `amount ${c.amount} sen, expected ${d.amountSen} sen`
    if (c.tokenId.toLowerCase() !== d.tokenId.toLowerCase())
      return "token differs"
    if (c.addressTo.toLowerCase() !== d.addressTo.toLowerCase())
      return "receiving address differs"
    if (c.title !== d.title) return "title differs"
    return null
  }

  // ---------------------------------------------------------------- money after the fact

  /** svc settles on-chain when the checkout completes: there is nothing left to capture. */
  async capturePayment(input: PaymentProviderInput) {
    const { status, data } = await this.readStatus(input.data, "capture")
    if (status !== PaymentSessionStatus.CAPTURED) {
      throw notAllowed(
        `svc: nothing to capture yet, the checkout is ${String(data.svcStatus)}; svc captures when the buyer's payment completes`
      )
    }
    return { data }
  }

  /**
   * svc has no merchant cancel for a checkout: the link expires 20 minutes
   * after creation. The session is marked canceled here; should the buyer pay
   * the link anyway, the webhook or the job flags the payment for a refund.
   */
  async cancelPayment(input: PaymentProviderInput) {
    const canceledInMedusaAt = new Date().toISOString()
    return { data: { ...input.data, canceledInMedusaAt } }
  }

  async deletePayment(input: PaymentProviderInput) {
    return this.cancelPayment(input)
  }

  /** A refund is an svc payout the admin named first: src/workflows/refund-to-bank/send-payout.ts. */
  async refundPayment(input: RefundPaymentInput) {
    return sendRefundPayout(
      {
        payouts: this.svc,
        client: this.client,
        events: appContainer,
        medusa: this.medusa,
        logger: this.logger_,
      },
      input
    )
  }

  // ---------------------------------------------------------------- webhooks

  /**
   * `checkout.updated` through Medusa's /hooks/payment/<identifier>_<id>. The
   * plugin's own subscriber settles it (src/subscribers/svc-payment-webhook.ts:
   * once per final status, serialized per checkout, with at most one shared
   * read of svc). Core's subscriber is told not_supported, so it starts no
   * processPaymentWorkflow of its own: several events of one payment used to
   * start several workflows fighting for the cart lock (docs/architecture.md).
   * No svc call, no write.
   */
  async getWebhookActionAndData(_payload: unknown) {
    return { action: PaymentActions.NOT_SUPPORTED }
  }

  // ---------------------------------------------------------------- checks

  /** Per-type rules checked before anything else, on a new or changed payment. Overridden by FPX direct. */
  protected checkFirst(_input: InitiatePaymentInput): void {}

  /** Per-type rules checked before svc is called. Overridden by FPX direct. */
  protected async checkTypeRules(_sf: StorefrontData): Promise<void> {}

  protected async wrap<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn()
    } catch (e) {
      throw toShopperError(e, "talking to svc", this.logger_) // a MedusaError as it is
    }
  }
}

/** The payment session id Medusa gave the provider, or an error naming it. */
function sessionIdOf(id: unknown): string {
  const sessionId = String(id ?? "")
  if (sessionId) return sessionId
  throw invalidData("svc: the payment session id is missing (data.session_id)")
}
