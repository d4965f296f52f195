// Returns, exchanges and claims with svc money, through
// Medusa's own admin routes as the dashboard calls them (/admin/returns…,
// /admin/exchanges…, /admin/claims…, /admin/payments/:id/refund). Money due
// back to the buyer is sent as an svc payout to the destination named for the
// order, of exactly the amount Medusa refunds; money due from the buyer is paid
// through "Request payment" and captured on the order. At the end of each test
// the order's money check holds: Medusa's refunded total equals what svc paid
// out for the order, and Medusa's captured total equals what svc was paid.
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { SvcSuite } from "../helpers/suite"
import {
  oneVariantProduct,
  SVC_PROVIDERS,
  waitFor,
  type Store,
} from "../helpers/store"
import {
  orderMoney as orderPage,
  paidInFull,
  type AdminSdk,
} from "../helpers/admin"
import {
  orderMoney,
  sqlOfKnex,
  type OrderMoney,
} from "../../testing/money-invariants"
import { medusaAmountToSen } from "../../src/rules/medusa-amount"

/** What the dashboard needs before items can be shipped, returned or exchanged: a stock location with the manual fulfillment provider, a shipping profile and option. */
async function shippable(
  admin: AdminSdk,
  store: Store
): Promise<{ locationId: string; shippingOptionId: string }> {
  const { stock_location: location } = await admin.admin.stockLocation.create({
    name: "KL warehouse",
    address: {
      address_1: "1 Jalan Ampang",
      city: "Kuala Lumpur",
      country_code: "MY",
    },
  })
  await admin.admin.stockLocation.updateSalesChannels(location.id, {
    add: [store.salesChannelId],
  })
  await admin.admin.stockLocation.updateFulfillmentProviders(location.id, {
    add: ["manual_manual"],
  })
  await admin.admin.stockLocation.createFulfillmentSet(location.id, {
    name: `KL ${location.id}`,
    type: "shipping",
  })
  const { stock_location: withSet } = await admin.admin.stockLocation.retrieve(
    location.id,
    { fields: "id,*fulfillment_sets" }
  )
  const set = (withSet as any).fulfillment_sets[0]
  const { fulfillment_set: zoned } =
    await admin.admin.fulfillmentSet.createServiceZone(
      set.id,
      {
        name: "Malaysia",
        geo_zones: [{ type: "country", country_code: "my" }],
      },
      { fields: "id,*service_zones" }
    )
  const { shipping_profile: profile } =
    await admin.admin.shippingProfile.create({
      name: `Default ${location.id}`,
      type: "default",
    })
  const { shipping_option: option } = await admin.admin.shippingOption.create({
    name: "Pos Laju",
    service_zone_id: (zoned as any).service_zones[0].id,
    shipping_profile_id: profile.id,
    provider_id: "manual_manual",
    price_type: "flat",
    type: { label: "Standard", description: "2-3 days", code: "standard" },
    prices: [{ currency_code: "myr", amount: 0 }],
  } as never)
  return { locationId: location.id, shippingOptionId: option.id }
}

export function returnsAndExchanges({
  getContainer,
  sb,
  store,
  admin,
  payoutCount,
  checkoutCount,
  paidOrder,
}: SvcSuite): void {
  let ship: { locationId: string; shippingOptionId: string }
  beforeEach(async () => {
    ship = await shippable(admin, store)
  })

  /**
   * The order's money check: Medusa's captured total equals what svc was paid, its refunded total
   * (the refunds, and the order summary's refunded_total) equals what svc paid out, one payout per refund.
   */
  async function expectMoney(
    orderId: string,
    expected: Partial<OrderMoney>
  ): Promise<OrderMoney> {
    const knex = (getContainer() as MedusaContainer).resolve(
      ContainerRegistrationKeys.PG_CONNECTION
    )
    const m = await orderMoney(
      sqlOfKnex(knex as never),
      sb().state() as never,
      orderId
    )
    expect(m.problems).toEqual([])
    expect(m).toMatchObject(expected)
    expect(
      medusaAmountToSen(
        (await orderPage(admin, orderId)).summary.refunded_total ?? 0
      )
    ).toBe(m.paidOutSen)
    return m
  }

  /** A paid FPX order (checkout through Medusa's store routes), its items shipped; `named`: with a first RM5 refund naming the buyer's bank account (nameDestination). */
  async function paidShippedOrder(
    variantId: string,
    quantity: number,
    named = false
  ): Promise<{ orderId: string; paymentId: string; itemId: string }> {
    const { order } = await paidOrder({ cart: { variantId, quantity } })
    const { order: full } = await admin.admin.order.retrieve(order.id, {
      fields: "id,*items",
    })
    const itemId = (full as any).items[0].id
    await admin.admin.order.createFulfillment(order.id, {
      items: [{ id: itemId, quantity }],
      location_id: ship.locationId,
      shipping_option_id: ship.shippingOptionId,
    } as never)
    const paymentId = order.payment_collections[0].payments[0].id
    if (named) await nameDestination(paymentId)
    return { orderId: order.id, paymentId, itemId }
  }

  /** The return of an exchange or a claim (its inbound items). */
  const returnOf = async (
    kind: "exchange" | "claim",
    id: string
  ): Promise<string> => {
    const fields = { fields: "id,return_id" }
    const r =
      kind === "exchange"
        ? (await admin.admin.exchange.retrieve(id, fields)).exchange
        : (await admin.admin.claim.retrieve(id, fields)).claim
    return (r as any).return_id
  }

  /** The dashboard's exchange or claim on the order, one of the order's item coming back (inbound). */
  async function takeBack(
    kind: "exchange" | "claim",
    orderId: string,
    itemId: string,
    type: "refund" | "replace" = "refund"
  ): Promise<{ id: string }> {
    const made =
      kind === "exchange"
        ? (await admin.admin.exchange.create({ order_id: orderId })).exchange
        : (await admin.admin.claim.create({ order_id: orderId, type })).claim
    await admin.admin[kind].addInboundItems(made.id, {
      items: [{ id: itemId, quantity: 1 }],
      location_id: ship.locationId,
    } as never)
    return made
  }

  /** The dashboard's "Return": request `quantity` of the item, confirm the request. */
  async function requestReturn(
    orderId: string,
    itemId: string,
    quantity: number
  ) {
    const { return: ret } = await admin.admin.return.initiateRequest({
      order_id: orderId,
      location_id: ship.locationId,
    })
    await admin.admin.return.addReturnItem(ret.id, {
      items: [{ id: itemId, quantity }],
    })
    await admin.admin.return.confirmRequest(ret.id, {})
    return ret
  }

  /** expectMoney: captured equals paid, refunded equals paid out. */
  const expectBalanced = (orderId: string, paidSen: number, outSen: number) =>
    expectMoney(orderId, {
      capturedSen: paidSen,
      paidSen,
      refundedSen: outSen,
      paidOutSen: outSen,
    })

  const toBank = {
    name: "Siti Aminah",
    bank_code: "MBBEMYKL",
    account_number: "5512345678",
  }
  /** The svc refunds panel: a RM5 refund that names the buyer's bank account for the order. */
  async function nameDestination(paymentId: string) {
    const r = await admin.client.fetch<any>("/admin/svc/refunds", {
      method: "POST",
      body: { payment_id: paymentId, amount: "5.00", beneficiary: toBank },
    })
    expect(r.payout).toMatchObject({ amount_sen: 500, status: "INITIATED" })
  }
  const pendingSen = async (orderId: string) =>
    medusaAmountToSen(
      (await orderPage(admin, orderId)).summary.pending_difference
    )

  /** The dashboard's "Receive items" on a return (a return's, an exchange's or a claim's inbound items): receive, then confirm. */
  async function receive(returnId: string, itemId: string, quantity = 1) {
    await admin.admin.return.initiateReceive(returnId, {})
    await admin.admin.return.receiveItems(returnId, {
      items: [{ id: itemId, quantity }],
    })
    await admin.admin.return.confirmReceive(returnId, {})
  }

  /**
   * The dashboard's Refund for what the order owes the buyer: Medusa's refund of the payment of exactly
   * the amount due back. `paidSen`: then the order's money, captured equal to paid, and refunded equal
   * to paid out (nameDestination's RM5 and this refund).
   */
  async function refundDueBack(
    orderId: string,
    paymentId: string,
    expectedSen: number,
    paidSen?: number
  ) {
    const o = await orderPage(admin, orderId)
    const due = -Number(o.summary.pending_difference)
    expect(medusaAmountToSen(due)).toBe(expectedSen)
    const before = payoutCount()
    await admin.admin.payment.refund(paymentId, { amount: due })
    expect(payoutCount()).toBe(before + 1)
    const { payouts } = await admin.client.fetch<any>(
      `/admin/svc/payouts?order_id=${orderId}`
    )
    const sent = payouts.filter((p: any) => p.amount_sen === expectedSen)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      status: "INITIATED",
      order_id: orderId,
      payment_id: paymentId,
      beneficiary_name: "Siti Aminah",
    })
    expect((sb().state() as any).payouts[sent[0].payout_id].amount).toBe(
      expectedSen
    )
    expect(await pendingSen(orderId)).toBe(0)
    if (paidSen) await expectBalanced(orderId, paidSen, 500 + expectedSen)
  }

  it("a return received and confirmed through /admin/returns: the refund due back is one svc payout of exactly that amount; refunded equals paid out, captured equals paid", async () => {
    const { orderId, paymentId, itemId } = await paidShippedOrder(
      store.variantId,
      2,
      true
    ) // RM241.00
    expect(await pendingSen(orderId)).toBe(0)

    // the dashboard's "Return": request one item, confirm the request
    const ret = await requestReturn(orderId, itemId, 1)
    expect(await pendingSen(orderId)).toBe(0) // Medusa owes nothing back until the item is received
    await receive(ret.id, itemId)

    // RM120.50 due back: Medusa's Refund sends it as one svc payout of 12050 sen
    await refundDueBack(orderId, paymentId, 12050, 24100)
  })

  it("an exchange for a more expensive item: the difference is paid through Request payment and captured on the order; captured equals paid, nothing refunded", async () => {
    const { orderId, itemId } = await paidShippedOrder(store.cheapVariantId, 3) // 3 × RM5 = RM15.00
    const exchange = await takeBack("exchange", orderId, itemId)
    await admin.admin.exchange.addOutboundItems(exchange.id, {
      items: [{ variant_id: store.variantId, quantity: 1 }],
    })
    await admin.admin.exchange.request(exchange.id, {})
    // until the sticker is back, Medusa asks for the whole new item; received, the difference
    expect(await pendingSen(orderId)).toBe(12050)
    await receive(await returnOf("exchange", exchange.id), itemId)
    expect(await pendingSen(orderId)).toBe(12050 - 500)

    // Request payment on the order page: an svc link for RM115.50 on the order's unpaid collection
    const before = checkoutCount()
    const made = await admin.client.fetch<any>(
      `/admin/svc/orders/${orderId}/balance/payment-link`,
      { method: "POST", body: { provider_id: SVC_PROVIDERS.fpx } }
    )
    expect(made).toMatchObject({
      reused: false,
      link: { amount_sen: 11550, provider_id: SVC_PROVIDERS.fpx },
    })
    expect(checkoutCount()).toBe(before + 1)
    expect(sb().getCheckout(made.link.checkout_id).amount).toBe("11550")

    sb().pay(made.link.checkout_id)
    await paidInFull(
      admin,
      orderId,
      "the exchange's difference captured, nothing left due"
    )

    await expectBalanced(orderId, 1500 + 11550, 0)
  })

  it("an exchange for a cheaper item: what is due back is one svc payout of exactly that amount; refunded equals paid out, captured equals paid", async () => {
    const { orderId, paymentId, itemId } = await paidShippedOrder(
      store.variantId,
      1,
      true
    ) // RM120.50
    const exchange = await takeBack("exchange", orderId, itemId)
    await admin.admin.exchange.addOutboundItems(exchange.id, {
      items: [{ variant_id: store.cheapVariantId, quantity: 3 }],
    })
    await admin.admin.exchange.request(exchange.id, {})
    // the buyer sends the batik back; the dashboard receives the exchange's return
    await receive(await returnOf("exchange", exchange.id), itemId)

    // RM120.50 − RM15.00 = RM105.50 due back
    await refundDueBack(orderId, paymentId, 10550, 12050)
  })

  it("a refund claim through /admin/claims: the refund due back is one svc payout of exactly that amount; refunded equals paid out, captured equals paid", async () => {
    const { orderId, paymentId, itemId } = await paidShippedOrder(
      store.variantId,
      2,
      true
    ) // RM241.00
    // the dashboard's claim form: the claimed item comes back (inbound), the claim is confirmed, the item received
    const claim = await takeBack("claim", orderId, itemId, "refund")
    await admin.admin.claim.request(claim.id, {})
    await receive(await returnOf("claim", claim.id), itemId)

    await refundDueBack(orderId, paymentId, 12050, 24100)
  })

  it("an exchange paid for before its return arrives: Request payment asks for Medusa's exchange difference (its payment collection), not the RM120.50 the order shows until the item is back; paid and received, nothing is due either way; captured equals paid", async () => {
    const { orderId, itemId } = await paidShippedOrder(
      store.cheapVariantId,
      3,
      true
    ) // RM15.00, with a refund before the exchange (Medusa records a credit line for it)
    const exchange = await takeBack("exchange", orderId, itemId)
    await admin.admin.exchange.addOutboundItems(exchange.id, {
      items: [{ variant_id: store.variantId, quantity: 1 }],
    })
    await admin.admin.exchange.request(exchange.id, {})
    // the order page: RM120.50 outstanding (the sticker is not back yet); Medusa's collection: the exchange's RM115.50
    expect(await pendingSen(orderId)).toBe(12050)
    const b = (
      await admin.client.fetch<any>(`/admin/svc/orders/${orderId}/balance`)
    ).balance
    expect(b).toMatchObject({
      outstanding_sen: 12050,
      payment_collection: { status: "not_paid", amount_sen: 11550 },
      refusal: null,
    })

    const made = await admin.client.fetch<any>(
      `/admin/svc/orders/${orderId}/balance/payment-link`,
      { method: "POST", body: { provider_id: SVC_PROVIDERS.wallet } }
    )
    expect(made.link.amount_sen).toBe(11550)
    expect(sb().getCheckout(made.link.checkout_id).amount).toBe("11550")
    sb().pay(made.link.checkout_id)
    // the capture and the order's transaction are two steps of Medusa's capture workflow: wait for both
    const paid = await waitFor(
      async () => {
        const o = await orderPage(admin, orderId)
        return o.payment_collections.every(
          (c: any) => c.status === "completed"
        ) && medusaAmountToSen(o.summary.pending_difference) !== 12050
          ? o
          : undefined
      },
      "the exchange's payment captured on the order",
      60_000
    )
    expect(medusaAmountToSen(paid.summary.pending_difference)).toBe(500) // until the sticker is back
    // the order page says why RM5.00 is due and that it clears on receipt, not just "below svc's range"
    const due = (
      await admin.client.fetch<any>(`/admin/svc/orders/${orderId}/balance`)
    ).balance
    expect(due.outstanding_sen).toBe(500)
    expect(due.refusal).toMatch(
      new RegExp(
        `^the outstanding RM5\\.00 is outside svc's checkout range .*; collect it another way, or first receive the items of return ${await returnOf("exchange", exchange.id)} \\(requested\\): Medusa counts returned items only once received, and this amount may clear then$`
      )
    )

    // the sticker comes back: nothing due either way, no refund, no payout
    const payouts = payoutCount()
    await receive(await returnOf("exchange", exchange.id), itemId)
    expect(await pendingSen(orderId)).toBe(0)
    expect(payoutCount()).toBe(payouts)

    await expectBalanced(orderId, 1500 + 11550, 500)
  })

  it("a replacement claim through /admin/claims (the item comes back, the same item goes out): nothing is due either way, no svc payout, no svc checkout; captured equals paid", async () => {
    const { orderId, itemId } = await paidShippedOrder(store.variantId, 1) // RM120.50
    const [payouts, checkouts] = [payoutCount(), checkoutCount()]
    const claim = await takeBack("claim", orderId, itemId, "replace")
    await admin.admin.claim.addOutboundItems(claim.id, {
      items: [{ variant_id: store.variantId, quantity: 1 }],
    })
    await admin.admin.claim.request(claim.id, {})
    await receive(await returnOf("claim", claim.id), itemId)

    expect(await pendingSen(orderId)).toBe(0)
    const b = (
      await admin.client.fetch<any>(`/admin/svc/orders/${orderId}/balance`)
    ).balance
    expect(b).toMatchObject({ outstanding_sen: 0, link: null })
    expect(b.refusal).toMatch(/has no outstanding amount/)
    expect([payoutCount(), checkoutCount()]).toEqual([payouts, checkouts])
    await expectBalanced(orderId, 12050, 0)
  })

  it("cancel after a return: refused while part of the svc money is not refunded (naming what is left), refunded through Medusa's Refund button and the svc panel, then canceled; refunded equals paid out, nothing after", async () => {
    const { orderId, paymentId, itemId } = await paidShippedOrder(
      store.cheapVariantId,
      4,
      true
    ) // 4 × RM5 = RM20.00, RM5.00 refunded
    const ret = await requestReturn(orderId, itemId, 2)
    await receive(ret.id, itemId, 2)
    await refundDueBack(orderId, paymentId, 1000) // Medusa's Refund button: one svc payout

    const refused = await admin.admin.order.cancel(orderId).then(
      () => null,
      (e: any) => e
    )
    expect(refused?.message).toMatch(
      /RM5\.00 of it has not been refunded \(captured RM20\.00, refunded RM15\.00\)/
    )
    expect((await orderPage(admin, orderId)).status).not.toBe("canceled")

    // the rest through the svc refunds panel; the unreturned items' fulfillment canceled as the dashboard requires; then the cancel
    await admin.client.fetch<any>("/admin/svc/refunds", {
      method: "POST",
      body: { payment_id: paymentId, amount: "5.00", beneficiary: toBank },
    })
    const { order: withFulfillments } = await admin.admin.order.retrieve(
      orderId,
      { fields: "id,*fulfillments" }
    )
    for (const f of (withFulfillments as any).fulfillments ?? []) {
      if (!f.canceled_at)
        await admin.admin.order.cancelFulfillment(orderId, f.id, {})
    }
    const payouts = payoutCount()
    await admin.admin.order.cancel(orderId)
    expect((await orderPage(admin, orderId)).status).toBe("canceled")
    expect(payoutCount()).toBe(payouts) // Medusa's cancel records no refund of its own, and svc pays nothing more
    await expectBalanced(orderId, 2000, 2000)
  })

  it("SST 8 % on kopi at RM36.90 (39.852 a bag): bags returned twice, each refund's payout is its share of the payment's refunded total in sen, so svc pays out what Medusa shows refunded (124.556 is 12456 sen, not 500 + 3985 + 7970)", async () => {
    await admin.admin.taxRegion.create({
      country_code: "my",
      provider_id: "tp_system",
      default_tax_rate: { name: "SST", code: "SST", rate: 8 },
    } as never)
    const { product } = await admin.admin.product.create(
      oneVariantProduct("Kopi", ["Size", "250g"], store.salesChannelId, [
        { amount: 36.9, currency_code: "myr" },
      ])
    )
    const { orderId, paymentId, itemId } = await paidShippedOrder(
      (product as any).variants[0].id,
      4
    ) // 4 × 39.852 = 159.408
    expect(
      sb().getCheckout(
        (
          (await orderPage(admin, orderId)).payment_collections[0].payments[0]
            .data as any
        ).checkoutId
      ).amount
    ).toBe("15941")
    await nameDestination(paymentId)

    for (const quantity of [1, 2]) {
      const ret = await requestReturn(orderId, itemId, quantity)
      await receive(ret.id, itemId, quantity)
      const due = -Number(
        (await orderPage(admin, orderId)).summary.pending_difference
      )
      expect(due).toBeCloseTo(39.852 * quantity, 6)
      await admin.admin.payment.refund(paymentId, { amount: due })
      expect(await pendingSen(orderId)).toBe(0)
    }
    // 5 + 39.852 + 79.704 = 124.556 refunded: 12456 sen paid out (500, 3985, 7971)
    const m = await expectBalanced(orderId, 15941, 12456)
    expect(m.refunds.map((r) => r.payouts[0].amountSen)).toEqual([
      500, 3985, 7971,
    ])

    // the last bag through the svc refunds panel: at most RM34.85 is left (15941 − 12456 sen), one sen more is refused
    const refund = (amount: string) =>
      admin.client.fetch<any>("/admin/svc/refunds", {
        method: "POST",
        body: { payment_id: paymentId, amount, beneficiary: toBank },
      })
    const tooMuch = await refund("34.86").then(
      () => null,
      (e: any) => e
    )
    expect(tooMuch?.message).toMatch(
      /^amount: at most RM34\.85 can be refunded \(captured RM159\.41, refunded RM124\.56/
    )
    const last = await refund("34.85")
    expect(last.payout).toMatchObject({ amount_sen: 3485, status: "INITIATED" })
    // Medusa records its exact remainder (34.852): the payment is all refunded, svc paid out all it was paid
    const { payment } = await admin.admin.payment.retrieve(paymentId, {
      fields: "id,*refunds",
    })
    expect(String((payment as any).refunds.at(-1).amount)).toBe("34.852")
    const all = await expectMoney(orderId, {
      capturedSen: 15941,
      refundedSen: 15941,
      paidOutSen: 15941,
    })
    expect(all.refunds.map((r) => r.payouts[0].amountSen)).toEqual([
      500, 3985, 7971, 3485,
    ])
  })
}
