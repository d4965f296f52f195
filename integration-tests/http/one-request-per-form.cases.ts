// One request per form: the admin forms send a request_id (UUID) with
// every withdrawal and refund; the same request_id again, at any time and even
// at the same moment, answers with the same withdrawal or payout, and svc makes
// one; the same request_id with another body is refused naming the field.
import { randomUUID } from "node:crypto"
import type { SvcSuite } from "../helpers/suite"
import { seedStore } from "../helpers/store"

export function oneRequestPerForm({
  getContainer,
  state,
  admin,
  paidOrder,
}: SvcSuite): void {
  const post = (path: string, body: Record<string, unknown>) =>
    admin.client.fetch<any>(path, { method: "POST", body })
  const refusal = async (path: string, body: Record<string, unknown>) => {
    try {
      await post(path, body)
    } catch (e: any) {
      return { status: e.status as number, message: e.message as string }
    }
    throw new Error(`${path} accepted`)
  }

  it("withdrawals: the same request_id again, or three at once, is one withdrawal; another body is refused by field", async () => {
    const wallet = await admin.client.fetch<any>("/admin/svc/wallet")
    const account = wallet.bank_accounts[0].id
    const before = Object.keys(state().fiatWithdrawals).length

    const requestId = randomUUID()
    const body = {
      request_id: requestId,
      bank_account_id: account,
      amount: "150.25",
      reference: "Nov",
    }
    const first = await post("/admin/svc/withdrawals", body)
    expect(first.withdrawal).toMatchObject({
      request_id: requestId,
      amount_sen: 15025,
      status: "PENDING",
    })
    const again = await post("/admin/svc/withdrawals", body) // a lost answer, sent again
    expect(again.withdrawal.id).toBe(first.withdrawal.id)
    expect(again.withdrawal.withdrawal_id).toBe(first.withdrawal.withdrawal_id)
    expect(again.message).toMatch(/^already requested/)
    expect(Object.keys(state().fiatWithdrawals).length).toBe(before + 1)

    // three copies of one form at the same moment: the unique request_id lets one in
    const concurrent = { ...body, request_id: randomUUID(), amount: "10.00" }
    const answers = await Promise.all(
      [1, 2, 3].map(() => post("/admin/svc/withdrawals", concurrent))
    )
    expect(new Set(answers.map((a) => a.withdrawal.id)).size).toBe(1)
    expect(Object.keys(state().fiatWithdrawals).length).toBe(before + 2)

    const other = await refusal("/admin/svc/withdrawals", {
      ...body,
      amount: "151.00",
    })
    expect(other.status).toBe(400)
    expect(other.message).toMatch(
      /^request_id: already used for another withdrawal; amount \(RM150\.25 then, RM151\.00 now\) differs/
    )
    expect(
      (await refusal("/admin/svc/withdrawals", { ...body, reference: "Dec" }))
        .message
    ).toMatch(/reference \(Nov then, Dec now\) differs/)
    expect(
      (
        await refusal("/admin/svc/withdrawals", {
          ...body,
          request_id: "form-1",
        })
      ).message
    ).toMatch(/^Invalid request: request_id: must be a UUID/)
    expect(Object.keys(state().fiatWithdrawals).length).toBe(before + 2)

    // API callers without a request_id: each request is its own withdrawal, as before
    await post("/admin/svc/withdrawals", {
      bank_account_id: account,
      amount: "10.00",
    })
    expect(Object.keys(state().fiatWithdrawals).length).toBe(before + 3)
  })

  it("refunds: the same request_id again, or three at once, is one payout and one Medusa refund; another body is refused by field", async () => {
    const store = await seedStore(getContainer())
    const { paymentId } = await paidOrder({ store })
    const payouts = () => Object.keys(state().payouts).length
    const before = payouts()
    const medusaRefunds = async () => {
      const { payment } = await admin.admin.payment.retrieve(paymentId, {
        fields: "id,*refunds",
      })
      return (payment.refunds ?? []) as any[]
    }
    const bank = {
      name: "Siti Aminah",
      bank_code: "MBBEMYKL",
      account_number: "5512345678",
    }

    const requestId = randomUUID()
    const body = {
      request_id: requestId,
      payment_id: paymentId,
      amount: "20.50",
      beneficiary: bank,
    }
    const first = await post("/admin/svc/refunds", body)
    expect(first.payout).toMatchObject({
      amount_sen: 2050,
      status: "INITIATED",
    })
    const again = await post("/admin/svc/refunds", body)
    expect(again.payout.id).toBe(first.payout.id)
    expect(again.payout.payout_id).toBe(first.payout.payout_id)
    expect(again.message).toMatch(/^already requested/)
    expect(payouts()).toBe(before + 1)
    expect(await medusaRefunds()).toHaveLength(1)

    const concurrent = { ...body, request_id: randomUUID(), amount: "10.00" }
    const answers = await Promise.all(
      [1, 2, 3].map(() => post("/admin/svc/refunds", concurrent))
    )
    expect(new Set(answers.map((a) => a.payout.id)).size).toBe(1)
    expect(payouts()).toBe(before + 2)
    expect(await medusaRefunds()).toHaveLength(2)

    const other = await refusal("/admin/svc/refunds", {
      ...body,
      beneficiary: { ...bank, account_number: "5512349999" },
    })
    expect(other.status).toBe(400)
    expect(other.message).toMatch(
      /^request_id: already used for another refund; beneficiary\.account_number differs/
    )
    expect(
      (await refusal("/admin/svc/refunds", { ...body, amount: "20.00" }))
        .message
    ).toMatch(/amount \(RM20\.50 then, RM20\.00 now\) differs/)
    expect(payouts()).toBe(before + 2)
    expect(await medusaRefunds()).toHaveLength(2)
  })
}
