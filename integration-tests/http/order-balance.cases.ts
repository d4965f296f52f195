// An order's balance, through Medusa's own admin and store
// routes: an order edit that adds items after checkout leaves an amount due on
// a payment collection with no cart; the order page's "Request payment"
// (POST /admin/svc/orders/:id/balance/payment-link) makes an svc link for it,
// the storefront kit pays it and reads its return, and svc's webhook or the
// watcher captures it on the order: no cart completion, and a failed balance
// payment never cancels the order. Medusa's captured total equals what svc was paid.
// The lasting link (docs/payment-links.md): the store's own link, sent through the
// Notification Module, opened days later for a fresh svc checkout of the balance; every
// bad token a clear page and no svc call.
import Medusa from "@medusajs/js-sdk"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { SvcSuite } from "../helpers/suite"
import { SVC_PROVIDERS, waitFor } from "../helpers/store"
import {
  editAdding,
  orderMoney,
  paidInFull,
  refusal as failure,
} from "../helpers/admin"
import { medusaAmountToSen } from "../../src/rules/medusa-amount"
import { watchWaiting } from "../../src/workflows/sweeps/watch-waiting"
import {
  balanceReturnParams,
  completeSvcBalanceReturn,
  startSvcBalancePayment,
  SvcInputError,
} from "../../packages/storefront/src"
import {
  createBalancePaymentLinkWorkflow,
  type BalancePaymentLinkCreatedData,
} from "../../src/workflows/balance-payment-link"
import { SvcEvents } from "../../src/workflows"
import { collectSvcEvents, type SvcEventCollector } from "../helpers/svc-events"
import { SVC_MODULE } from "../../src/modules/svc"
import { linkSecret } from "../../src/workflows/balance-payment-link/link-secret"
import {
  generateLinkSecret,
  signLinkToken,
} from "../../src/workflows/balance-payment-link/link-token"

/** A lasting link opened as a buyer's browser opens it (no redirect followed): status, where it sends, the page. */
async function openLink(url: string, lang = "en-MY,en;q=0.8") {
  const r = await fetch(url, {
    redirect: "manual",
    headers: { "accept-language": lang },
  })
  const html = await r.text()
  return {
    status: r.status,
    location: r.headers.get("location"),
    h1: /<h1>([^<]*)<\/h1>/.exec(html)?.[1] ?? null,
    lang: /<html lang="([^"]+)"/.exec(html)?.[1] ?? null,
    page: /data-svc-page="([^"]+)"/.exec(html)?.[1] ?? null,
    cache: r.headers.get("cache-control"),
    referrer: r.headers.get("referrer-policy"),
  }
}

/** Medusa's captured total over the order's payments, in sen (the same conversion svc's amounts are compared with). */
function capturedSen(order: any): number {
  return (order.payment_collections ?? [])
    .flatMap((c: any) => c.payments ?? [])
    .flatMap((p: any) => p.captures ?? [])
    .reduce(
      (n: number, c: any) => n + medusaAmountToSen(c.raw_amount ?? c.amount),
      0
    )
}

/** svc checkouts of this store's order in the ledger, with what svc says of each. */
async function ledgerRows(
  container: MedusaContainer,
  orderId: string
): Promise<any[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "payment_collections.id"],
    filters: { id: orderId },
  })
  const pcs = (data[0]?.payment_collections ?? []).map((c: any) => c.id)
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as any
  const { rows } = await knex.raw(
    `select checkout_id, payment_collection_id, amount_sen, status, settled_status, attention, order_id from svc_checkout
      where payment_collection_id = any(?) and deleted_at is null and checkout_id is not null order by created_at`,
    [pcs]
  )
  return rows
}

export function orderBalance({
  svc,
  getContainer,
  sb,
  store,
  admin,
  checkoutCount,
  paidOrder,
}: SvcSuite): void {
  // A store's own handler on the link workflow's hook (e.g. to e-mail the link): the app runs in this process.
  const linkCreated = jest.fn(
    (data: BalancePaymentLinkCreatedData) => void data
  )
  createBalancePaymentLinkWorkflow.hooks.balancePaymentLinkCreated((data) => {
    linkCreated(data)
  })

  // the plugin's events, as a store's subscriber hears them (docs/events.md)
  let events: SvcEventCollector
  beforeEach(() => {
    events = collectSvcEvents(getContainer())
  })
  afterEach(() => events.stop())
  const linkEvent = (
    orderId: string,
    collectionId: string,
    link: { session_id: string; checkout_id: string }
  ) => ({
    order_id: orderId,
    payment_collection_id: collectionId,
    payment_session_id: link.session_id,
    checkout_id: link.checkout_id,
  })

  /** A paid FPX order of RM120.50 (checkout through Medusa's store routes): its id. */
  const paidOrderId = async () => (await paidOrder()).orderId

  const balanceOf = (orderId: string) =>
    admin.client.fetch<any>(`/admin/svc/orders/${orderId}/balance`)
  const balance = async (orderId: string) => (await balanceOf(orderId)).balance
  /** A lasting link's page that refuses (409, no redirect to svc) with its reason and title, asking svc nothing (`calls` before). */
  async function expectRefused(
    url: string,
    page: string,
    h1: string,
    calls: number
  ) {
    expect(await openLink(url)).toMatchObject({
      status: 409,
      page,
      h1,
      location: null,
    })
    expect(sb().stats().total).toBe(calls)
  }
  const requestLink = (orderId: string, body: Record<string, unknown>) =>
    admin.client.fetch<any>(
      `/admin/svc/orders/${orderId}/balance/payment-link`,
      { method: "POST", body }
    )

  it("Request payment: an svc link for the outstanding amount on the order's payment collection; bad input refused by field before any link; paid, the webhook captures it on the order and Medusa's captured total equals what svc was paid", async () => {
    const orderId = await paidOrderId()
    expect(await balance(orderId)).toMatchObject({
      outstanding_sen: 0,
      link: null,
      refusal: expect.stringMatching(/has no outstanding amount/),
    })

    // RM5 due: below svc's checkout minimum, said before anything is made
    await editAdding(admin, orderId, store.cheapVariantId, 1)
    let b = await balance(orderId)
    expect(b).toMatchObject({
      outstanding_sen: 500,
      payment_collection: { status: "not_paid", amount_sen: 500 },
    })
    const before = checkoutCount()
    const tooSmall = await failure(
      requestLink(orderId, { provider_id: SVC_PROVIDERS.fpx })
    )
    expect(tooSmall.status).toBe(400)
    expect(tooSmall.message).toMatch(
      /^order_id: the outstanding RM5\.00 is outside svc's checkout range RM10\.00-RM1000000\.00/
    )
    expect(checkoutCount()).toBe(before)

    // RM15 due after a second edit
    await editAdding(admin, orderId, store.cheapVariantId, 2)
    b = await balance(orderId)
    expect(b).toMatchObject({
      outstanding_sen: 1500,
      link: null,
      refusal: null,
      payment_collection: { status: "not_paid", amount_sen: 1500 },
    })
    expect(b.providers.map((p: any) => p.id).sort()).toEqual(
      [SVC_PROVIDERS.fpx, SVC_PROVIDERS.wallet].sort()
    )
    const balanceCollection = b.payment_collection.id

    // every bad input: 400 naming the field and the rule, no svc link made
    const { order: withPcs } = await admin.admin.order.retrieve(orderId, {
      fields: "id,*payment_collections",
    })
    const cartCollection = (withPcs as any).payment_collections.find(
      (c: any) => c.id !== balanceCollection
    ).id
    const otherOrder = await paidOrderId()
    const { order: other } = await admin.admin.order.retrieve(otherOrder, {
      fields: "id,*payment_collections",
    })
    const beforeBad = checkoutCount() // the other order's checkout counted
    const bad: [Record<string, unknown>, RegExp][] = [
      [{}, /^Invalid request: Field 'provider_id' is required$/],
      [
        { provider_id: SVC_PROVIDERS.fpxDirect },
        /^Invalid request: provider_id: FPX direct needs the buyer's bank/,
      ],
      [
        { provider_id: "pp_system_default" },
        /^Invalid request: provider_id: must be an svc payment provider id/,
      ],
      [
        { provider_id: "pp_svc-wallet_other" },
        /^provider_id: pp_svc-wallet_other is not enabled in the order's region/,
      ],
      [
        { provider_id: SVC_PROVIDERS.fpx, amount: 1 },
        /^Invalid request: Unrecognized fields: 'amount'$/,
      ],
      [
        { provider_id: SVC_PROVIDERS.fpx, payment_collection_id: "pc_1" },
        /^Invalid request: payment_collection_id: must be a payment collection id/,
      ],
      [
        {
          provider_id: SVC_PROVIDERS.fpx,
          payment_collection_id: (other as any).payment_collections[0].id,
        },
        /^payment_collection_id: .* is not a payment collection of order/,
      ],
      [
        {
          provider_id: SVC_PROVIDERS.fpx,
          payment_collection_id: cartCollection,
        },
        /^payment_collection_id: .* is completed; only an unpaid collection/,
      ],
    ]
    for (const [body, message] of bad) {
      const r = await failure(requestLink(orderId, body))
      expect([r.status, r.message]).toEqual([
        400,
        expect.stringMatching(message),
      ])
    }
    // JSON only: a cross-site form post is refused before the route reads it
    const form = await failure(
      admin.client.fetch(`/admin/svc/orders/${orderId}/balance/payment-link`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `provider_id=${SVC_PROVIDERS.fpx}` as never,
      })
    )
    expect(form).toMatchObject({
      status: 415,
      message: expect.stringMatching(
        /^Content-Type: must be application\/json/
      ),
    })
    expect(checkoutCount()).toBe(beforeBad)

    // the link: svc's checkout for the outstanding amount, back to the store with the collection and the order
    const made = await requestLink(orderId, {
      provider_id: SVC_PROVIDERS.fpx,
      payment_collection_id: balanceCollection,
    })
    expect(made).toMatchObject({
      reused: false,
      link: {
        amount_sen: 1500,
        provider_id: SVC_PROVIDERS.fpx,
        svc_status: "CREATED",
      },
    })
    expect(linkCreated).toHaveBeenCalledTimes(1) // once: none for the refusals above
    expect(linkCreated.mock.calls[0]![0]).toMatchObject({
      order_id: orderId,
      amount_sen: 1500,
      reused: false,
      link: {
        checkout_id: made.link.checkout_id,
        checkout_url: made.link.checkout_url,
      },
    })
    expect(Date.parse(made.link.expires_at) - Date.now()).toBeGreaterThan(
      15 * 60_000
    )
    const view = sb().getCheckout(made.link.checkout_id)
    expect(view).toMatchObject({
      amount: "1500",
      type: "FPX_HOSTED",
      status: "CREATED",
    })
    expect(view.redirectUrl).toBe(
      `http://localhost:8000/checkout/return?payment_collection_id=${balanceCollection}&order_id=${orderId}`
    )
    expect(checkoutCount()).toBe(beforeBad + 1)

    // asked again while the link is open: the same link, no second checkout
    const again = await requestLink(orderId, { provider_id: SVC_PROVIDERS.fpx })
    expect(again).toMatchObject({
      reused: true,
      link: {
        checkout_id: made.link.checkout_id,
        checkout_url: made.link.checkout_url,
      },
    })
    expect(linkCreated).toHaveBeenCalledTimes(2)
    expect(linkCreated.mock.calls[1]![0]).toMatchObject({
      order_id: orderId,
      reused: true,
      link: { checkout_id: made.link.checkout_id },
    })
    // and a third time: the checkout taken over once is taken over again (its key is the first session's)
    const third = await requestLink(orderId, { provider_id: SVC_PROVIDERS.fpx })
    expect(third).toMatchObject({
      reused: true,
      link: { checkout_id: made.link.checkout_id },
    })
    expect(checkoutCount()).toBe(beforeBad + 1)
    expect((await balance(orderId)).link).toMatchObject({
      checkout_id: made.link.checkout_id,
    })
    // `svc.payment_link.created` once: for the new link, not for the refusals nor the link given again
    await events.settle()
    expect(events.all().map((e) => e.name)).toEqual([
      SvcEvents.PAYMENT_LINK_CREATED,
    ])
    expect(events.of(SvcEvents.PAYMENT_LINK_CREATED)).toEqual([
      linkEvent(orderId, balanceCollection, made.link),
    ])

    // the buyer pays; svc's webhook settles it: captured on the order, nothing left due
    sb().pay(made.link.checkout_id)
    const paid = await paidInFull(
      admin,
      orderId,
      "the balance captured by the webhook"
    )
    expect(paid.status).not.toBe("canceled")
    expect(
      paid.payment_collections.find((c: any) => c.id === balanceCollection)
        .status
    ).toBe("completed")

    // the money check: Medusa's captured total is what svc was paid for this order
    const rows = await ledgerRows(getContainer(), orderId)
    const svcPaid = rows
      .map((r) => sb().getCheckout(r.checkout_id))
      .filter((c) => c.status === "COMPLETED")
      .reduce((n, c) => n + Number(c.amount), 0)
    expect(svcPaid).toBe(12050 + 1500)
    expect(capturedSen(paid)).toBe(svcPaid)
    const balanceRow = rows.find((r) => r.checkout_id === made.link.checkout_id)
    expect(balanceRow).toMatchObject({
      settled_status: "COMPLETED",
      attention: null,
    })

    // nothing left to ask for
    expect(await balance(orderId)).toMatchObject({
      outstanding_sen: 0,
      link: null,
      refusal: expect.stringMatching(/no outstanding amount/),
    })
    expect(
      (await failure(requestLink(orderId, { provider_id: SVC_PROVIDERS.fpx })))
        .message
    ).toMatch(/^order_id: order .* has no outstanding amount/)
  })

  it("the storefront kit pays the balance and reads its return: failed (the order is left as it was, never canceled), paid again with every webhook lost and captured by the watcher, no cart completed", async () => {
    const sdk = new Medusa({
      baseUrl: svc.ref.medusaUrl,
      publishableKey: store.publishableKey,
    })
    const orderId = await paidOrderId()

    // nothing due: the kit says so after reading the order, no session made
    const nothing = await startSvcBalancePayment(sdk, orderId, {
      providerId: SVC_PROVIDERS.wallet,
    }).catch((e) => e)
    expect(nothing).toBeInstanceOf(SvcInputError)
    expect(nothing).toMatchObject({
      field: "orderId",
      message: "This order has nothing left to pay.",
    })

    await editAdding(admin, orderId, store.variantId, 1) // RM120.50 due
    const before = checkoutCount()
    const first = await startSvcBalancePayment(sdk, orderId, {
      providerId: SVC_PROVIDERS.wallet,
    })
    expect(first.amountSen).toBe(12050)
    expect(checkoutCount()).toBe(before + 1)
    const firstCheckout = sb().getCheckout(
      first.session.data!.checkoutId as string
    )
    expect(firstCheckout.amount).toBe("12050")
    const back = balanceReturnParams(new URL(firstCheckout.redirectUrl).search)
    expect(back).toEqual({
      orderId,
      paymentCollectionId: first.paymentCollectionId,
    })

    // svc fails it: the return page says so, and the order is left as it was (paid for what it was)
    sb().fail(firstCheckout.checkoutId, "insufficient balance")
    const failed = await completeSvcBalanceReturn(sdk, back!, {
      waitForPaymentMs: 30_000,
      pollEveryMs: 300,
    })
    expect(failed.kind).toBe("failed")
    expect((failed as { reason: string }).reason).toMatch(/\S/)
    let o = await orderMoney(admin, orderId)
    expect(o.status).toBe("pending")
    expect(o.canceled_at ?? null).toBeNull()
    expect(capturedSen(o)).toBe(12050)
    expect(medusaAmountToSen(o.summary.pending_difference)).toBe(12050)

    // pay again (a new checkout: the first one failed), every webhook lost
    const second = await startSvcBalancePayment(sdk, orderId, {
      providerId: SVC_PROVIDERS.wallet,
      paymentCollectionId: back!.paymentCollectionId,
    })
    const secondId = second.session.data!.checkoutId as string
    expect(secondId).not.toBe(firstCheckout.checkoutId)
    sb().webhookFaults({ mode: "drop", count: 1000 })
    sb().pay(secondId)
    expect((await completeSvcBalanceReturn(sdk, back!)).kind).toBe("awaiting")

    // the watcher finds it once the link is due a look (about 5 s old): captured on the order, no cart to complete
    await waitFor(async () => {
      const r = await watchWaiting(getContainer() as never)
      return Object.keys(r.outcomes).length ? r : null
    }, "the watcher's look at the paid link")
    const paid = await completeSvcBalanceReturn(sdk, back!, {
      waitForPaymentMs: 30_000,
      pollEveryMs: 300,
    })
    expect(paid.kind).toBe("paid")
    // the capture and the order's transaction are two steps of Medusa's capture workflow: wait for both
    o = await paidInFull(
      admin,
      orderId,
      "the balance captured on the order, nothing left due",
      30_000
    )
    const rows = await ledgerRows(getContainer(), orderId)
    const svcPaid = rows
      .map((r) => sb().getCheckout(r.checkout_id))
      .filter((c) => c.status === "COMPLETED")
      .reduce((n, c) => n + Number(c.amount), 0)
    expect(svcPaid).toBe(12050 * 2)
    expect(capturedSen(o)).toBe(svcPaid)
    expect(rows.find((r) => r.checkout_id === secondId)).toMatchObject({
      settled_status: "COMPLETED",
      attention: null,
    })
    expect(rows.every((r) => r.attention === null)).toBe(true)

    // paid: the kit refuses to start another payment for it
    const done = await startSvcBalancePayment(sdk, orderId, {
      providerId: SVC_PROVIDERS.wallet,
      paymentCollectionId: back!.paymentCollectionId,
    }).catch((e) => e)
    expect(done).toMatchObject({
      field: "paymentCollectionId",
      message: "This balance is already paid.",
    })
    // a balance's failed payment is not an order's failed payment (the order stands), and the
    // shopper's own sessions are not payment links sent by the store: no event
    await events.settle()
    expect(events.all()).toEqual([])
  })

  it("a balance link paid after its order was canceled (refunded first in the svc refunds panel): flagged for a refund, never captured on the canceled order", async () => {
    const orderId = await paidOrderId()
    await editAdding(admin, orderId, store.variantId, 1) // RM120.50 due
    const { link, payment_link } = await requestLink(orderId, {
      provider_id: SVC_PROVIDERS.wallet,
    })
    const paymentId = (
      await orderMoney(admin, orderId)
    ).payment_collections.flatMap((c: any) => c.payments ?? [])[0].id
    await admin.client.fetch("/admin/svc/refunds", {
      method: "POST",
      body: {
        payment_id: paymentId,
        amount: "120.50",
        beneficiary: {
          name: "Siti Aminah",
          bank_code: "MBBEMYKL",
          account_number: "5512345678",
        },
      },
    })
    await admin.admin.order.cancel(orderId)
    expect((await orderMoney(admin, orderId)).status).toBe("canceled")
    // the lasting link says so, and asks svc nothing
    const calls = sb().stats().total
    await expectRefused(
      payment_link.url,
      "canceled",
      "This order was cancelled",
      calls
    )

    // the buyer pays the balance link anyway
    sb().pay(link.checkout_id)
    const row = await waitFor(
      async () =>
        (await ledgerRows(getContainer(), orderId)).find(
          (r) => r.checkout_id === link.checkout_id && r.attention
        ),
      "the late balance payment flagged",
      30_000
    )
    expect(row).toMatchObject({
      attention: "refund_required",
      order_id: orderId,
    })
    const { checkouts } = await admin.client.fetch<any>(
      "/admin/svc/checkouts?attention=true"
    )
    expect(
      checkouts.find((c: any) => c.checkout_id === link.checkout_id)
        .attention_reason
    ).toMatch(
      new RegExp(`Paid after order ${orderId} was canceled; refund the buyer`)
    )
    const o = await orderMoney(admin, orderId)
    expect(capturedSen(o)).toBe(12050) // the checkout's only; the late balance is not captured on the canceled order
  })

  it("a draft order converted unpaid: Request payment makes its payment collection with Medusa's workflow, and the paid link captures the whole order", async () => {
    const { draft_order } = await admin.admin.draftOrder.create({
      email: "buyer@example.my",
      region_id: store.regionId,
      sales_channel_id: store.salesChannelId,
      items: [{ variant_id: store.variantId, quantity: 2 }],
    } as never)
    const id = draft_order.id
    const draft = await failure(
      requestLink(id, { provider_id: SVC_PROVIDERS.wallet })
    )
    expect(draft).toMatchObject({
      status: 400,
      message: expect.stringMatching(
        /^order_id: order .* is a draft order; convert it to an order first/
      ),
    })

    await admin.admin.draftOrder.convertToOrder(id)
    // converting makes no payment collection: the whole total is due
    expect(await balance(id)).toMatchObject({
      outstanding_sen: 24100,
      payment_collection: null,
      link: null,
      refusal: null,
    })
    // the storefront cannot open it (the store API makes collections for carts only): the kit says the store will
    const sdk = new Medusa({
      baseUrl: svc.ref.medusaUrl,
      publishableKey: store.publishableKey,
    })
    expect(
      await startSvcBalancePayment(sdk, id, {
        providerId: SVC_PROVIDERS.wallet,
      }).catch((e) => e)
    ).toMatchObject({
      field: "orderId",
      message:
        "This order's balance is not open for payment yet; the store will send you a payment link.",
    })

    // two admins at once (or a double click): one collection, one link
    const before = checkoutCount()
    const [made, twin] = await Promise.all([
      requestLink(id, { provider_id: SVC_PROVIDERS.wallet }),
      requestLink(id, { provider_id: SVC_PROVIDERS.wallet }),
    ])
    expect(made).toMatchObject({
      link: { amount_sen: 24100 },
      balance: { payment_collection: { amount_sen: 24100 } },
    })
    expect(twin.link.checkout_id).toBe(made.link.checkout_id)
    expect(twin.payment_link.id).toBe(made.payment_link.id) // and one lasting link
    expect([made.reused, twin.reused].sort()).toEqual([false, true])
    expect(checkoutCount()).toBe(before + 1)
    await events.settle()
    expect(events.of(SvcEvents.PAYMENT_LINK_CREATED)).toEqual([
      linkEvent(id, made.balance.payment_collection.id, made.link),
    ])
    const { order: converted } = await admin.admin.order.retrieve(id, {
      fields: "id,*payment_collections",
    })
    expect((converted as any).payment_collections).toHaveLength(1)
    expect(sb().getCheckout(made.link.checkout_id)).toMatchObject({
      amount: "24100",
      type: "SVC_ACCOUNT",
    })

    sb().pay(made.link.checkout_id)
    const paid = await paidInFull(
      admin,
      id,
      "the converted draft order captured, nothing left due"
    )
    expect(medusaAmountToSen(paid.summary.pending_difference)).toBe(0)
    expect(capturedSen(paid)).toBe(24100)
    expect(Number(sb().getCheckout(made.link.checkout_id).amount)).toBe(
      capturedSen(paid)
    )
  })

  /** svc's call count once nothing is in flight (the webhooks of a payment just made may still read svc). */
  async function quietCalls(): Promise<number> {
    let last = -1
    for (;;) {
      const now = sb().stats().total
      if (now === last) return now
      last = now
      await new Promise((r) => setTimeout(r, 1_500))
    }
  }

  it("every bad lasting link gets a clear page and costs no svc call: altered, another store's, expired, another order's, unknown, too long; a changed balance is said, never charged", async () => {
    const orderId = await paidOrderId()
    await editAdding(admin, orderId, store.cheapVariantId, 3) // RM15 due
    const made = await requestLink(orderId, { provider_id: SVC_PROVIDERS.fpx })
    const url: string = made.payment_link.url
    expect(url.startsWith(`${svc.ref.medusaUrl}/svc/pay/${orderId}/`)).toBe(
      true
    )
    const token = url.slice(url.lastIndexOf("/") + 1)
    const otherOrder = await paidOrderId()
    const secret = await linkSecret(getContainer().resolve(SVC_MODULE))
    expect(JSON.stringify(made)).not.toContain(secret) // the store's secret is never in an answer
    const sign = (
      p: { linkId?: string; orderId?: string; expiresAt?: Date },
      s = secret
    ) =>
      signLinkToken(s, {
        linkId: made.payment_link.id,
        orderId,
        expiresAt: new Date(Date.now() + 86_400_000),
        ...p,
      })
    const at = (order: string, t: string) =>
      `${svc.ref.medusaUrl}/svc/pay/${order}/${t}`
    const flip = (t: string) =>
      t.slice(0, -2) + (t.at(-2) === "A" ? "B" : "A") + t.at(-1)

    const before = await quietCalls()
    const bad: [string, number, string, string][] = [
      [
        at(orderId, flip(token)),
        404,
        "invalid",
        "This payment link is not valid",
      ],
      [
        at(orderId, sign({}, generateLinkSecret())),
        404,
        "invalid",
        "This payment link is not valid",
      ],
      [
        at(orderId, sign({ expiresAt: new Date(Date.now() - 1000) })),
        410,
        "expired",
        "This payment link has expired",
      ],
      [
        at(otherOrder, token),
        404,
        "wrong_order",
        "This payment link is not for this order",
      ],
      [
        at(otherOrder, sign({ orderId: otherOrder })),
        404,
        "wrong_order",
        "This payment link is not for this order",
      ],
      [
        at(orderId, sign({ linkId: "svcpl_01JAAAAAAAAAAAAAAAAAAAAAAA" })),
        404,
        "invalid",
        "This payment link is not valid",
      ],
      [
        at(orderId, "x".repeat(301)),
        404,
        "invalid",
        "This payment link is not valid",
      ],
      [at("order_x", token), 404, "invalid", "This payment link is not valid"],
    ]
    for (const [u, status, page, h1] of bad) {
      expect([u.length, await openLink(u)]).toEqual([
        u.length,
        expect.objectContaining({
          status,
          page,
          h1,
          lang: "en",
          location: null,
          cache: "no-store",
          referrer: "no-referrer",
        }),
      ])
    }
    // the buyer's language: Malay and Chinese by Accept-Language
    expect(
      await openLink(at(orderId, flip(token)), "ms-MY,ms;q=0.9")
    ).toMatchObject({ lang: "ms", h1: "Pautan pembayaran ini tidak sah" })
    expect(
      await openLink(at(orderId, flip(token)), "zh-CN,zh;q=0.9")
    ).toMatchObject({ lang: "zh-CN", h1: "此付款链接无效" })
    expect(sb().stats().total).toBe(before)
    expect((await balance(orderId)).link).toMatchObject({
      checkout_id: made.link.checkout_id,
    }) // nothing was made or changed

    // a link checker's HEAD opens nothing
    expect(
      (await fetch(url, { method: "HEAD", redirect: "manual" })).status
    ).toBe(200)
    // the balance grows after the link was sent: the link says so and charges nothing
    await editAdding(admin, orderId, store.cheapVariantId, 1) // RM20 due now
    await expectRefused(url, "changed", "The amount due has changed", before)
    expect((await balanceOf(orderId)).payment_link).toMatchObject({
      id: made.payment_link.id,
      open_count: 1,
      opened_at: expect.any(String),
      last_checkout_id: null,
    })

    // the merchant revokes it: its page says so (410) in the buyer's language, no svc call; another order's link is refused by field
    const revoke = (order: string, id: string) =>
      admin.client.fetch<any>(
        `/admin/svc/orders/${order}/balance/payment-link/revoke`,
        { method: "POST", body: { payment_link_id: id } }
      )
    expect(
      await failure(revoke(otherOrder, made.payment_link.id))
    ).toMatchObject({
      status: 400,
      message: expect.stringContaining(made.payment_link.id),
    })
    expect(await failure(revoke(orderId, "pl_1"))).toMatchObject({
      status: 400,
      message: expect.stringMatching(
        /payment_link_id: must be a payment link id/
      ),
    })
    const { payment_link: revoked } = await revoke(
      orderId,
      made.payment_link.id
    )
    expect(revoked).toMatchObject({
      id: made.payment_link.id,
      revoked_at: expect.any(String),
      url,
    })
    expect(
      (await revoke(orderId, made.payment_link.id)).payment_link.revoked_at
    ).toBe(revoked.revoked_at) // again: as it was
    expect(await openLink(url)).toMatchObject({
      status: 410,
      page: "revoked",
      h1: "The store withdrew this payment link",
      location: null,
      cache: "no-store",
    })
    expect(await openLink(url, "ms-MY,ms;q=0.9")).toMatchObject({
      status: 410,
      lang: "ms",
      h1: "Kedai telah menarik balik pautan pembayaran ini",
    })
    expect(sb().stats().total).toBe(before)
    expect((await balanceOf(orderId)).payment_link).toBeNull()
    // Request payment again: a new link for what is due now; the revoked one stays withdrawn
    const again = await requestLink(orderId, { provider_id: SVC_PROVIDERS.fpx })
    expect(again.payment_link).toMatchObject({
      amount_sen: 2000,
      revoked_at: null,
    })
    expect(again.payment_link.id).not.toBe(made.payment_link.id)
    expect(await openLink(url)).toMatchObject({ status: 410, page: "revoked" })
    expect((await openLink(again.payment_link.url)).status).toBe(303)
  })

  it("the lasting link: sent through the Notification Module, opened after svc's checkout expired (the sandbox's clock) it makes a new checkout for the balance, paid it settles; opened again it says paid", async () => {
    const orderId = await paidOrderId()
    await editAdding(admin, orderId, store.variantId, 1) // RM120.50 due
    const made = await requestLink(orderId, {
      provider_id: SVC_PROVIDERS.wallet,
    })
    const days =
      (Date.parse(made.payment_link.expires_at) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.9)
    expect(days).toBeLessThanOrEqual(7)
    expect(made.payment_link).toMatchObject({
      amount_sen: 12050,
      provider_id: SVC_PROVIDERS.wallet,
      sent_at: null,
      opened_at: null,
      open_count: 0,
      expired: false,
    })
    // pressed again: the same lasting link
    expect(
      (await requestLink(orderId, { provider_id: SVC_PROVIDERS.wallet }))
        .payment_link
    ).toMatchObject({ id: made.payment_link.id, url: made.payment_link.url })

    // "Send to customer": an email through Medusa's Notification Module (the local provider), the time recorded
    const bad = await failure(
      admin.client.fetch(
        `/admin/svc/orders/${orderId}/balance/payment-link/send`,
        { method: "POST", body: { payment_link_id: "pl_1" } }
      )
    )
    expect(bad).toMatchObject({
      status: 400,
      message: expect.stringMatching(
        /payment_link_id: must be a payment link id \(svcpl_…\)/
      ),
    })
    const { payment_link: sent } = await admin.client.fetch<any>(
      `/admin/svc/orders/${orderId}/balance/payment-link/send`,
      {
        method: "POST",
        body: { payment_link_id: made.payment_link.id },
      }
    )
    const { order } = await admin.admin.order.retrieve(orderId, {
      fields: "id,email,display_id",
    })
    expect(sent).toMatchObject({
      id: made.payment_link.id,
      sent_to: order.email,
      sent_at: expect.any(String),
    })
    const notifications = getContainer().resolve(Modules.NOTIFICATION) as any
    const emails = (
      (await notifications.listNotifications({
        template: "svc-payment-link",
      })) as any[]
    ).filter((n) => n.data?.order_id === orderId)
    expect(
      emails.map((n) => ({
        to: n.to,
        channel: n.channel,
        url: n.data.url,
        amount: n.data.amount,
        display_id: n.data.display_id,
      }))
    ).toEqual([
      {
        to: order.email,
        channel: "email",
        url: made.payment_link.url,
        amount: "120.50",
        display_id: order.display_id,
      },
    ])

    // opened while svc's checkout is live: sent to that checkout, no new one
    const count = checkoutCount()
    const first = await openLink(made.payment_link.url)
    expect(first).toMatchObject({
      status: 303,
      location: made.link.checkout_url,
    })
    expect(checkoutCount()).toBe(count)

    // svc's checkout expires (20 minutes on the sandbox's clock); the buyer opens the link later
    sb().advanceClock(21 * 60)
    expect(sb().getCheckout(made.link.checkout_id).status).toBe("FAILED")
    const later = await openLink(made.payment_link.url)
    expect(later.status).toBe(303)
    expect(later.location).not.toBe(made.link.checkout_url)
    expect(checkoutCount()).toBe(count + 1)
    // a wallet checkout's URL ends with its id
    const fresh = sb().getCheckout(
      later.location!.slice(later.location!.lastIndexOf("/") + 1)
    ) as any
    expect(fresh).toMatchObject({ amount: "12050", status: "CREATED" })
    expect(sb().getCheckout(fresh.checkoutId).redirectUrl).toMatch(
      /^http:\/\/localhost:8000\/checkout\/return\?payment_collection_id=pay_col_\w+&order_id=order_\w+$/
    )
    // the order's svc payment panel keeps the expired checkout (its session is gone), saying it expired and what replaced it
    const { checkouts: panel } = await admin.client.fetch<any>(
      "/admin/svc/checkouts",
      { query: { order_id: orderId } }
    )
    const replaced = panel.find(
      (c: any) => c.checkout_id === made.link.checkout_id
    )
    expect(panel.map((c: any) => c.checkout_id)).toEqual(
      expect.arrayContaining([made.link.checkout_id, fresh.checkoutId])
    )
    expect(replaced.status).toBe("FAILED")
    expect(
      replaced.status_history.entries.filter(
        (e: any) => e.status === "REPLACED"
      )
    ).toEqual([
      expect.objectContaining({
        replaced_by: fresh.checkoutId,
        detail: `expired unpaid; replaced by checkout ${fresh.checkoutId}`,
        detail_code: "history.replacedExpired",
      }),
    ])
    expect(
      panel
        .find((c: any) => c.checkout_id === fresh.checkoutId)
        .status_history.entries.map((e: any) => e.status)
    ).not.toContain("REPLACED")

    // the buyer pays it: captured on the order, nothing left due, Medusa's captured total what svc was paid
    sb().pay(fresh.checkoutId)
    const paid = await paidInFull(
      admin,
      orderId,
      "the balance paid through the lasting link captured"
    )
    expect(capturedSen(paid)).toBe(12050 * 2)

    // opened again: already paid, said in clear words, no svc call
    const calls = await quietCalls()
    await expectRefused(
      made.payment_link.url,
      "paid",
      "This order is already paid",
      calls
    )
    expect((await balanceOf(orderId)).payment_link).toMatchObject({
      id: made.payment_link.id,
      open_count: 3,
      opened_at: expect.any(String),
      sent_at: sent.sent_at,
      last_checkout_id: fresh.checkoutId,
    })
  })
}
