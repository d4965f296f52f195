import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
// Refunds as svc payouts, through Medusa's admin API as a merchant makes them:
// an admin signs in, refunds part of a captured svc payment to the buyer's bank
// account (POST /admin/svc/refunds), and Medusa's refund, svc's payout and the
// plugin's payout request must agree, whatever svc answers.
import type { SvcSuite } from "../helpers/suite"
import {
  capturedOrder,
  completeCart,
  SVC_PROVIDERS,
  waitFor,
} from "../helpers/store"
import { totalSen } from "../../src/lib/money/sen-sums"
import { refusal } from "../helpers/admin"
import { sweepRefundPayouts } from "../../src/workflows/track-payout/sweep-payouts"
import {
  trackPayoutWorkflow,
  type PayoutNotDelivered,
} from "../../src/workflows/track-payout"
import { SVC_MODULE } from "../../src/modules/svc"
import {
  refundToBankWorkflow,
  type RefundSentData,
} from "../../src/workflows/refund-to-bank"
import { SvcEvents } from "../../src/workflows"
import { collectSvcEvents, type SvcEventCollector } from "../helpers/svc-events"

export function refunds({
  api,
  svc,
  store,
  getContainer,
  sb,
  admin,
  paidOrder,
  cartWithSession,
}: SvcSuite): void {
  let earlier = new Set<string>()
  // A store's handler on the refund workflow's refundSent hook, registered as a store's
  // src/workflows/hooks file would (once per workflow: Medusa allows one handler per hook).
  const refundsSent: RefundSentData[] = []
  refundToBankWorkflow.hooks.refundSent(async (data) => {
    refundsSent.push(data)
  })
  const notDelivered: PayoutNotDelivered[] = []
  trackPayoutWorkflow.hooks.payoutNotDelivered(async (data) => {
    notDelivered.push(data)
  })
  // the plugin's events, as a store's subscriber hears them on Medusa's event bus (docs/events.md)
  let events: SvcEventCollector
  beforeEach(() => {
    events = collectSvcEvents(getContainer())
  })
  afterEach(() => events.stop())
  beforeEach(async () => {
    refundsSent.length = 0
    notDelivered.length = 0
    earlier = new Set(allSandboxPayouts().map((p) => p.payoutId)) // the sandbox lives for the whole file
  })

  const allSandboxPayouts = () =>
    Object.values((sb().state() as any).payouts ?? {}) as any[]
  /** Payouts svc made during this test. */
  const sandboxPayouts = () =>
    allSandboxPayouts().filter((p) => !earlier.has(p.payoutId))

  const refund = (body: Record<string, unknown>) =>
    admin.client.fetch<any>("/admin/svc/refunds", { method: "POST", body })
  const refundError = (body: Record<string, unknown>) => refusal(refund(body))
  const medusaRefunds = async (paymentId: string) => {
    const { payment } = await admin.admin.payment.retrieve(paymentId, {
      fields: "id,*refunds",
    })
    return (payment.refunds ?? []) as any[]
  }
  const toBank = (accountNumber = "5512345678") => ({
    name: "Siti Aminah",
    bank_code: "MBBEMYKL",
    account_number: accountNumber,
  })

  it("refunds part, then the rest, to the buyer's bank: one payout per Medusa refund, settled by webhook; more is refused", async () => {
    const { paymentId, orderId } = await paidOrder()
    const banks = await admin.client.fetch<any>("/admin/svc/payout-banks")
    expect(banks.banks).toEqual(
      expect.arrayContaining([
        { code: "MBBEMYKL", name: "Malayan Banking Berhad" },
      ])
    )
    expect(Number(banks.prefund_available_sen)).toBeGreaterThan(12050)

    const first = await refund({
      payment_id: paymentId,
      amount: "20.50",
      beneficiary: toBank(),
      note: "damaged sleeve",
    })
    expect(first.payout).toMatchObject({
      status: "INITIATED",
      amount_sen: 2050,
      order_id: orderId,
      fee_sen: 50,
    })
    expect(first.payout.destination).toEqual({
      bank_code: "MBBEMYKL",
      account_number: "••••5678",
    })
    expect(JSON.stringify(first)).not.toContain("5512345678")
    let refunds = await medusaRefunds(paymentId)
    expect(refunds).toHaveLength(1)
    expect(Number(refunds[0].amount)).toBe(20.5)
    expect(refunds[0].id).toBe(first.payout.refund_id)
    const made = sandboxPayouts()
    expect(made).toHaveLength(1)
    expect(made[0]).toMatchObject({
      payoutId: first.payout.payout_id,
      amount: 2050,
    })
    // the store's hook handler was given the payout and the refund it is recorded as
    expect(refundsSent).toEqual([
      {
        payout_request_id: first.payout.id,
        payout_id: made[0].payoutId,
        refund_id: refunds[0].id,
        payment_id: paymentId,
        order_id: orderId,
        amount_sen: 2050,
      },
    ])

    // svc settles about 20 s later and says so by webhook
    sb().advanceClock(30)
    await sb().flushWebhooks()
    await waitFor(
      async () => {
        const { payouts } = await admin.client.fetch<any>(
          "/admin/svc/payouts",
          { query: { order_id: orderId } }
        )
        return payouts[0]?.status === "SETTLED" ? payouts : undefined
      },
      "payout SETTLED by webhook",
      20_000
    )

    const rest = await refund({
      payment_id: paymentId,
      amount: 100,
      beneficiary: toBank(),
    })
    expect(rest.payout).toMatchObject({
      status: "INITIATED",
      amount_sen: 10000,
    })
    refunds = await medusaRefunds(paymentId)
    expect(refunds.map((r) => Number(r.amount)).sort()).toEqual([100, 20.5])

    const more = await refundError({
      payment_id: paymentId,
      amount: "10",
      beneficiary: toBank(),
    })
    expect(more.status).toBe(400)
    expect(more.message).toMatch(/^amount: at most RM0\.00 can be refunded/)
    expect(sandboxPayouts()).toHaveLength(2)
    expect(await medusaRefunds(paymentId)).toHaveLength(2)
    // refundSent once per payout sent; never for a refused refund
    expect(refundsSent.map((r) => r.amount_sen)).toEqual([2050, 10000])

    // the events: one `sent` per payout, one `settled` for the first; the job's sweep and two more
    // tracking runs racing it tell of nothing more
    const trackFirst = () =>
      trackPayoutWorkflow(getContainer()).run({
        input: { payout_id: first.payout.payout_id, source: "job" },
      })
    await Promise.all([
      trackFirst(),
      trackFirst(),
      sweepRefundPayouts(getContainer()),
    ])
    await events.settle()
    const ids = (p: any) => ({
      id: p.id,
      payout_id: p.payout_id,
      refund_id: p.refund_id,
      payment_id: paymentId,
      order_id: orderId,
    })
    expect(events.of(SvcEvents.REFUND_PAYOUT_SENT)).toEqual([
      ids(first.payout),
      ids(rest.payout),
    ])
    expect(events.of(SvcEvents.REFUND_PAYOUT_SETTLED)).toEqual([
      ids(first.payout),
    ])

    // the second payout settles: its webhook delivered twice, the job and two tracking runs at once make one `settled`
    sb().webhookFaults({ mode: "duplicate", count: 2 })
    sb().advanceClock(30)
    const trackRest = () =>
      trackPayoutWorkflow(getContainer()).run({
        input: { payout_id: rest.payout.payout_id, source: "job" },
      })
    await Promise.all([
      trackRest(),
      trackRest(),
      sweepRefundPayouts(getContainer()),
      sb().flushWebhooks(),
    ])
    await waitFor(
      async () =>
        events.of(SvcEvents.REFUND_PAYOUT_SETTLED).length === 2
          ? true
          : undefined,
      "second payout settled",
      20_000
    )
    await sb().flushWebhooks()
    await events.settle(300)
    expect(events.of(SvcEvents.REFUND_PAYOUT_SETTLED)).toEqual([
      ids(first.payout),
      ids(rest.payout),
    ])
    expect(events.all().map((e) => e.name)).toEqual([
      SvcEvents.REFUND_PAYOUT_SENT,
      SvcEvents.REFUND_PAYOUT_SETTLED,
      SvcEvents.REFUND_PAYOUT_SENT,
      SvcEvents.REFUND_PAYOUT_SETTLED,
    ])

    // docs/examples/svc-refund-email.ts (a store's subscriber) emailed the buyer once per settled payout, through Medusa's Notification Module
    const { order } = await admin.admin.order.retrieve(orderId, {
      fields: "id,email,display_id",
    })
    const notifications = getContainer().resolve(Modules.NOTIFICATION) as any
    const emails = await waitFor(
      async () => {
        const mine = (
          (await notifications.listNotifications({
            template: "svc-refund-settled",
          })) as any[]
        ).filter((n) => n.data?.order_id === orderId)
        return mine.length >= 2 ? mine : undefined
      },
      "two refund emails",
      10_000
    )
    await events.settle(300)
    const seen = emails.map((n: any) => ({
      to: n.to,
      channel: n.channel,
      amount: Number(n.data.amount),
      display_id: n.data.display_id,
    }))
    expect(seen.sort((a: any, b: any) => a.amount - b.amount)).toEqual([
      {
        to: order.email,
        channel: "email",
        amount: 20.5,
        display_id: order.display_id,
      },
      {
        to: order.email,
        channel: "email",
        amount: 100,
        display_id: order.display_id,
      },
    ])
  })

  it("a refund reason chosen in the svc refunds panel is stored on Medusa's refund, as Medusa's Refund button stores it; an unknown one is refused before anything is sent", async () => {
    const { paymentId } = await paidOrder()
    const { refund_reason: reason } = await admin.client.fetch<any>(
      "/admin/refund-reasons",
      {
        method: "POST",
        body: { label: "Damaged item", code: `damaged_${Date.now()}` },
      }
    )
    const before = sandboxPayouts().length
    expect(
      (
        await refundError({
          payment_id: paymentId,
          amount: "5",
          beneficiary: toBank(),
          refund_reason_id: "refr_NOPE",
        })
      ).message
    ).toMatch(
      /^refund_reason_id: refr_NOPE is not one of this store's refund reasons/
    )
    expect(
      (
        await refundError({
          payment_id: paymentId,
          amount: "5",
          beneficiary: toBank(),
          refund_reason_id: "damaged",
        })
      ).message
    ).toMatch(
      /^Invalid request: refund_reason_id: must be a Medusa refund reason id/
    )
    expect(sandboxPayouts()).toHaveLength(before)
    const res = await refund({
      payment_id: paymentId,
      amount: "5",
      beneficiary: toBank(),
      refund_reason_id: reason.id,
      note: "box crushed",
    })
    expect(res.payout).toMatchObject({
      status: "INITIATED",
      refund_reason_id: reason.id,
    })
    const [r] = await medusaRefunds(paymentId)
    expect(r).toMatchObject({
      refund_reason_id: reason.id,
      note: "box crushed",
    })
  })

  it("bad input is refused by field before anything is sent", async () => {
    const { paymentId } = await paidOrder()
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { payment_id: paymentId, amount: "12.345", beneficiary: toBank() },
        /^amount: must not contain a fraction of a sen/,
      ],
      [
        { payment_id: paymentId, amount: "0", beneficiary: toBank() },
        /^amount: must be more than RM0\.00/,
      ],
      [
        { payment_id: paymentId, amount: "-10", beneficiary: toBank() },
        /^amount: must be more than RM0\.00; got RM-10\.00/,
      ],
      [
        { payment_id: paymentId, amount: "130", beneficiary: toBank() },
        /^amount: at most RM120\.50 can be refunded/,
      ],
      [
        {
          payment_id: paymentId,
          amount: "10",
          beneficiary: { bank_code: "MBBEMYKL", account_number: "5512345678" },
        },
        /^Invalid request: Field 'beneficiary, name' is required$/,
      ],
      [
        {
          payment_id: paymentId,
          amount: "10",
          beneficiary: { ...toBank(), account_number: "12ab" },
        },
        /^Invalid request: beneficiary\.account_number: must be 6-20 digits/,
      ],
      [
        {
          payment_id: paymentId,
          amount: "10",
          beneficiary: {
            ...toBank(),
            proxy_type: "MOBILE",
            proxy_value: "0123456789",
          },
        },
        /^Invalid request: beneficiary\.proxy_type: give a bank account \(bank_code, account_number\) or a DuitNow proxy \(proxy_type, proxy_value\), not both/,
      ],
      [
        {
          payment_id: paymentId,
          amount: "10",
          beneficiary: { ...toBank(), bank_code: "NOPEMYKL" },
        },
        /^beneficiary\.bank_code: NOPEMYKL is not a bank svc pays out to/,
      ],
      [
        {
          payment_id: paymentId,
          amount: "10",
          beneficiary: toBank(),
          name_check: "exact",
        },
        /^Invalid request: Expected: 'strict, loose' for field 'name_check', but got: 'exact'$/,
      ],
      [
        { payment_id: "pay_missing", amount: "10", beneficiary: toBank() },
        /^payment_id: no payment pay_missing/,
      ],
      [
        {
          payment_id: paymentId,
          amount: "10",
          beneficiary: toBank(),
          extra: 1,
        },
        /^Invalid request: Unrecognized fields: 'extra'$/,
      ],
    ]
    for (const [body, re] of cases) {
      const e = await refundError(body)
      expect([400, 404]).toContain(e.status)
      expect(e.message).toMatch(re)
    }
    expect(sandboxPayouts()).toHaveLength(0)
    expect(await medusaRefunds(paymentId)).toHaveLength(0)
  })

  it("Medusa's own Refund button with no bank account named for the order is refused naming the svc refunds panel; nothing is sent", async () => {
    const { paymentId } = await paidOrder()
    let message = ""
    try {
      await admin.admin.payment.refund(paymentId, { amount: 10 })
    } catch (e: any) {
      message = e.message
    }
    expect(message).toMatch(
      /none is named for this order yet\. Make this refund in the "svc refunds" panel of the order/
    )
    expect(sandboxPayouts()).toHaveLength(0)
    expect(await medusaRefunds(paymentId)).toHaveLength(0)
  })

  it("the bank rejects the account: no Medusa refund, the request is FAILED with svc's reason, the amount can be refunded again", async () => {
    const { paymentId } = await paidOrder()
    const e = await refundError({
      payment_id: paymentId,
      amount: "120.50",
      beneficiary: toBank("5512340000"),
    })
    expect(e.status).toBe(400)
    expect(e.message).toMatch(/INVALID_REQUEST/)
    expect(await medusaRefunds(paymentId)).toHaveLength(0)
    const svcModule = getContainer().resolve(SVC_MODULE) as any
    const [row] = await svcModule.listSvcPayouts({ payment_id: paymentId })
    expect(row).toMatchObject({ status: "FAILED", payout_id: null })
    expect(row.failure_reason).toMatch(/INVALID_REQUEST/)

    const ok = await refund({
      payment_id: paymentId,
      amount: "120.50",
      beneficiary: toBank(),
    })
    expect(ok.payout.status).toBe("INITIATED")
    expect(await medusaRefunds(paymentId)).toHaveLength(1)
    expect(sandboxPayouts()).toHaveLength(1)
  })

  it("svc makes the payout but never answers: 202, then the job records the refund with the same key; one payout, one refund", async () => {
    const { paymentId } = await paidOrder()
    // the first attempt is processed but answered 500; every retry gets 503
    sb().injectFault({
      route: "POST /v1/payouts",
      kind: "500",
      count: 1,
      afterProcessing: true,
    } as any)
    sb().injectFault({
      route: "POST /v1/payouts",
      kind: "503",
      count: 20,
    } as any)
    const res = await refund({
      payment_id: paymentId,
      amount: "30",
      beneficiary: toBank(),
    })
    expect(res.payout.status).toBe("UNCERTAIN")
    expect(res.message).toMatch(/reconciliation job will finish it/)
    expect(refundsSent).toEqual([]) // not (yet) recorded as a refund
    await events.settle()
    expect(events.all()).toEqual([]) // nor told of as sent: svc's answer is not known
    expect(sandboxPayouts()).toHaveLength(1) // svc did make it
    expect(await medusaRefunds(paymentId)).toHaveLength(0)
    // while uncertain it counts as open: no more than the rest can be asked for
    const over = await refundError({
      payment_id: paymentId,
      amount: "100",
      beneficiary: toBank(),
    })
    expect(over.message).toMatch(/at most RM90\.50 can be refunded/)

    sb().clearFaults()
    const report = await sweepRefundPayouts(getContainer())
    expect(report.finished).toBe(1)
    const refunds = await medusaRefunds(paymentId)
    expect(refunds).toHaveLength(1)
    expect(Number(refunds[0].amount)).toBe(30)
    const made = sandboxPayouts()
    expect(made).toHaveLength(1)
    // the job finished it through the refund workflow: the store's hook hears of it then
    expect(refundsSent).toEqual([
      expect.objectContaining({
        payout_id: made[0].payoutId,
        refund_id: refunds[0].id,
        amount_sen: 3000,
      }),
    ])
    const { payouts } = await admin.client.fetch<any>("/admin/svc/payouts", {
      query: { payment_id: paymentId },
    })
    expect(payouts.find((p: any) => p.amount_sen === 3000)).toMatchObject({
      status: "INITIATED",
      payout_id: made[0].payoutId,
      refund_id: refunds[0].id,
    })
    // a second sweep changes nothing
    await sweepRefundPayouts(getContainer())
    expect(await medusaRefunds(paymentId)).toHaveLength(1)
    expect(sandboxPayouts()).toHaveLength(1)
    expect(refundsSent).toHaveLength(1)
    // `sent` once, by the job that learnt svc's answer
    await events.settle()
    expect(events.of(SvcEvents.REFUND_PAYOUT_SENT)).toEqual([
      {
        id: payouts.find((p: any) => p.amount_sen === 3000).id,
        payout_id: made[0].payoutId,
        refund_id: refunds[0].id,
        payment_id: paymentId,
        order_id: expect.any(String),
      },
    ])
  })

  it("a store's own code runs the refund workflow; a request cut off after Medusa's refund is finished by the job for that refund: one payout, one refund", async () => {
    const { paymentId, orderId } = await paidOrder()
    // run from code, the request is checked as the admin route checks it, before anything is stored or sent
    const bad = [
      [
        {
          payment_id: paymentId,
          amount: "15",
          beneficiary: { ...toBank(), account_number: "5140-1234" },
        },
        /beneficiary\.account_number: must be 6-20 digits/,
      ],
      [
        {
          payment_id: paymentId,
          amount: "15",
          beneficiary: {
            ...toBank(),
            proxy_type: "MOBILE",
            proxy_value: "0123456789",
          },
        },
        /beneficiary\.proxy_type: give a bank account/,
      ],
      [
        { payment_id: "order_1", amount: "15", beneficiary: toBank() },
        /payment_id: must be a Medusa payment id/,
      ],
    ] as const
    for (const [request, message] of bad) {
      const { errors, result } = await refundToBankWorkflow(getContainer()).run(
        {
          input: { request: request as never, actor_id: "user_store_code" },
          throwOnError: false,
        }
      )
      expect({ result, error: errors[0]?.error?.message }).toEqual({
        result: undefined,
        error: expect.stringMatching(message),
      })
    }
    expect(sandboxPayouts()).toHaveLength(0)
    const stored = await (
      getContainer().resolve(SVC_MODULE) as any
    ).listSvcPayouts({ payment_id: paymentId })
    expect(stored).toHaveLength(0)
    const { result } = await refundToBankWorkflow(getContainer()).run({
      input: {
        request: { payment_id: paymentId, amount: "15", beneficiary: toBank() },
        actor_id: "user_store_code",
      },
    })
    expect(result).toMatchObject({
      kept: false,
      payout: { status: "INITIATED", amount_sen: 1500, order_id: orderId },
    })
    expect(refundsSent).toEqual([
      expect.objectContaining({
        payout_request_id: result.payout.id,
        amount_sen: 1500,
      }),
    ])

    // as if the process died while POST /v1/payouts was in flight, after Medusa committed its refund:
    // nothing of svc's answer recorded (the beneficiary id too, or the body sent again would differ)
    const svcModule = getContainer().resolve(SVC_MODULE) as any
    await svcModule.updateSvcPayouts({
      id: result.payout.id,
      status: "UNCERTAIN",
      payout_id: null,
      beneficiary_id: null,
      fee_sen: null,
    })
    const report = await sweepRefundPayouts(getContainer())
    expect(report.finished).toBe(1)
    const row = await svcModule.retrieveSvcPayout(result.payout.id)
    expect(row).toMatchObject({
      status: "INITIATED",
      payout_id: result.payout.payout_id,
      refund_id: result.payout.refund_id,
    })
    expect(sandboxPayouts()).toHaveLength(1) // svc replayed the payout it made for the stored key
    expect(await medusaRefunds(paymentId)).toHaveLength(1) // and no second Medusa refund
    expect(refundsSent.map((r) => r.refund_id)).toEqual([
      result.payout.refund_id,
      result.payout.refund_id,
    ])
  })

  it("a send cut off midway (the process died while SENDING, svc had made the payout) is finished by the job with the same key: one payout, one refund", async () => {
    const { paymentId } = await paidOrder()
    const res = await refund({
      payment_id: paymentId,
      amount: "7",
      beneficiary: toBank(),
    })
    const svcModule = getContainer().resolve(SVC_MODULE) as any
    await svcModule.updateSvcPayouts({
      id: res.payout.id,
      status: "SENDING",
      payout_id: null,
      beneficiary_id: null,
      fee_sen: null,
    })
    const pg = getContainer().resolve(
      ContainerRegistrationKeys.PG_CONNECTION
    ) as any
    await pg.raw(
      "update svc_payout set updated_at = now() - interval '1 hour' where id = ?",
      [res.payout.id]
    )
    const report = await sweepRefundPayouts(getContainer())
    expect(report.finished).toBe(1)
    const row = await svcModule.retrieveSvcPayout(res.payout.id)
    expect(row).toMatchObject({
      status: "INITIATED",
      payout_id: res.payout.payout_id,
      failure_reason: null,
    })
    expect(
      row.status_history.entries.map((e: any) => `${e.status}:${e.source}`)
    ).toEqual(expect.arrayContaining(["UNCERTAIN:job"]))
    expect(sandboxPayouts()).toHaveLength(1)
    expect(await medusaRefunds(paymentId)).toHaveLength(1)
  })

  it("the bank reverses the payout, or returns it after settling: the request is flagged for the admin (refund not delivered)", async () => {
    const { paymentId, orderId } = await paidOrder()
    const res = await refund({
      payment_id: paymentId,
      amount: "50",
      beneficiary: toBank("5512341111"),
    })
    expect(res.payout.status).toBe("INITIATED")
    sb().advanceClock(30)
    await sb().flushWebhooks()
    const flagged = await waitFor(
      async () => {
        const { payouts } = await admin.client.fetch<any>(
          "/admin/svc/payouts",
          { query: { attention: "true" } }
        )
        return payouts.find((p: any) => p.order_id === orderId)
      },
      "reversed payout flagged",
      20_000
    )
    expect(flagged).toMatchObject({
      status: "REVERSED",
      attention: "refund_not_delivered",
    })
    expect(flagged.attention_reason).toMatch(/buyer was not paid/)
    // the webhook started the svc-track-payout workflow: a store's payoutNotDelivered handler is told
    expect(notDelivered).toEqual([
      expect.objectContaining({
        payout_request_id: flagged.id,
        payout_id: res.payout.payout_id,
        status: "REVERSED",
        order_id: orderId,
        amount_sen: 5000,
      }),
    ])
    // and the event, once, however often it is read again
    await trackPayoutWorkflow(getContainer()).run({
      input: { payout_id: res.payout.payout_id, source: "job" },
    })
    await events.settle()
    expect(events.of(SvcEvents.REFUND_PAYOUT_REVERSED)).toEqual([
      {
        id: flagged.id,
        payout_id: res.payout.payout_id,
        refund_id: res.payout.refund_id,
        payment_id: paymentId,
        order_id: orderId,
      },
    ])
    expect(events.of(SvcEvents.REFUND_PAYOUT_SETTLED)).toEqual([])

    // a payout the bank returns after settling it (~2.5 min later at svc): settled, then returned, each once
    const back = await refund({
      payment_id: paymentId,
      amount: "20",
      beneficiary: toBank("5512342222"),
    })
    const backIds = {
      id: back.payout.id,
      payout_id: back.payout.payout_id,
      refund_id: back.payout.refund_id,
      payment_id: paymentId,
      order_id: orderId,
    }
    sb().advanceClock(30)
    await sb().flushWebhooks()
    await waitFor(
      async () =>
        events.of(SvcEvents.REFUND_PAYOUT_SETTLED).length ? true : undefined,
      "payout SETTLED",
      20_000
    )
    sb().advanceClock(160)
    await Promise.all([
      sb().flushWebhooks(),
      sweepRefundPayouts(getContainer()),
    ])
    await waitFor(
      async () =>
        events.of(SvcEvents.REFUND_PAYOUT_RETURNED).length ? true : undefined,
      "payout RETURNED",
      20_000
    )
    await sweepRefundPayouts(getContainer())
    await events.settle(300)
    expect(events.of(SvcEvents.REFUND_PAYOUT_SETTLED)).toEqual([backIds])
    expect(events.of(SvcEvents.REFUND_PAYOUT_RETURNED)).toEqual([backIds])
    expect(events.of(SvcEvents.REFUND_PAYOUT_REVERSED)).toHaveLength(1)
  })

  it("e-invoice data: each payment's MyInvois mode, svc reference and Malaysian time; the month's export is paid minus refunds to the sen, without the order whose buyer asked for their own e-invoice", async () => {
    const wallet = await paidOrder({ providerId: SVC_PROVIDERS.wallet })
    const fpx = await paidOrder()
    // the buyer asks for their own e-invoice on the cart (store route), before placing the order
    const own = await cartWithSession(SVC_PROVIDERS.fpx)
    const bad = await api
      .post(
        `/store/svc/carts/${own.cartId}/einvoice`,
        { requested: "yes" },
        store.headers
      )
      .catch((e: any) => e.response)
    expect(bad.status).toBe(400)
    expect(bad.data.message).toMatch(/field 'requested'/)
    expect(
      (
        await api.post(
          `/store/svc/carts/${own.cartId}/einvoice`,
          { requested: true },
          store.headers
        )
      ).data
    ).toEqual({ cart_id: own.cartId, requested: true })
    sb().pay(own.checkoutId)
    await completeCart(api, store, own.cartId)
    const ownOrder = await capturedOrder(getContainer(), own.cartId)
    expect(ownOrder.metadata).toMatchObject({ svc_einvoice_requested: true })
    // a customer's order route needs the customer signed in
    expect(
      (
        await api
          .post(
            `/store/svc/orders/${ownOrder.id}/einvoice`,
            { requested: false },
            store.headers
          )
          .catch((e: any) => e.response)
      ).status
    ).toBe(401)
    // a completed cart is refused: the order carries the flag now
    expect(
      (
        await api
          .post(
            `/store/svc/carts/${own.cartId}/einvoice`,
            { requested: false },
            store.headers
          )
          .catch((e: any) => e.response)
      ).status
    ).toBe(400)

    // the admin's toggle: on, off, and a bad body refused by field
    const flag = (id: string, body?: object) =>
      admin.client.fetch<any>(
        `/admin/svc/orders/${id}/einvoice`,
        body ? { method: "POST", body } : {}
      )
    expect(await flag(ownOrder.id)).toEqual({
      order_id: ownOrder.id,
      requested: true,
    })
    expect(await flag(wallet.orderId, { requested: true })).toEqual({
      order_id: wallet.orderId,
      requested: true,
    })
    expect(await flag(wallet.orderId, { requested: false })).toEqual({
      order_id: wallet.orderId,
      requested: false,
    })
    expect(
      (await refusal(flag(wallet.orderId, { requested: 1 }))).message
    ).toMatch(/field 'requested'/)
    expect((await refusal(flag("order_NOPE0000000000"))).status).toBe(404)

    // a refund to the buyer's bank on the FPX order
    const r = await refund({
      payment_id: fpx.paymentId,
      amount: "20.50",
      beneficiary: toBank(),
    })
    expect(r.payout.status).toBe("INITIATED")

    // the order widget's data: mode, svc's reference, time paid in Malaysian time
    const rowOf = async (orderId: string) =>
      (
        await admin.client.fetch<any>("/admin/svc/checkouts", {
          query: { order_id: orderId },
        })
      ).checkouts[0]
    const w = await rowOf(wallet.orderId)
    const f = await rowOf(fpx.orderId)
    expect(w).toMatchObject({
      payment_mode: "06",
      payment_mode_name: "e-Wallet / Digital Wallet",
      svc_reference: wallet.checkoutId,
    })
    expect(f).toMatchObject({
      payment_mode: "03",
      payment_mode_name: "Bank Transfer",
      svc_reference: fpx.checkoutId,
    })
    for (const c of [w, f]) {
      expect(c.paid_at_myt).toMatch(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/
      )
      expect(Date.parse(c.paid_at_myt)).toBe(
        Math.floor(Date.parse(c.paid_at) / 1000) * 1000
      )
    }

    // the month's export (the month the payments were made, Malaysian time)
    const month = f.paid_at_myt.slice(0, 7)
    const report = await admin.client.fetch<any>(
      "/admin/svc/reports/einvoice",
      { query: { month } }
    )
    const refs = report.groups.flatMap((g: any) => g.references)
    expect(refs.sort()).toEqual([wallet.checkoutId, fpx.checkoutId].sort())
    expect(
      report.groups
        .filter((g: any) => g.references.includes(wallet.checkoutId))
        .map((g: any) => g.payment_mode)
    ).toEqual(["06"])
    expect(
      report.groups
        .filter((g: any) => g.references.includes(fpx.checkoutId))
        .map((g: any) => g.payment_mode)
    ).toEqual(["03"])
    expect(report.groups.flatMap((g: any) => g.refund_references)).toEqual([
      r.payout.payout_id,
    ])
    expect(report.groups.flatMap((g: any) => g.order_ids)).not.toContain(
      ownOrder.id
    )
    expect(JSON.stringify(report)).not.toContain(own.checkoutId)
    // which orders were left out, and why (the CSV's notes name them too)
    const { order: ownRead } = await admin.admin.order.retrieve(ownOrder.id, {
      fields: "id,display_id",
    })
    expect(report.excluded_orders).toEqual([
      {
        order_id: ownOrder.id,
        display_id: ownRead.display_id,
        reason: "buyer_requested_einvoice",
      },
    ])
    expect(report.notes).toContain(
      `1 order(s) left out: the buyer asked for their own e-invoice: ${ownOrder.id} (#${ownRead.display_id})`
    )

    // Medusa's own record of the two orders: captured minus refunded, in sen
    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data: orders } = await query.graph({
      entity: "order",
      fields: [
        "id",
        "payment_collections.payments.captures.amount",
        "payment_collections.payments.refunds.amount",
      ],
      filters: { id: [wallet.orderId, fpx.orderId] },
    })
    const payments = orders.flatMap((o: any) =>
      o.payment_collections.flatMap((pc: any) => pc.payments)
    )
    const paid = payments.reduce(
      (n: number, p: any) => n + totalSen(p.captures.map((c: any) => c.amount)),
      0
    )
    const refunded = payments.reduce(
      (n: number, p: any) =>
        n + totalSen((p.refunds ?? []).map((x: any) => x.amount)),
      0
    )
    expect(paid).toBe(12050 + Number(w.amount_sen))
    expect(refunded).toBe(2050)
    expect(report.totals).toMatchObject({
      payment_count: 2,
      gross_sen: paid,
      refund_count: 1,
      refunds_sen: refunded,
      net_sen: paid - refunded,
    })
    expect(report.totals.net_rm).toBe(
      `${Math.floor((paid - refunded) / 100)}.${String((paid - refunded) % 100).padStart(2, "0")}`
    )

    // the same as CSV, the month's total line last before the notes
    const token = await admin.client.getToken()
    const res = await fetch(
      `${svc.ref.medusaUrl}/admin/svc/reports/einvoice?month=${month}&format=csv`,
      { headers: token ? { authorization: `Bearer ${token}` } : {} }
    )
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/)
    const lines = (await res.text()).split("\r\n")
    expect(lines[0]).toMatch(
      /^day,payment_mode,payment_mode_name,payment_count,gross_sen,gross_rm,refund_count,refunds_sen,refunds_rm,net_sen,net_rm,/
    )
    const total = lines.find((l) => l.startsWith(`${month},total,`))!.split(",")
    expect(lines).toContain(
      `# 1 order(s) left out: the buyer asked for their own e-invoice: ${ownOrder.id} (#${ownRead.display_id})`
    )
    expect(total.slice(3, 11)).toEqual([
      "2",
      String(paid),
      report.totals.gross_rm,
      "1",
      String(refunded),
      report.totals.refunds_rm,
      String(paid - refunded),
      report.totals.net_rm,
    ])
    // a bad month is refused by field
    expect(
      (
        await refusal(
          admin.client.fetch<any>("/admin/svc/reports/einvoice", {
            query: { month: "2026-13" },
          })
        )
      ).message
    ).toMatch(/month: must be a month YYYY-MM/)

    // the order's own customer, signed in, clears the flag on it: back in the consolidated data; another's order is a 404
    const email = `einvoice-${Date.now()}@example.my`
    const password = "einvoice-pw-1"
    const registered = await api.post("/auth/customer/emailpass/register", {
      email,
      password,
    })
    const asNew = {
      headers: {
        ...store.headers.headers,
        authorization: `Bearer ${registered.data.token}`,
      },
    }
    const { customer } = (
      await api.post(
        "/store/customers",
        { email, first_name: "Siti", last_name: "Aminah" },
        asNew
      )
    ).data
    const signedIn = {
      headers: {
        ...store.headers.headers,
        authorization: `Bearer ${(await api.post("/auth/customer/emailpass", { email, password })).data.token}`,
      },
    }
    await getContainer()
      .resolve(Modules.ORDER)
      .updateOrders(ownOrder.id, { customer_id: customer.id })
    expect(
      (
        await api
          .post(
            `/store/svc/orders/${wallet.orderId}/einvoice`,
            { requested: true },
            signedIn
          )
          .catch((e: any) => e.response)
      ).status
    ).toBe(404)
    expect(
      (
        await api.post(
          `/store/svc/orders/${ownOrder.id}/einvoice`,
          { requested: false },
          signedIn
        )
      ).data
    ).toEqual({ order_id: ownOrder.id, requested: false })
    const after = await admin.client.fetch<any>("/admin/svc/reports/einvoice", {
      query: { month },
    })
    expect(after.groups.flatMap((g: any) => g.references).sort()).toEqual(
      [wallet.checkoutId, fpx.checkoutId, own.checkoutId].sort()
    )
    expect(after.excluded_orders).toEqual([])
    expect(after.totals.net_sen).toBe(paid - refunded + 12050)
  })
}
