import { Modules } from "@medusajs/framework/utils"
import type { SvcSuite } from "../helpers/suite"
import {
  allOrdersOfCart,
  capturedWithCartLocked,
  completeCart,
  orderOfCart,
  payWithWebhooksLost,
  SVC_PROVIDERS,
} from "../helpers/store"
import { signInAsAdmin } from "../helpers/admin"
import { settleCheckout } from "../../src/workflows/settle-checkout"
import { svcModuleFrom } from "../../src/modules/svc"
import { completePaidCarts } from "../../src/workflows/settle-checkout"
import { watchWaiting } from "../../src/workflows/sweeps/watch-waiting"
import { reconcilePending } from "../../src/workflows/sweeps/reconcile-pending"
import { svcFromContainer } from "../../src/lib/svc-runtime/config"
import { placePaidOrder } from "../../src/workflows/settle-checkout"
import { SvcEvents } from "../../src/workflows"
import { collectSvcEvents, type SvcEventCollector } from "../helpers/svc-events"

/**
 * A paid cart is retried until it is an order. The state a process
 * killed inside a cart completion leaves is made here: the session authorized
 * and captured, no order, and Medusa's cart lock held (taken with no owner and
 * a 2-minute lease through Medusa's locking module, as acquireLockStep takes
 * it); the lease ending is the lock's release. (The real kill, of a real
 * process, with Redis locking, is integration-tests/scale/paid-no-order-crash.spec.ts.) The settle path then captures and leaves the
 * order to the retry (no flag); the watcher's and the job's pass completes it
 * once the lock is free and the cart's back-off is due: one order, one
 * capture, the flag cleared and the history kept. What cannot be completed
 * (cart changed after payment, region removed) stays flagged with its reason,
 * listed for the admin.
 */
export function paidNoOrder({
  svc,
  api,
  getContainer,
  sb,
  store,
  cartWithSession,
  checkoutRow: row,
}: SvcSuite): void {
  const container = () => getContainer() as never
  const pg = () =>
    getContainer().resolve("__pg_connection__") as {
      raw: (q: string, b?: unknown[]) => Promise<{ rows: any[] }>
    }
  /** The cart's back-off is over (as if its time had come). */
  const due = (checkoutId: string) =>
    pg().raw(
      `update svc_checkout set order_retry_at = now() - interval '1 second' where checkout_id = ?`,
      [checkoutId]
    )

  /** Paid with its webhooks lost, settled by the job while the cart lock is held by a "dead" completion. */
  const paidWhileLocked = async () => {
    const {
      cartId,
      session: s,
      checkoutId,
    } = await cartWithSession(SVC_PROVIDERS.wallet)
    await payWithWebhooksLost(sb(), checkoutId)
    // what a process killed inside completeCartWorkflow after its payment step leaves
    await capturedWithCartLocked(getContainer(), s.id, cartId)
    const c =
      await svcFromContainer(container()).client.checkout.retrieve(checkoutId)
    const outcome = await settleCheckout(container(), c as never, "job")
    return { cartId, checkoutId, sessionId: s.id as string, outcome }
  }
  // the plugin's events, as a store's subscriber hears them (docs/events.md)
  let events: SvcEventCollector
  beforeEach(() => {
    events = collectSvcEvents(getContainer())
  })
  afterEach(() => events.stop())
  const ids = (x: {
    checkoutId: string
    cartId: string
    sessionId: string
  }) => ({
    checkout_id: x.checkoutId,
    cart_id: x.cartId,
    payment_session_id: x.sessionId,
  })

  const leaseEnds = (cartId: string) =>
    (getContainer().resolve(Modules.LOCKING) as any).release(cartId)
  /** The cart's lock gone (its lease ended) and the checkout due for its next attempt. */
  const freed = async (x: { cartId: string; checkoutId: string }) => {
    await leaseEnds(x.cartId)
    await due(x.checkoutId)
  }
  /** One pass over paid carts without an order (the job's or the watcher's). */
  const pass = (source: "job" | "watcher", limit: number) =>
    completePaidCarts(container(), { limit, source })

  const expectOneOrderOneCapture = async (cartId: string) => {
    expect(await allOrdersOfCart(getContainer(), cartId)).toHaveLength(1)
    const order = await orderOfCart(getContainer(), cartId)
    const payments = order.payment_collections.flatMap((pc: any) => pc.payments)
    expect(payments).toHaveLength(1)
    expect(payments[0].captured_at).toBeTruthy()
    expect(payments[0].captures).toHaveLength(1)
    return order
  }

  it("the cart lock is held when the payment is captured: no flag; the order is placed once the lock is free, the history keeps it", async () => {
    const x = await paidWhileLocked()
    expect(x.outcome).toBe("order_pending")
    let r = await row(x.checkoutId)
    expect(r.attention).toBeNull()
    expect(r.settled_status).toBe("COMPLETED")
    expect(r.order_attempts).toBe(1)
    expect(new Date(r.order_retry_at).getTime()).toBeGreaterThan(Date.now())
    expect(await orderOfCart(getContainer(), x.cartId)).toBeUndefined()

    // not due yet: the pass leaves it alone (its back-off)
    expect((await pass("job", 10)).found).toBe(0)
    // due, the lock still held: "later" again, the back-off doubles
    await due(x.checkoutId)
    const held = await pass("watcher", 10)
    expect(held).toMatchObject({ found: 1, later: 1, placed: 0 })
    r = await row(x.checkoutId)
    expect(r.order_attempts).toBe(2)
    expect(new Date(r.order_retry_at).getTime() - Date.now()).toBeGreaterThan(
      15_000
    ) // 20 s the second time
    expect(r.attention).toBeNull()

    await freed(x)
    const done = await pass("watcher", 10)
    expect(done).toMatchObject({ found: 1, placed: 1 })
    const order = await expectOneOrderOneCapture(x.cartId)
    r = await row(x.checkoutId)
    expect(r.attention).toBeNull()
    expect(r.order_id).toBe(order.id)
    expect(r.order_retry_at).toBeNull()
    const history = r.status_history.entries.map((e: any) => e.status)
    expect(history).toEqual(
      expect.arrayContaining(["COMPLETED", "ORDER_DEFERRED", "ORDER_PLACED"])
    )
    expect(
      r.status_history.entries.find((e: any) => e.status === "ORDER_PLACED")
        .detail
    ).toContain("after 2 deferred attempt(s)")

    // nothing left: the next passes find nothing, the settle path changes nothing
    await due(x.checkoutId)
    expect((await pass("job", 10)).found).toBe(0)
    const c = await svcFromContainer(container()).client.checkout.retrieve(
      x.checkoutId
    )
    expect(await settleCheckout(container(), c as never, "job")).toBe(
      "already_settled"
    )
    await expectOneOrderOneCapture(x.cartId)
    // retried until placed, never flagged: no person was needed, nothing to tell
    await events.settle()
    expect(events.all()).toEqual([])
  })

  it("a paid_no_order flag left by an earlier version (the watcher's pass), and a captured cart no run looked at (the job's): both completed", async () => {
    const a = await paidWhileLocked()
    const b = await paidWhileLocked()
    // a: flagged the old way (one try, then the flag); b: captured, nothing recorded about its order
    await svcModuleFrom(container())!.checkouts.flag(
      a.checkoutId,
      "paid_no_order",
      `Paid and captured, but cart ${a.cartId} could not be completed into an order; complete it or refund the buyer.`
    )
    await pg().raw(
      `update svc_checkout set order_attempts = 0, order_retry_at = null where checkout_id = any(?)`,
      [[a.checkoutId, b.checkoutId]]
    )
    // payments younger than the grace are left to the completion that made them
    expect((await watchWaiting(container())).paidCarts).toBeUndefined()
    await pg().raw(
      `update payment set created_at = now() - interval '1 minute' where payment_session_id = any(?)`,
      [[a.sessionId, b.sessionId]]
    )
    await leaseEnds(a.cartId)
    await leaseEnds(b.cartId)
    // the watcher (every few seconds) takes what a run left for later and old flags
    expect((await watchWaiting(container())).paidCarts).toMatchObject({
      found: 1,
      placed: 1,
    })
    await expectOneOrderOneCapture(a.cartId)
    expect(await orderOfCart(getContainer(), b.cartId)).toBeUndefined()
    // the job (every few minutes) takes any svc payment without an order
    expect((await reconcilePending(container())).paidCarts).toMatchObject({
      found: 1,
      placed: 1,
    })
    for (const x of [a, b]) {
      await expectOneOrderOneCapture(x.cartId)
      const r = await row(x.checkoutId)
      expect(r.attention).toBeNull()
      expect(r.attention_reason).toBeNull()
      expect(r.status_history.entries.map((e: any) => e.status)).toContain(
        "ORDER_PLACED"
      )
    }
    // a's flag cleared by its order: `resolved` once; b was never flagged
    await events.settle()
    expect(events.all().map((e) => e.name)).toEqual([
      SvcEvents.PAID_CART_RESOLVED,
    ])
    expect(events.of(SvcEvents.PAID_CART_RESOLVED)).toEqual([
      { ...ids(a), order_id: (await orderOfCart(getContainer(), a.cartId)).id },
    ])
  })

  it("a cart left for later that another completion made an order meanwhile: the attempt is closed, the history says so", async () => {
    const x = await paidWhileLocked()
    expect(x.outcome).toBe("order_pending")
    await leaseEnds(x.cartId)
    await completeCart(api, store, x.cartId) // the shopper's own completion
    const r0 = await completePaidCarts(container(), {
      limit: 10,
      source: "watcher",
      scope: "due",
    })
    expect(r0.found).toBe(0)
    const r = await row(x.checkoutId)
    expect(r.order_retry_at).toBeNull()
    expect(r.order_id).toBe((await orderOfCart(getContainer(), x.cartId)).id)
    expect(r.status_history.entries.at(-1)).toMatchObject({
      status: "ORDER_PLACED",
      source: "completion",
    })
    await expectOneOrderOneCapture(x.cartId)
  })

  it("what cannot be completed stays flagged with its reason, listed for the admin: the cart changed after payment, the region removed", async () => {
    const changed = await paidWhileLocked()
    const cartModule = getContainer().resolve(Modules.CART) as any
    const [item] = await cartModule.listLineItems({ cart_id: changed.cartId })
    await cartModule.updateLineItems(item.id, { quantity: 2 })
    await freed(changed)
    const r1 = await pass("job", 10)
    expect(r1).toMatchObject({ found: 1, impossible: 1 })
    let r = await row(changed.checkoutId)
    expect(r.attention).toBe("paid_no_order")
    expect(r.attention_reason).toMatch(/changed after payment/)
    expect(r.attention_reason).toMatch(
      /Refund the buyer or place the order by hand/
    )
    expect(r.status_history.entries.map((e: any) => e.status)).toContain(
      "ORDER_IMPOSSIBLE"
    )

    // the same cart tried again by two runs at once (the watcher's and the job's, or two servers): flagged already, nothing more told
    const ref = (x: typeof changed) => ({
      checkout_id: x.checkoutId,
      cart_id: x.cartId,
      payment_session_id: x.sessionId,
    })
    const again = await Promise.all([
      placePaidOrder(container(), ref(changed), "job"),
      placePaidOrder(container(), ref(changed), "watcher"),
    ])
    expect(again.map((a) => a.outcome)).toEqual(["impossible", "impossible"])

    const moved = await paidWhileLocked()
    await (getContainer().resolve(Modules.REGION) as any).softDeleteRegions([
      store.regionId,
    ])
    await freed(moved)
    // three runs at once find it cannot be an order: one flags it and tells of it
    const [report, ...raced] = await Promise.all([
      pass("job", 10),
      placePaidOrder(container(), ref(moved), "watcher"),
      placePaidOrder(container(), ref(moved), "job"),
    ])
    expect(report.placed).toBe(0)
    expect(raced.map((a) => a.outcome)).toEqual(["impossible", "impossible"])
    r = await row(moved.checkoutId)
    expect(r.attention).toBe("paid_no_order")
    expect(r.attention_reason).toMatch(/region .* was removed/)

    // flagged ones are the admin's: never retried, no order made
    await due(changed.checkoutId)
    await due(moved.checkoutId)
    expect((await pass("job", 10)).found).toBe(0)
    expect(await orderOfCart(getContainer(), changed.cartId)).toBeUndefined()
    expect(await orderOfCart(getContainer(), moved.cartId)).toBeUndefined()

    const admin = await signInAsAdmin(getContainer(), svc.ref.medusaUrl)
    const listed = await admin.client.fetch<{ checkouts: any[] }>(
      "/admin/svc/checkouts",
      { query: { attention: "true" } }
    )
    const mine = listed.checkouts.filter((c) =>
      [changed.checkoutId, moved.checkoutId].includes(c.checkout_id)
    )
    expect(mine.map((c) => c.attention)).toEqual([
      "paid_no_order",
      "paid_no_order",
    ])
    expect(
      mine.every((c) =>
        /Refund the buyer or place the order by hand/.test(c.attention_reason)
      )
    ).toBe(true)

    // one `needs_attention` per cart, however many runs found it
    await events.settle()
    expect(events.all().map((e) => e.name)).toEqual([
      SvcEvents.PAID_CART_NEEDS_ATTENTION,
      SvcEvents.PAID_CART_NEEDS_ATTENTION,
    ])
    expect(events.of(SvcEvents.PAID_CART_NEEDS_ATTENTION)).toEqual([
      ids(changed),
      ids(moved),
    ])
  })

  it("a final status recorded but never applied (the run was killed, its webhooks spent): the watcher's and the job's sweeps place the order, and the history names which", async () => {
    /** Paid with its webhooks lost; the webhook run that recorded COMPLETED was killed before applying it, a minute ago. */
    const recordedNotApplied = async () => {
      const { cartId, checkoutId } = await cartWithSession(SVC_PROVIDERS.wallet)
      await payWithWebhooksLost(sb(), checkoutId)
      await svcModuleFrom(container())!.checkouts.recordStatus(checkoutId, {
        status: "COMPLETED",
        source: "webhook",
      })
      await pg().raw(
        `update svc_checkout set updated_at = now() - interval '1 minute' where checkout_id = ?`,
        [checkoutId]
      )
      return { cartId, checkoutId }
    }
    const placedBy = async (checkoutId: string) =>
      (await row(checkoutId)).status_history.entries.find(
        (e: any) => e.status === "ORDER_PLACED"
      )

    const byWatcher = await recordedNotApplied()
    expect((await watchWaiting(container())).unsettled).toBe(1)
    await expectOneOrderOneCapture(byWatcher.cartId)
    expect(await placedBy(byWatcher.checkoutId)).toMatchObject({
      source: "watcher",
      detail: expect.stringContaining("placed by the watcher"),
    })

    const byJob = await recordedNotApplied()
    expect((await reconcilePending(container())).outcomes).toMatchObject({
      captured: 1,
    })
    await expectOneOrderOneCapture(byJob.cartId)
    expect(await placedBy(byJob.checkoutId)).toMatchObject({
      source: "job",
      detail: expect.stringContaining("placed by the job"),
    })
  })

  it("a page at a time, oldest first", async () => {
    const carts = [
      await paidWhileLocked(),
      await paidWhileLocked(),
      await paidWhileLocked(),
    ]
    for (const x of carts) {
      await freed(x)
    }
    expect(await pass("job", 2)).toMatchObject({ found: 2, placed: 2 })
    expect(await orderOfCart(getContainer(), carts[2].cartId)).toBeUndefined()
    expect(await orderOfCart(getContainer(), carts[0].cartId)).toBeDefined()
    expect(await pass("job", 2)).toMatchObject({ found: 1, placed: 1 })
    for (const x of carts) await expectOneOrderOneCapture(x.cartId)
  })
}
