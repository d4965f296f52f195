import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { KnownCheckoutStatus, SvcClient } from "../../client"
import {
  settleCheckout,
  settleCheckoutEvent,
  type SettleSource,
} from "../settle-checkout"
import { SVC_MODULE, type SvcModuleService } from "../../modules/svc"

type Container = MedusaContainer
type SweepSource = Exclude<SettleSource, "webhook">
/** Counts an outcome in a sweep's report. */
export type Count = (outcome: string) => void

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

/**
 * Pages `GET /v1/checkout?status=…&startDt=…` (from a minute before the oldest waiting
 * session), 100 a page, for each status in turn, and settles every listed checkout in
 * `wanted` once (removing it from `wanted`); paging stops when nothing is wanted any
 * more. The calls grow with the checkouts svc returns, not with the sessions waiting.
 * Returns the calls made.
 */
export async function settleListed(
  container: Container,
  client: SvcClient,
  args: {
    statuses: readonly KnownCheckoutStatus[]
    waiting: WaitingSession[]
    wanted: Set<string>
    source: SweepSource
  },
  count: Count
): Promise<number> {
  const oldest = args.waiting.reduce(
    (min, s) => Math.min(min, s.created_at),
    Date.now()
  )
  const startDt = new Date(oldest - 60_000).toISOString()
  let calls = 0
  for (const status of args.statuses) {
    let cursor: string | undefined
    do {
      if (!args.wanted.size) return calls
      calls++
      const page = await client.checkout.list({
        status,
        startDt,
        limit: 100,
        ...(cursor ? { cursor } : {}),
      })
      const found = page.data.filter((c) => args.wanted.delete(c.checkoutId))
      // At once: the settle path applies a few at a time per process (the settle workflow's apply slots).
      await Promise.all(
        found.map(async (c) =>
          count(await settleCheckout(container, c, args.source))
        )
      )
      cursor = page.hasMore && page.nextCursor ? page.nextCursor : undefined
    } while (cursor)
  }
  return calls
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

/** A report's outcome counter. */
export const counter =
  (outcomes: Record<string, number>): Count =>
  (o) =>
    (outcomes[o] = (outcomes[o] ?? 0) + 1)
