import type {
  MedusaContainer,
  OrderDTO,
  PaymentCollectionDTO,
  RegionDTO,
  ReturnDTO,
} from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  PaymentSessionStatus,
} from "@medusajs/framework/utils"
import { fromSen, MAX_AMOUNT_SEN, MIN_AMOUNT_SEN } from "../../client"
import { medusaAmountToSen } from "../../rules/medusa-amount"
import { english, say, type Said } from "../../lib/texts"
import { notFound } from "../../lib/svc-runtime/errors"
import { activeOrderChange, graphOne } from "../../lib/medusa-data/medusa-reads"

/**
 * An order's balance: what the buyer still owes after checkout (an order edit
 * that added an item, an exchange or claim with a difference due, a draft
 * order converted unpaid), and the svc checkout link that asks for it.
 *
 * The amount is Medusa's own: the order summary's `pending_difference`, put on
 * the order's unpaid payment collection by Medusa's own workflow
 * (createOrUpdateOrderPaymentCollectionWorkflow, what an order edit's confirm
 * runs), and the link is a payment session on that collection
 * (createPaymentSessionsWorkflow, what `POST /store/payment-collections/:id/payment-sessions`
 * runs), so the svc provider makes the checkout exactly as for a cart. Paid, the
 * settle path captures it (src/workflows/settle-checkout: no cart, nothing to complete).
 */

type Container = MedusaContainer

/** Collections Medusa still expects money on (createOrUpdateOrderPaymentCollectionWorkflow updates these). */
export const UNPAID = new Set(["not_paid", "awaiting"])
export const SVC_PROVIDER = /^pp_svc-(wallet|fpx|fpx-direct)_[A-Za-z0-9_-]+$/
/** The titles of the svc methods a merchant can send a link for (not FPX direct: it needs the buyer's bank). */
const TITLES: Record<string, string> = {
  wallet: "svc wallet",
  fpx: "FPX online banking",
}

/** The open svc link of an unpaid collection: its payment session and svc's checkout. */
export type BalanceLink = NonNullable<ReturnType<typeof linkOf>>
export type OrderBalance = ReturnType<typeof balanceOf>

// Query's rows are untyped without Medusa's generated types: Medusa's own types of the fields asked for
type LoadedOrder = OrderDTO & {
  region?: RegionDTO
  returns?: ReturnDTO[]
  payment_collections?: (PaymentCollectionDTO & { raw_amount?: unknown })[]
}

/** Returns whose items are not all back (Medusa counts returned items in the order's balance only once received). */
const OPEN_RETURN = new Set(["open", "requested", "partially_received"])

export async function loadOrder(container: Container, orderId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const order = await graphOne<LoadedOrder>(query, "order", orderId, [
    "id",
    "display_id",
    "status",
    "currency_code",
    "email",
    "region_id",
    "region.payment_providers.id",
    "region.payment_providers.is_enabled",
    "summary",
    "returns.id",
    "returns.status",
    "payment_collections.*",
    "payment_collections.payment_sessions.*",
  ])
  if (!order) throw notFound(say("link.orderNotFound", { order: orderId }))
  const providers = (order.region?.payment_providers ?? [])
    .filter((p) => p && p.is_enabled !== false)
    .map((p) => p.id)
  // an amount due (an exchange paid before its return arrives) may clear once the return is received
  const returns = (order.returns ?? []).filter((r) => OPEN_RETURN.has(r.status))
  return {
    order,
    providers,
    change: await activeOrderChange(query, orderId),
    returns,
  }
}

const timeOf = (v: string | Date) => new Date(v).getTime() || 0

function linkOf(collection?: PaymentCollectionDTO) {
  const sessions = [...(collection?.payment_sessions ?? [])]
    .filter((s) => s && SVC_PROVIDER.test(s.provider_id))
    .sort((a, b) => timeOf(b.created_at) - timeOf(a.created_at))
  for (const s of sessions) {
    const d = s.data ?? {}
    if (s.status !== PaymentSessionStatus.PENDING) continue
    if (
      typeof d.checkoutUrl !== "string" ||
      typeof d.checkoutId !== "string" ||
      typeof d.expiresAt !== "string"
    )
      continue
    if (!(Date.parse(d.expiresAt) > Date.now())) continue
    return {
      session_id: s.id,
      provider_id: s.provider_id,
      checkout_id: d.checkoutId,
      checkout_url: d.checkoutUrl,
      expires_at: d.expiresAt,
      amount_sen: Number(d.amountSen),
      svc_status: String(d.svcStatus ?? "CREATED"),
    }
  }
  return null
}

export function balanceOf(loaded: Awaited<ReturnType<typeof loadOrder>>) {
  const { order, providers } = loaded
  const pending =
    order.summary?.raw_pending_difference ??
    order.summary?.pending_difference ??
    0
  const outstandingSen = Math.max(
    0,
    medusaAmountToSen(pending, "summary.pending_difference")
  )
  const unpaid = (order.payment_collections ?? []).find(
    (c) => c && UNPAID.has(c.status)
  )
  const svcProviders = providers.flatMap((id) => {
    const title = TITLES[SVC_PROVIDER.exec(id)?.[1] ?? ""]
    return title ? [{ id, title }] : []
  })
  const said = refusalOf(loaded, outstandingSen, svcProviders.length)
  const refusal = said && english(said)
  return {
    order_id: order.id,
    display_id: order.display_id ?? null,
    /** Medusa's order status (pending, completed, canceled, draft, …). */
    status: order.status,
    currency_code: order.currency_code,
    /** Medusa's pending difference, exactly as Medusa holds it (major units, e.g. "39.852"). */
    outstanding: decimalOf(pending),
    /** The same, rounded half-up to the sen as svc's checkout will be. */
    outstanding_sen: outstandingSen,
    payment_collection: unpaid
      ? {
          id: unpaid.id,
          status: unpaid.status,
          amount_sen: medusaAmountToSen(
            unpaid.raw_amount ?? unpaid.amount,
            "payment_collection.amount"
          ),
        }
      : null,
    /** The svc methods a merchant can send a link for (FPX direct needs the buyer's bank: the buyer's to choose). */
    providers: svcProviders,
    /** The open svc link of the unpaid collection, if one is still valid. */
    link: linkOf(unpaid),
    /** Why no link can be asked for now (a sentence), or null. */
    refusal,
  }
}

/** Why no link can be asked for now, or null. */
function refusalOf(
  { order, change: c, returns }: Awaited<ReturnType<typeof loadOrder>>,
  outstandingSen: number,
  svcProviders: number
): Said | null {
  if (order.status === "canceled")
    return say("balance.canceled", { order: order.id })
  if (order.status === "draft") return say("balance.draft", { order: order.id })
  if (String(order.currency_code).toLowerCase() !== "myr")
    return say("balance.notMyr", {
      currency: String(order.currency_code).toUpperCase(),
    })
  if (c)
    return say("balance.changeInProgress", {
      order: order.id,
      kind: c.change_type ?? "change",
      change: c.id,
      status: c.status,
    })
  if (outstandingSen <= 0)
    return say("balance.nothingDue", { order: order.id, zero: fromSen(0) })
  if (outstandingSen < MIN_AMOUNT_SEN || outstandingSen > MAX_AMOUNT_SEN) {
    const range = say("balance.outOfRange", {
      amount: fromSen(outstandingSen),
      min: fromSen(MIN_AMOUNT_SEN),
      max: fromSen(MAX_AMOUNT_SEN),
    })
    return returns.length
      ? say("balance.outOfRangeReturns", {
          refusal: english(range),
          returns: returns.map((r) => r.id).join(", "),
          status: returns[0]!.status,
        })
      : range
  }
  if (!svcProviders)
    return say("balance.noProvider", { region: order.region_id ?? "(none)" })
  return null
}

/** Medusa's amount as decimal text (BigNumber, its raw form, or a number). */
function decimalOf(v: unknown): string {
  return String(v && typeof v === "object" && "value" in v ? v.value : v)
}

/** GET: the order's balance and its open link, if any. */
export async function orderBalance(
  container: Container,
  orderId: string
): Promise<OrderBalance> {
  return balanceOf(await loadOrder(container, orderId))
}

/**
 * POST: an svc checkout link for the order's outstanding amount, made by the
 * balance payment link workflow (src/workflows/balance-payment-link) with the
 * steps in ./steps.ts, one request per order at a time (the workflow's lock: two
 * admins, a double click; the second sees the first's collection and link, so an
 * order never gets two collections for one balance).
 *
 * Every check comes before anything is written or sent (checkBalanceRequestStep): the
 * order can owe through svc (not canceled, not a draft, MYR, no order change in
 * progress, an amount in svc's range), the method is enabled in its region, and a
 * named collection is this order's unpaid one. Then Medusa's own workflows: the
 * unpaid collection gets the pending difference, or is created
 * (updateBalanceCollectionStep), and a payment session on it makes the svc checkout
 * (createBalanceSessionStep). Asked again while svc's link is still open (same
 * collection, method and amount) the provider gives the same link (svc-base
 * adoptOpenCheckout): one open link per balance; once it has expired or failed, a new one.
 *
 * Its body (src/api/admin/svc/orders/validators.ts checks it):
 */
export type PaymentLinkBody = {
  provider_id: string
  payment_collection_id?: string
}
