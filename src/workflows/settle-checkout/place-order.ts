import type { MedusaContainer } from "@medusajs/framework/types"
import { randomUUID } from "node:crypto"
import {
  ContainerRegistrationKeys,
  MathBN,
  MedusaError,
  Modules,
} from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { completeCartWorkflow } from "@medusajs/core-flows"
import { svcInstruments } from "../../client/telemetry"
import { SVC_MODULE, type SvcModuleService } from "../../modules/svc"
import type { SettleSource } from "./steps"
import {
  giveCheckoutLock,
  LOCK_ERROR,
  messageOf,
  takeCheckoutLock,
} from "./checkout-lock"
import { MedusaReads } from "../../lib/medusa-data/medusa-reads"
import { emitSvcEvent, SvcEvents } from "../../lib/events/svc-events"
import { english, say, type Said } from "../../lib/texts"

type Container = MedusaContainer
const ledgerOf = (c: Container) =>
  c.resolve<SvcModuleService>(SVC_MODULE).checkouts
export { messageOf }

/**
 * A paid cart is retried until it is an order.
 *
 * Medusa's cart completion (completeCartWorkflow) holds the cart lock with a
 * 2-minute lease; a process killed inside a completion leaves the lock held
 * for the rest of that lease, and every completion meanwhile fails after its
 * 30-second wait. The settle path used to try once and flag the payment for an
 * admin. Now a held lock is "try later": the cart is completed again by the
 * watcher (seconds) and the job (minutes) once the lock can be taken, with a
 * back-off per cart. Only what cannot be completed (the cart changed after
 * payment, stock gone, region removed) is flagged, with its reason in words.
 */

/**
 * Retries while Medusa's cart lock is held: 10 s, then every 20 s. The lock's lease is 2 min and
 * its end cannot be read through the locking module, so the retries stay close together: the order
 * comes at most 20 s after the lease ends (a retry while it is held costs a lock probe, no svc call).
 */
export const LOCK_BACKOFF = { baseS: 10, capS: 20 }
/** Retries after an unexpected error (a database hiccup, a dead connection): 10 s doubling up to 15 min. */
export const ERROR_BACKOFF = { baseS: 10, capS: 900 }
/** A payment younger than this is left to the completion that made it. */
const GRACE_S = 20

export type OrderAttempt =
  | { outcome: "placed"; orderId: string; now: boolean }
  | { outcome: "later"; reason: string; retryAt?: Date }
  | { outcome: "impossible"; reason: string }

export type PaidCartRef = {
  checkout_id: string
  cart_id: string
  payment_session_id: string
  /** the amount Medusa recorded for the session (decimal text), when the caller has it */
  paid?: string
  /** attempts at the order a run already left for later, when the caller read the row */
  order_attempts?: number
  /**
   * cartCannotComplete's answer when the caller read the cart's facts already (the settle
   * workflow's judge step, in its one Query): the cart is not read again
   */
  cannot?: string | null
}

/** The reason a completion error will not pass with time, or null when trying later may work. */
export function permanentReason(e: unknown): string | null {
  const message = messageOf(e)
  const type = e && typeof e === "object" && "type" in e ? e.type : null
  if (LOCK_ERROR.test(message) || !PERMANENT.has(String(type))) return null
  return /inventory|stock/i.test(message)
    ? english(say("attention.stockGone", { message }))
    : message
}
const PERMANENT = new Set<string>([
  MedusaError.Types.INVALID_DATA,
  MedusaError.Types.NOT_ALLOWED,
  MedusaError.Types.NOT_FOUND,
])

async function orderOfCart(
  container: Container,
  cartId: string
): Promise<string | undefined> {
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({
      entity: "order_cart",
      fields: ["order_id"],
      filters: { cart_id: cartId },
    })
  return data[0]?.order_id
}

/** The cart's facts the completion check needs (cannotComplete), as a Query of the cart returns them. */
export type CartFacts = {
  id: string
  region_id: string | null
  total: number | string | null
  region?: { id: string } | null
  payment_collection?: {
    payment_sessions?:
      | {
          id: string
          amount: unknown
          raw_amount?: { value?: unknown } | null
        }[]
      | null
  } | null
}

/** The cart's fields cannotComplete reads (under `prefix`, e.g. "payment_collection.cart." from a payment session). */
export const cartCheckFields = (prefix = "") =>
  ["id", "region_id", "total", "region.id"].map((f) => prefix + f)

/**
 * What makes this paid cart impossible to complete as it was paid, from its facts: the
 * cart or its region is gone, or its total is no longer the amount paid (a cart changed
 * after payment would become an order for another sum).
 */
export function cartCannotComplete(
  cart: CartFacts | null | undefined,
  ref: Omit<PaidCartRef, "checkout_id">
): string | null {
  if (!cart) return english(say("attention.cartGone", { cart: ref.cart_id }))
  if (!cart.region_id)
    return english(say("attention.cartNoRegion", { cart: ref.cart_id }))
  if (!cart.region)
    return english(say("attention.regionRemoved", { region: cart.region_id }))
  const session = cart.payment_collection?.payment_sessions?.find(
    (s) => s.id === ref.payment_session_id
  )
  const paid =
    ref.paid ??
    (session ? String(session.raw_amount?.value ?? session.amount) : null)
  if (paid != null && cart.total != null && !MathBN.eq(cart.total, paid)) {
    return english(
      say("attention.cartChanged", {
        total: MathBN.convert(cart.total).toString(),
        paid: MathBN.convert(paid).toString(),
      })
    )
  }
  return null
}

/** cartCannotComplete on one read of the cart: the cart, its region (a link) and, when the caller does not know it, what the session was paid. */
async function cannotComplete(
  container: Container,
  ref: PaidCartRef
): Promise<string | null> {
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({
      entity: "cart",
      fields: [
        ...cartCheckFields(),
        ...(ref.paid == null
          ? ["id", "amount", "raw_amount"].map(
              (f) => `payment_collection.payment_sessions.${f}`
            )
          : []),
      ],
      filters: { id: ref.cart_id },
    })
  return cartCannotComplete(data[0], ref)
}

/**
 * Complete the paid cart once, with the same idempotency as the settle path:
 * completeCartWorkflow checks for the cart's order under Medusa's cart lock and
 * authorizes the session idempotently (an authorized or captured session
 * returns its one payment), so a run repeated after any crash makes one order
 * and no second capture. Medusa's cart lock is probed first (taken and given
 * back at once, never waited for): a lock held by a live completion or a killed
 * process is "later", not a 30-second wait per cart. Records the outcome on the
 * checkout's row.
 */
export async function placePaidOrder(
  container: Container,
  ref: PaidCartRef,
  source: SettleSource
): Promise<OrderAttempt> {
  const ledger = ledgerOf(container)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const { checkout_id, cart_id, payment_session_id } = ref
  const ids = { checkout_id, cart_id, payment_session_id }
  // the deferred attempts before this one (0 or none: the first)
  const n =
    ref.order_attempts ??
    (await ledger.byCheckoutId(checkout_id))?.order_attempts
  const placed = async (orderId: string, now: boolean) => {
    const order = orderId
    const detail = now
      ? n
        ? say("history.orderPlacedAfter", { order, source, n })
        : say("history.orderPlaced", { order, source })
      : n
        ? say("history.orderFoundAfter", { order, n })
        : say("history.orderFound", { order })
    if (
      await ledger.recordOrderPlaced(checkout_id, orderId, {
        status: "ORDER_PLACED",
        source,
        detail: english(detail),
      })
    )
      await emitSvcEvent(container, SvcEvents.PAID_CART_RESOLVED, {
        ...ids,
        order_id: orderId,
      })
    return { outcome: "placed", orderId, now } as const
  }
  const later = async (reason: Said, backoff: typeof LOCK_BACKOFF) => {
    const { retryAt, cleared } = await ledger.recordOrderLater(
      checkout_id,
      english(reason),
      backoff,
      { status: "ORDER_DEFERRED", source }
    )
    // a flag from before is back to the plugin's own retries: no person is needed for it now
    if (cleared)
      await emitSvcEvent(container, SvcEvents.PAID_CART_RESOLVED, {
        ...ids,
        order_id: null,
      })
    return { outcome: "later", reason: english(reason), retryAt } as const
  }
  const impossible = async (why: string) => {
    const reason = english(say("attention.noOrder", { cart: cart_id, why }))
    const status = { status: "ORDER_IMPOSSIBLE", source }
    if (await ledger.recordOrderImpossible(checkout_id, reason, status))
      await emitSvcEvent(container, SvcEvents.PAID_CART_NEEDS_ATTENTION, ids)
    logger.warn(`svc: checkout ${checkout_id}: ${reason}`)
    return { outcome: "impossible", reason } as const
  }

  // The caller's read of the cart that found it completable (the judge's Query, the cart's order
  // with it) stands for this one: an order made since is answered by completeCartWorkflow, which reads
  // the cart's order under the cart's lock.
  if (ref.cannot !== null) {
    const existing = await orderOfCart(container, cart_id)
    if (existing) return placed(existing, false)
  }
  const cannot =
    ref.cannot !== undefined ? ref.cannot : await cannotComplete(container, ref)
  if (cannot) return impossible(cannot)

  const locking = container.resolve(Modules.LOCKING)
  const ownerId = `svc-probe:${randomUUID()}`
  try {
    await locking.acquire(cart_id, { ownerId, expire: 5 })
  } catch {
    return later(say("history.cartLocked", { cart: cart_id }), LOCK_BACKOFF)
  }
  await locking.release(cart_id, { ownerId })

  let made: string | undefined
  try {
    // run, not runAsStep: its failure is judged here (an order made anyway, impossible, or later)
    made = (
      await completeCartWorkflow(container).run({ input: { id: cart_id } })
    ).result?.id
  } catch (e) {
    const orderId = await orderOfCart(container, cart_id)
    if (orderId) return placed(orderId, true)
    const permanent = permanentReason(e)
    if (permanent) return impossible(permanent)
    const message = messageOf(e)
    logger.warn(
      `svc: checkout ${checkout_id}: completing cart ${cart_id} after payment: ${message}; trying again later`
    )
    return later(
      say("history.completing", { cart: cart_id, error: message }),
      LOCK_ERROR.test(message) ? LOCK_BACKOFF : ERROR_BACKOFF
    )
  }
  const orderId = made ?? (await orderOfCart(container, cart_id))
  if (!orderId)
    return later(say("history.noOrderMade", { cart: cart_id }), ERROR_BACKOFF)
  logger.info(
    `svc: checkout ${checkout_id}: cart ${cart_id} is order ${orderId} (${source}${n ? ` after ${n} deferred attempt(s)` : ""})`
  )
  return placed(orderId, true)
}

/** Rows read per page of the ledger's candidates, and pages per pass at most. */
const CANDIDATE_PAGE = 200
const CANDIDATE_PAGES = 10

type PaidCart = Omit<CompletePaidCartInput, "source"> & { paid_at: Date }

/**
 * Paid carts without an order, oldest payment first, at most `limit`: an svc payment
 * Medusa recorded (authorized or captured, not canceled) for the session's current
 * checkout, whose cart has no order, due for an attempt (a payment younger than
 * GRACE_S is left to the completion that made it). The ledger gives the rows that may
 * be one (its own table); Medusa's payment, cart and order are read with Query through
 * Medusa's links. A candidate whose cart is an order has it recorded on its row, which
 * then drops out of later passes.
 */
async function paidWithoutOrder(
  container: Container,
  limit: number,
  scope: "due" | "all"
): Promise<PaidCart[]> {
  const ledger = ledgerOf(container)
  const medusa = new MedusaReads(container)
  const found: PaidCart[] = []
  const now = Date.now()
  let after: string | null = null
  for (let page = 0; page < CANDIDATE_PAGES; page++) {
    const rows = await ledger.mayBePaidWithoutOrder(
      scope,
      CANDIDATE_PAGE,
      after
    )
    after = rows.at(-1)?.id ?? null
    const carts = await medusa.sessionCarts([
      ...new Set(rows.map((r) => r.payment_session_id)),
    ])
    for (const r of rows) {
      const c = carts.get(r.payment_session_id)
      if (!c || c.checkout_id !== r.checkout_id || !c.payment || !c.cart_id)
        continue
      if (c.order_id) {
        const order = c.order_id
        await ledger.recordOrderFound(
          r.checkout_id,
          order,
          english(say("history.placedByAnother", { order }))
        )
      } else if (
        r.order_retry_at
          ? new Date(r.order_retry_at).getTime() <= now
          : c.payment.created_at.getTime() + GRACE_S * 1000 <= now
      )
        found.push({
          checkout_id: r.checkout_id,
          cart_id: c.cart_id,
          payment_session_id: r.payment_session_id,
          paid_at: c.payment.created_at,
          order_attempts: Number(r.order_attempts ?? 0),
        })
    }
    if (rows.length < CANDIDATE_PAGE) break
  }
  return found
    .sort((a, b) => a.paid_at.getTime() - b.paid_at.getTime())
    .slice(0, limit)
}

/** The lock every settlement of a checkout takes (settle workflow, paid-cart workflow): one at a time, in any process. */
export const checkoutLockKey = (checkoutId: string) =>
  `svc:checkout:${checkoutId}`

export type CompletePaidCartInput = {
  checkout_id: string
  cart_id: string
  payment_session_id: string
  order_attempts?: number
  source: SettleSource
}

/** The checkout's lock, and this run's own name as its holder (only the holder releases it). */
const nameCheckoutLockStep = createStep(
  "svc-name-checkout-lock",
  async (input: { checkout_id: string }) =>
    new StepResponse({
      key: checkoutLockKey(input.checkout_id),
      owner_id: `svc-paid-cart:${randomUUID()}`,
    })
)

const placePaidOrderStep = createStep(
  "svc-place-paid-order",
  async (input: CompletePaidCartInput, { container }) =>
    new StepResponse(await placePaidOrder(container, input, input.source))
)

/**
 * A paid cart without an order (its settlement stopped, or Medusa's cart lock was held)
 * becomes one: under the checkout's lock, waited for 1 s at most (a settlement of the
 * same checkout in progress elsewhere makes this run fail "busy": the next one comes).
 */
export const completePaidCartWorkflow = createWorkflow(
  "svc-complete-paid-cart",
  (input: CompletePaidCartInput) => {
    const lock = nameCheckoutLockStep(input)
    takeCheckoutLock(lock, 1)
    const attempt = placePaidOrderStep(input)
    giveCheckoutLock(lock)
    return new WorkflowResponse(attempt)
  }
)

export type PaidCartsReport = Record<
  "found" | "placed" | "later" | "impossible" | "busy" | "errors",
  number
>

/**
 * The job's and the watcher's pass over paid carts without an order: a page of
 * `limit`, oldest payment first, each due for its next attempt (`scope` "due":
 * only carts a run left for later, for the watcher's frequent ticks; "all": any
 * svc payment without an order, for the job); one at a time, each a run of
 * completePaidCartWorkflow.
 */
export async function completePaidCarts(
  container: Container,
  opts: {
    limit: number
    source: Exclude<SettleSource, "webhook">
    scope?: "due" | "all"
  }
): Promise<PaidCartsReport> {
  const candidates = await paidWithoutOrder(
    container,
    opts.limit,
    opts.scope ?? "all"
  )
  const report: PaidCartsReport = {
    found: candidates.length,
    placed: 0,
    later: 0,
    impossible: 0,
    busy: 0,
    errors: 0,
  }
  for (const { paid_at, ...c } of candidates) {
    try {
      const { result: r } = await completePaidCartWorkflow(container).run({
        input: { ...c, source: opts.source },
      })
      report[r.outcome]++
      // a paid cart placed by a later pass: the lag from its capture (Medusa's payment), the closest time this pass holds
      if (r.outcome === "placed" && r.now)
        svcInstruments().settleLag.record(
          Math.max(0, Date.now() - paid_at.getTime()) / 1000,
          { "svc.settle.source": opts.source }
        )
    } catch (e) {
      // the checkout's own lock (a settlement of it in progress): next run; anything else is logged
      // and the cart comes back after its grace, the others of the page still get their turn
      if (LOCK_ERROR.test(messageOf(e))) report.busy++
      else {
        report.errors++
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(
            `svc: completing paid cart ${c.cart_id} (checkout ${c.checkout_id}): ${messageOf(e)}`
          )
      }
    }
  }
  return report
}
