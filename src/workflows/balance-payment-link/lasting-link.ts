import type { InferTypeOf, MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MedusaError,
  Modules,
} from "@medusajs/framework/utils"
import type { SvcModuleService } from "../../modules/svc"
import type SvcPaymentLink from "../../modules/svc/models/svc-payment-link"
import { SVC_MODULE } from "../../lib/svc-runtime/module-key"
import { findSvcProviderConfig } from "../../lib/svc-runtime/config"
import { linkSecret } from "./link-secret"
import { linkBaseUrl, linkUrl } from "./link-url"
import { signLinkToken, verifyLinkToken } from "./link-token"
import { fromSen } from "../../client"
import { say } from "../../lib/texts"
import { invalidData, unexpectedState } from "../../lib/svc-runtime/errors"
import { loadOrder, orderBalance, type BalanceLink } from "./order-balance"
import { settleCheckoutEvent } from "../settle-checkout"
import { createBalancePaymentLinkWorkflow } from "./index"

/**
 * Lasting payment links (docs/payment-links.md). "Request payment" gives the
 * admin the store's own link, `<base>/svc/pay/<order_id>/<token>`, valid for
 * `paymentLinks.lifetimeDays`; svc's checkout links last 20 minutes. Opened,
 * the link takes the order's balance as it is then and sends the buyer to the
 * open svc checkout for it, or a fresh one (createBalancePaymentLinkWorkflow),
 * only while that balance is still the amount the link was made for.
 */

type Container = MedusaContainer

/** A link as the admin sees it (`revoked_at`: when an admin revoked it, its page then says so, 410; null while it can be paid). */
export type LastingLink = Awaited<ReturnType<typeof view>>

type LinkRow = InferTypeOf<typeof SvcPaymentLink>

const DAY_MS = 86_400_000
/** The email template name a store writes at its notification provider. */
export const PAYMENT_LINK_TEMPLATE = "svc-payment-link"

const svcModuleOf = (c: Container) => c.resolve<SvcModuleService>(SVC_MODULE)
const iso = (v: Date | string | null): string | null =>
  v == null ? null : new Date(v).toISOString()

function linkOptions(container: Container) {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const found = findSvcProviderConfig(config)
  return { options: found?.options.paymentLinks ?? { lifetimeDays: 7 }, config }
}

/** Where this store's links start (`requestOrigin`: the address the admin's request came to). */
export function paymentLinkBase(
  container: Container,
  requestOrigin: string
): string {
  const { options, config } = linkOptions(container)
  return linkBaseUrl(options, config, requestOrigin)
}

/** The link as the admin sees it, its URL signed with the store's secret. */
async function view(
  container: Container,
  row: LinkRow,
  base: string,
  now = Date.now()
) {
  const expiresAt = new Date(row.expires_at)
  const secret = await linkSecret(svcModuleOf(container))
  const token = signLinkToken(secret, {
    linkId: row.id,
    orderId: row.order_id,
    expiresAt,
  })
  return {
    id: row.id,
    url: linkUrl(base, row.order_id, token),
    order_id: row.order_id,
    provider_id: row.provider_id,
    amount_sen: Number(row.amount_sen),
    expires_at: expiresAt.toISOString(),
    expired: expiresAt.getTime() <= now,
    created_at: iso(row.created_at)!,
    sent_at: iso(row.sent_at),
    sent_to: row.sent_to,
    opened_at: iso(row.opened_at),
    last_opened_at: iso(row.last_opened_at),
    open_count: Number(row.open_count ?? 0),
    last_checkout_id: row.last_checkout_id,
    revoked_at: iso(row.revoked_at),
  }
}

type LinkFilters = { id?: string; order_id?: string; revoked_at?: null }

const rowsOf = (container: Container, filters: LinkFilters, take = 20) =>
  svcModuleOf(container).listSvcPaymentLinks(filters, {
    take,
    order: { created_at: "DESC" },
  })

/** The order's link `payment_link_id` (400 when it is not one of the order's). */
async function rowOfOrder(
  container: Container,
  args: { order_id: string; payment_link_id: string },
  revoked = true
): Promise<LinkRow> {
  const [row] = await rowsOf(
    container,
    { id: args.payment_link_id, order_id: args.order_id },
    1
  )
  if (!row || (!revoked && row.revoked_at))
    throw invalidData(
      say("link.notOfOrder", {
        link: args.payment_link_id,
        order: args.order_id,
      })
    )
  return row
}

/**
 * The lasting link of a "Request payment": the order's newest link for the same
 * amount and method while more than half its lifetime is left (pressed again, the
 * admin gets the link already sent), else a new one.
 */
export async function issueLastingLink(
  container: Container,
  args: {
    order_id: string
    provider_id: string
    payment_collection_id: string | null
    amount_sen: number
    requested_by?: string | null
    base: string
  }
): Promise<LastingLink> {
  const { options } = linkOptions(container)
  const lifetimeMs = options.lifetimeDays * DAY_MS
  const now = Date.now()
  // one at a time per order (two admins, a double click): the second finds the first's link
  const locking = container.resolve(Modules.LOCKING)
  const row = await locking.execute(
    `svc-payment-link:${args.order_id}`,
    async () => {
      const same = (
        await rowsOf(container, { order_id: args.order_id, revoked_at: null })
      ).find(
        (r) =>
          r.provider_id === args.provider_id &&
          Number(r.amount_sen) === args.amount_sen &&
          new Date(r.expires_at).getTime() - now > lifetimeMs / 2
      )
      if (same) return same
      return await svcModuleOf(container).createSvcPaymentLinks({
        order_id: args.order_id,
        payment_collection_id: args.payment_collection_id,
        provider_id: args.provider_id,
        amount_sen: args.amount_sen,
        expires_at: new Date(now + lifetimeMs),
        requested_by: args.requested_by ?? null,
      })
    },
    { timeout: 30 }
  )
  return view(container, row, args.base, now)
}

/** The order's newest lasting link, for the order page (null: none made yet). */
export async function latestLastingLink(
  container: Container,
  orderId: string,
  base: string
): Promise<LastingLink | null> {
  const [row] = await rowsOf(
    container,
    { order_id: orderId, revoked_at: null },
    1
  )
  return row ? view(container, row, base) : null
}

/**
 * "Send to customer": the link through Medusa's Notification Module (channel
 * email, template `svc-payment-link`) to the order's email; the time and address
 * are recorded on the link. 400 names what is missing; nothing is sent then.
 */
export async function sendLastingLink(
  container: Container,
  args: { order_id: string; payment_link_id: string; base: string }
): Promise<LastingLink> {
  const row = await rowOfOrder(container, args, false)
  const link = await view(container, row, args.base)
  if (link.expired)
    throw invalidData(say("link.expired", { at: link.expires_at }))
  const { order } = await loadOrder(container, args.order_id)
  if (!order.email)
    throw invalidData(say("link.noEmail", { order: args.order_id }))
  const noProvider = invalidData(say("link.noProvider"))
  const notifications = container.resolve(Modules.NOTIFICATION, {
    allowUnregistered: true,
  })
  if (!notifications) throw noProvider
  const sent = notifications.createNotifications({
    to: order.email,
    channel: "email",
    template: PAYMENT_LINK_TEMPLATE,
    trigger_type: "svc.payment_link.sent",
    resource_id: order.id,
    resource_type: "order",
    data: {
      order_id: order.id,
      display_id: order.display_id ?? null,
      url: link.url,
      amount: fromSen(link.amount_sen),
      amount_sen: link.amount_sen,
      currency_code: order.currency_code ?? "myr",
      expires_at: link.expires_at,
    },
  })
  await sent.catch((e: unknown) => {
    const why = e instanceof Error ? e.message : String(e)
    // Medusa loads the Notification Module with no provider unless the store configures one
    if (/notification provider for channel/i.test(why)) throw noProvider
    throw unexpectedState(say("link.notSent", { why: why.slice(0, 200) }))
  })
  const sentAt = new Date()
  await svcModuleOf(container).updateSvcPaymentLinks({
    id: link.id,
    sent_at: sentAt,
    sent_to: order.email,
  })
  return { ...link, sent_at: sentAt.toISOString(), sent_to: order.email }
}

/**
 * "Revoke": the link stops working at once (its page says the store withdrew it,
 * 410, no svc call) and the next "Request payment" makes a new one. Revoking a
 * revoked link changes nothing. An svc checkout the link already opened stays
 * payable at svc until its 20 minutes end (svc has no merchant cancel); paid, it
 * settles as any payment of the order.
 */
export async function revokeLastingLink(
  container: Container,
  args: {
    order_id: string
    payment_link_id: string
    base: string
    by?: string | null
  }
): Promise<LastingLink> {
  const row = await rowOfOrder(container, args)
  if (row.revoked_at) return view(container, row, args.base)
  const revoked = await svcModuleOf(container).updateSvcPaymentLinks({
    id: row.id,
    revoked_at: new Date(),
  })
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  logger.info(
    `svc: payment link ${row.id} of order ${row.order_id} revoked${args.by ? ` by ${args.by}` : ""}`
  )
  return view(container, revoked, args.base)
}

/** The HTTP status of each page. */
export const PAGE_STATUS = {
  invalid: 404,
  wrong_order: 404,
  expired: 410,
  canceled: 409,
  paid: 409,
  changed: 409,
  unavailable: 503,
  too_many: 429,
  revoked: 410,
}

/** The page a buyer sees when a link cannot send them on to svc (openLastingLink decides which; src/api/svc/pay/[order_id]/[token]/pages.ts shows it). */
export type LinkPageKind = keyof typeof PAGE_STATUS

/** What opening a link does: send the buyer on to svc, or a page saying why not. */
export type Opened =
  | { kind: "redirect"; url: string; checkout_id: string }
  | { kind: "page"; page: LinkPageKind }

const page = (p: LinkPageKind): Opened => ({ kind: "page", page: p })
const redirect = (l: BalanceLink): Opened => ({
  kind: "redirect",
  url: l.checkout_url,
  checkout_id: l.checkout_id,
})

/**
 * A buyer opened `/svc/pay/<order_id>/<token>`. A token that is not this
 * store's, altered, expired, or for another order is refused from the token
 * and this store's own tables alone (no svc call). Then the order as it is now:
 * cancelled, paid, or owing another amount than the link asked for, each its
 * own page; else the open svc checkout (re-read at svc first: svc's 20-minute
 * link may have expired or been paid) or a fresh one, for exactly the balance.
 */
export async function openLastingLink(
  container: Container,
  urlOrderId: string,
  token: string
): Promise<Opened> {
  const svcModule = svcModuleOf(container)
  const verdict = verifyLinkToken(await linkSecret(svcModule), token)
  if (!verdict.ok)
    return page(
      verdict.reason === "expired"
        ? verdict.payload?.orderId === urlOrderId
          ? "expired"
          : "wrong_order"
        : "invalid"
    )
  const { linkId, orderId } = verdict.payload
  if (orderId !== urlOrderId) return page("wrong_order")
  const [row] = await rowsOf(container, { id: linkId }, 1)
  if (!row) return page("invalid")
  if (row.order_id !== orderId) return page("wrong_order")
  const outcome = row.revoked_at
    ? page("revoked")
    : await balanceOutcome(container, row)
  await svcModule.recordPaymentLinkOpened(
    row.id,
    outcome.kind === "redirect" ? outcome.checkout_id : null
  )
  return outcome
}

async function balanceOutcome(
  container: Container,
  row: LinkRow
): Promise<Opened> {
  // a buyer's logger line never carries the token
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    let balance = await orderBalance(container, row.order_id).catch(
      (e: unknown) => {
        if (e instanceof MedusaError && e.type === MedusaError.Types.NOT_FOUND)
          return null
        throw e
      }
    )
    if (!balance) return page("invalid")
    const judged = judge(balance, row)
    if (judged) return page(judged)
    // svc's own link may have expired, failed or been paid since it was made: svc says (one read, the settle path records it)
    if (balance.link) {
      await settleCheckoutEvent(
        container,
        balance.link.checkout_id,
        null,
        "payment_link"
      )
      balance = await orderBalance(container, row.order_id)
      const again = judge(balance, row)
      if (again) return page(again)
      // still open at svc, for this very amount: the buyer goes there (no new session: nothing made, nothing sent)
      if (balance.link && balance.link.amount_sen === Number(row.amount_sen))
        return redirect(balance.link)
    }
    const { result } = await createBalancePaymentLinkWorkflow(container).run({
      input: {
        order_id: row.order_id,
        provider_id: row.provider_id,
        payment_collection_id: balance.payment_collection?.id,
      },
    })
    // never more than the balance the link was made for (the order moved while the checkout was made)
    return result.link.amount_sen === Number(row.amount_sen)
      ? redirect(result.link)
      : page("changed")
  } catch (e) {
    logger.warn(
      `svc: payment link ${row.id} of order ${row.order_id} could not be opened: ${e instanceof Error ? e.message : String(e)}`
    )
    return page("unavailable")
  }
}

/** The page the order's balance calls for, or null when the link can be paid. */
function judge(
  balance: Awaited<ReturnType<typeof orderBalance>>,
  row: LinkRow
): LinkPageKind | null {
  if (balance.status === "canceled") return "canceled"
  if (balance.outstanding_sen <= 0) return "paid"
  if (balance.outstanding_sen !== Number(row.amount_sen)) return "changed"
  // an order change in progress may change the amount: the store sends a new link after it
  if (balance.refusal)
    return /order change in progress/.test(balance.refusal)
      ? "changed"
      : "unavailable"
  return null
}
