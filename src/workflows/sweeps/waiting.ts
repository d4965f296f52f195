import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { KnownCheckoutStatus, SvcClient } from "../../client"
import {
  completePaidCarts,
  settleCheckout,
  settleCheckoutEvent,
  type PaidCartsReport,
  type SettleSource,
} from "../settle-checkout"
import { SVC_MODULE, type SvcModuleService } from "../../modules/svc"

type Container = MedusaContainer
type SweepSource = Exclude<SettleSource, "webhook">
/** Counts an outcome in a sweep's report. */
export type Count = (outcome: string) => void

/** What a sweep found and did (the watcher's report adds its own). */
export type SweepReport = {
  waiting: number
  svcCalls: number
  outcomes: Record<string, number>
  /** final statuses recorded but never applied (a process died midway), settled again */
  unsettled?: number
  /** paid carts without an order, completed again */
  paidCarts?: PaidCartsReport
}

/** An svc payment session still waiting on svc, with its checkout. */
export type WaitingSession = {
  checkout_id: string
  /** when its link expires (ms; NaN when unknown) */
  expires_at: number
  created_at: number
}

const SVC_PROVIDER = /^pp_svc-(wallet|fpx|fpx-direct)_/

/** svc payment sessions still waiting on svc (pending, pending_authorization, requires_more) that have a checkout. */
export async function waitingSvcSessions(
  container: Container
): Promise<WaitingSession[]> {
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({
      entity: "payment_session",
      fields: ["data", "created_at", "provider_id"],
      filters: {
        status: ["pending", "pending_authorization", "requires_more"],
      },
    })
  return data.flatMap((s) =>
    SVC_PROVIDER.test(s.provider_id) && typeof s.data?.checkoutId === "string"
      ? [
          {
            checkout_id: s.data.checkoutId,
            expires_at: Date.parse(String(s.data.expiresAt ?? "")),
            created_at: Date.parse(s.created_at),
          },
        ]
      : []
  )
}

/** Where a listing stopped at its page cap: the status, the window's start and svc's cursor (none: that status from its first page). */
export type ListMark = {
  status: KnownCheckoutStatus
  startDt: string
  cursor?: string
}

/** What a listing reached: the waiting checkouts no page showed, and how far back the pages went. */
export type Listed = {
  unseen: Set<string>
  /** every page of every status was read (not stopped by `maxCalls`) */
  complete: boolean
  /** creation time (ms) of the oldest checkout the last page showed; Infinity when none */
  reached: number
  /** where to go on from (stopped by `maxCalls`) */
  mark?: ListMark
}

/**
 * Pages `GET /v1/checkout?status=…&startDt=…[&endDt=…]` (from a minute before the oldest
 * waiting session), 100 a page, newest first, for each status in turn, and settles every
 * listed checkout of a waiting session once; paging stops when none is left, or after
 * `maxCalls` pages (then `mark` says where: `from` goes on there, svc's cursor being the
 * last checkout listed). The calls (counted in the report) grow with the checkouts svc
 * returns, not with the sessions waiting.
 */
export async function settleListed(
  container: Container,
  client: SvcClient,
  report: SweepReport,
  args: {
    statuses: readonly KnownCheckoutStatus[]
    waiting: WaitingSession[]
    source: SweepSource
    maxCalls?: number
    endDt?: string
    from?: ListMark
  }
): Promise<Listed> {
  const wanted = new Set(args.waiting.map((s) => s.checkout_id))
  const count = counter(report.outcomes)
  const oldest = args.waiting.reduce(
    (min, s) => Math.min(min, s.created_at),
    Date.now()
  )
  const { from } = args
  const startDt = from?.startDt ?? new Date(oldest - 60_000).toISOString()
  let calls = 0
  let reached = Infinity
  const first = from ? args.statuses.indexOf(from.status) : 0
  for (const status of args.statuses.slice(Math.max(0, first))) {
    let cursor = status === from?.status ? from.cursor : undefined
    reached = Infinity
    do {
      if (!wanted.size) return { unseen: wanted, complete: true, reached }
      if (calls === (args.maxCalls ?? Infinity)) {
        const mark = { status, startDt, ...(cursor ? { cursor } : {}) }
        return { unseen: wanted, complete: false, reached, mark }
      }
      calls++
      report.svcCalls++
      const page = await client.checkout.list({
        status,
        startDt,
        ...(args.endDt ? { endDt: args.endDt } : {}),
        limit: 100,
        ...(cursor ? { cursor } : {}),
      })
      const last = page.data[page.data.length - 1]
      if (last) reached = Date.parse(last.createdAt)
      const found = page.data.filter((c) => wanted.delete(c.checkoutId))
      // At once: the settle path applies a few at a time per process (the settle workflow's apply slots).
      await Promise.all(
        found.map(async (c) =>
          count(await settleCheckout(container, c, args.source))
        )
      )
      cursor = page.hasMore && page.nextCursor ? page.nextCursor : undefined
    } while (cursor)
  }
  return { unseen: wanted, complete: true, reached }
}

/** A final status recorded this long ago and still not applied: the run that recorded it stopped. */
const UNSETTLED_AFTER_S = 20

/**
 * Checkouts whose final status was recorded (the settle path writes it before
 * it applies it) but never applied: the process died between the two, say
 * after the capture and before the order. Their sessions no longer wait, and
 * their webhooks may all be spent, so neither the watcher's list nor an event
 * would find them again: each is settled once more (one read of svc, under its
 * lock), which completes the order or flags it. Rows flagged for an admin are
 * left to the admin. `source` is the sweep's caller (the watcher or the job),
 * recorded as the one that settled them.
 */
export async function settleUnsettled(
  container: Container,
  source: SweepSource,
  count: Count
): Promise<number> {
  const ids = await container
    .resolve<SvcModuleService>(SVC_MODULE)
    .checkouts.unsettled(UNSETTLED_AFTER_S, 50)
  for (const id of ids)
    count((await settleCheckoutEvent(container, id, null, source)).outcome)
  return ids.length
}

/**
 * A sweep's first passes, queries of the database (svc is read only for a checkout a dead
 * process left half applied): final statuses recorded but never applied (settleUnsettled),
 * then a page of paid carts without an order (src/workflows/settle-checkout/place-order.ts),
 * oldest first. `lap` marks the end of each.
 */
export async function sweepLeftovers(
  container: Container,
  report: SweepReport,
  paid: { limit: number; source: SweepSource; scope?: "due" },
  lap: (part: string) => void = () => {}
): Promise<void> {
  const unsettled = await settleUnsettled(
    container,
    paid.source,
    counter(report.outcomes)
  )
  if (unsettled) report.unsettled = unsettled
  lap("unsettled")
  const paidCarts = await completePaidCarts(container, paid)
  if (paidCarts.found) report.paidCarts = paidCarts
  lap("paid_carts")
}

/** A report's outcome counter. */
export const counter =
  (outcomes: Record<string, number>): Count =>
  (o) =>
    (outcomes[o] = (outcomes[o] ?? 0) + 1)
