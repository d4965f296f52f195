// Settlements: the merchant sends svc wallet balance to a linked bank account
// (svc fiat withdrawals) through the admin API, tracked to COMPLETED, with
// every bad input refused by field and an unanswered request finished once.
import type { SvcSuite } from "../helpers/suite"
import { waitFor } from "../helpers/store"
import { refusal } from "../helpers/admin"
import {
  refreshWithdrawal,
  sweepWithdrawals,
} from "../../src/workflows/withdraw/withdrawals"
import { SvcEvents } from "../../src/workflows"
import { collectSvcEvents, type SvcEventCollector } from "../helpers/svc-events"
import {
  withdrawWorkflow,
  type WithdrawalRequestedData,
} from "../../src/workflows/withdraw"
import { SVC_MODULE } from "../../src/modules/svc"
import type SvcModuleService from "../../src/modules/svc/service"
import { randomUUID } from "node:crypto"

export function settlements({ getContainer, sb, admin }: SvcSuite): void {
  // A store's own handler on the withdraw workflow's hook, registered as a store's
  // src/workflows/hooks file would (the app runs in this process): it gets each withdrawal once sent.
  const withdrawalRequested = jest.fn(
    (data: WithdrawalRequestedData) => void data
  )
  withdrawWorkflow.hooks.withdrawalRequested((data) => {
    withdrawalRequested(data)
  })

  let earlier = new Set<string>()
  const allWithdrawals = () =>
    Object.values((sb().state() as any).fiatWithdrawals ?? {}) as any[]
  /** Withdrawals svc made during this test. */
  const madeWithdrawals = () =>
    allWithdrawals().filter((w) => !earlier.has(w.id))

  // the plugin's events, as a store's subscriber hears them (docs/events.md)
  let events: SvcEventCollector
  beforeEach(() => {
    events = collectSvcEvents(getContainer())
  })
  afterEach(() => events.stop())
  /** Once every webhook is delivered, the plugin's one event for the withdrawal's final status (whoever recorded it). */
  const heardOnce = async (
    name: string,
    w: { id: string; withdrawal_id: string },
    status: string
  ) => {
    await sb().flushWebhooks()
    await events.settle(300)
    expect(events.all()).toEqual([
      { name, data: { id: w.id, withdrawal_id: w.withdrawal_id, status } },
    ])
  }
  /** svc's word on a withdrawal heard at once by its webhook (delivered twice), the job's sweep and two re-reads, as racing servers would. */
  const heardByAll = (withdrawalId: string) => {
    sb().webhookFaults({ mode: "duplicate", count: 4 })
    return Promise.all([
      refreshWithdrawal(getContainer(), withdrawalId, "webhook"),
      refreshWithdrawal(getContainer(), withdrawalId, "job"),
      sweepWithdrawals(getContainer()),
      sb().flushWebhooks(),
    ])
  }

  beforeEach(async () => {
    earlier = new Set(allWithdrawals().map((w) => w.id))
    withdrawalRequested.mockClear()
  })

  const wallet = () => admin.client.fetch<any>("/admin/svc/wallet")
  const withdraw = (body: Record<string, unknown>) =>
    admin.client.fetch<any>("/admin/svc/withdrawals", { method: "POST", body })
  const withdrawError = (body: Record<string, unknown>) =>
    refusal(withdraw(body))
  const ours = async (id: string) => {
    const { withdrawals } = await admin.client.fetch<any>(
      "/admin/svc/withdrawals"
    )
    return withdrawals.find((w: any) => w.id === id)
  }
  /** Waits for the withdrawal (the plugin's id) to reach `status` in the admin's list. */
  const reaching = (id: string, status: string) =>
    waitFor(
      async () => {
        const row = await ours(id)
        return row?.status === status ? row : undefined
      },
      `withdrawal ${status}`,
      20_000
    )

  it("shows the balance and linked accounts (masked), sends RM1,500.00 and follows it to COMPLETED by webhook", async () => {
    const w = await wallet()
    expect(w.account_type).toBe("BUSINESS")
    expect(Number(w.balance_sen)).toBeGreaterThanOrEqual(150000)
    expect(w.bank_accounts.length).toBeGreaterThanOrEqual(1)
    expect(w.bank_accounts[0].account_number).toMatch(/^••••\d{4}$/)
    expect(JSON.stringify(w)).not.toMatch(/514012345678|8001234567/)

    const res = await withdraw({
      bank_account_id: w.bank_accounts[0].id,
      amount: "1500.00",
      reference: "Nov settlement",
    })
    expect(res.withdrawal).toMatchObject({
      status: "PENDING",
      amount_sen: 150000,
      reference: "Nov settlement",
    })
    expect(madeWithdrawals()).toHaveLength(1)
    expect(madeWithdrawals()[0]).toMatchObject({
      id: res.withdrawal.withdrawal_id,
    })
    // the store's hook handler: called once, with the stored withdrawal as sent
    expect(withdrawalRequested).toHaveBeenCalledTimes(1)
    expect(withdrawalRequested.mock.calls[0]![0]).toMatchObject({
      first: true,
      withdrawal: {
        id: res.withdrawal.id,
        amount_sen: 150000,
        status: "PENDING",
      },
    })
    const after = await wallet()
    expect(Number(after.balance_sen)).toBe(Number(w.balance_sen) - 150000)

    sb().webhookFaults({ mode: "duplicate", count: 4 })
    sb().advanceClock(15)
    sb().advanceClock(65)
    await heardByAll(res.withdrawal.withdrawal_id)
    const done = await reaching(res.withdrawal.id, "COMPLETED")
    expect(done.status_history.entries.map((e: any) => e.status)).toEqual(
      expect.arrayContaining(["CREATING", "PENDING", "COMPLETED"])
    )
    // `completed` once, whoever recorded it
    await heardOnce(SvcEvents.WITHDRAWAL_COMPLETED, res.withdrawal, "COMPLETED")
  })

  it("bad input is refused by field; nothing is sent", async () => {
    const w = await wallet()
    const id = w.bank_accounts[0].id
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { bank_account_id: id, amount: "5" },
        /^amount: must be between RM10\.00 and RM1000000\.00/,
      ],
      [
        { bank_account_id: id, amount: "12.345" },
        /^amount: must not contain a fraction of a sen/,
      ],
      [
        { bank_account_id: id, amount: "999999.99" },
        /^amount: the svc wallet balance is RM/,
      ],
      [
        { bank_account_id: "acct-1", amount: "100" },
        /^Invalid request: bank_account_id: must be the id of a linked bank account/,
      ],
      [
        {
          bank_account_id: "00000000-0000-4000-8000-000000000000",
          amount: "100",
        },
        /^bank_account_id: .* is not an active bank account linked/,
      ],
      [
        { bank_account_id: id, amount: "100", reference: "x".repeat(21) },
        /^Invalid request: Value for field 'reference' too big, expected at most: '20'$/,
      ],
      [
        { bank_account_id: id },
        /^Invalid request: amount: is required: the amount in ringgit/,
      ],
    ]
    for (const [body, re] of cases) {
      const e = await withdrawError(body)
      expect(e.status).toBe(400)
      expect(e.message).toMatch(re)
    }
    expect(madeWithdrawals()).toHaveLength(0)
    expect(withdrawalRequested).not.toHaveBeenCalled()
  })

  it("the bank rejects it: REJECTED with the reason; the money is back in the wallet", async () => {
    const w = await wallet()
    const res = await withdraw({
      bank_account_id: w.bank_accounts[0].id,
      amount: "200",
      reference: "REJECT me",
    })
    expect(res.withdrawal.status).toBe("PENDING")
    sb().webhookFaults({ mode: "duplicate", count: 4 })
    sb().advanceClock(15)
    await heardByAll(res.withdrawal.withdrawal_id)
    const row = await reaching(res.withdrawal.id, "REJECTED")
    expect(row.failure_reason).toMatch(/back in the svc wallet/)
    await heardOnce(SvcEvents.WITHDRAWAL_FAILED, res.withdrawal, "REJECTED")
    expect(Number((await wallet()).balance_sen)).toBe(Number(w.balance_sen))
  })

  it("svc makes the withdrawal but never answers: 202, then the job finishes it with the same key; one withdrawal", async () => {
    const w = await wallet()
    sb().injectFault({
      route: "POST /v1/wallet/fiat/withdrawals",
      kind: "500",
      count: 1,
      afterProcessing: true,
    } as any)
    sb().injectFault({
      route: "POST /v1/wallet/fiat/withdrawals",
      kind: "503",
      count: 20,
    } as any)
    const res = await withdraw({
      bank_account_id: w.bank_accounts[0].id,
      amount: "300",
    })
    expect(res.withdrawal.status).toBe("UNCERTAIN")
    expect(madeWithdrawals()).toHaveLength(1)
    sb().clearFaults()
    const report = await sweepWithdrawals(getContainer() as never)
    expect(report.finished).toBe(1)
    const row = await ours(res.withdrawal.id)
    expect(row).toMatchObject({
      status: "PENDING",
      withdrawal_id: madeWithdrawals()[0].id,
    })
    await sweepWithdrawals(getContainer() as never)
    expect(madeWithdrawals()).toHaveLength(1)
    expect(Number((await wallet()).balance_sen)).toBe(
      Number(w.balance_sen) - 30000
    )
  })

  it("a store's own code runs the withdraw workflow: the same withdrawal as through the admin route, and the hook is called", async () => {
    const w = await wallet()
    const { result } = await withdrawWorkflow(getContainer()).run({
      input: {
        request: {
          bank_account_id: w.bank_accounts[0].id,
          amount: "25.50",
          reference: "from code",
        },
      },
    })
    expect(result).toMatchObject({
      kept: false,
      withdrawal: {
        status: "PENDING",
        amount_sen: 2550,
        reference: "from code",
      },
    })
    expect(madeWithdrawals()).toHaveLength(1)
    expect(withdrawalRequested).toHaveBeenCalledTimes(1)
    expect(withdrawalRequested.mock.calls[0]![0].withdrawal.id).toBe(
      result.withdrawal.id
    )
    expect((await ours(result.withdrawal.id)).withdrawal_id).toBe(
      madeWithdrawals()[0].id
    )
    // followed to COMPLETED as any other
    sb().advanceClock(15)
    sb().advanceClock(65)
    await sb().flushWebhooks()
    await reaching(result.withdrawal.id, "COMPLETED")
  })

  it("a store's hook handler that throws fails the run, but the withdrawal it followed stays sent and recorded: never undone", async () => {
    const w = await wallet()
    withdrawalRequested.mockImplementationOnce(() => {
      throw new Error("the store's mailer is down")
    })
    const run = withdrawWorkflow(getContainer()).run({
      input: {
        request: {
          bank_account_id: w.bank_accounts[0].id,
          amount: "12.00",
          reference: "hook fails",
        },
      },
    })
    await expect(run).rejects.toMatchObject({
      message: expect.stringMatching(/mailer is down/),
    })
    expect(madeWithdrawals()).toHaveLength(1)
    const svcModule = getContainer().resolve<SvcModuleService>(SVC_MODULE)
    const [row] = await svcModule.listSvcWithdrawals({
      withdrawal_id: madeWithdrawals()[0].id,
    })
    expect(row).toMatchObject({
      status: "PENDING",
      amount_sen: 1200,
      reference: "hook fails",
    })
    sb().advanceClock(15)
    sb().advanceClock(65)
    await sb().flushWebhooks()
    await reaching(row!.id, "COMPLETED")
  })

  it("the record step's compensation removes a row only while nothing was sent for it (the service's one statement)", async () => {
    const svcModule = getContainer().resolve<SvcModuleService>(SVC_MODULE)
    const base = {
      bank_account_id: randomUUID(),
      amount_sen: 1000,
      status_history: { entries: [] },
    }
    const unsent = await svcModule.createSvcWithdrawals({
      ...base,
      idempotency_key: randomUUID(),
      status: "CREATING",
    })
    const asked = await svcModule.createSvcWithdrawals({
      ...base,
      idempotency_key: randomUUID(),
      status: "CREATING",
      withdrawal_id: randomUUID(),
    })
    const uncertain = await svcModule.createSvcWithdrawals({
      ...base,
      idempotency_key: randomUUID(),
      status: "UNCERTAIN",
    })
    expect(
      await svcModule.deleteUnsentSvcRequest("svc_withdrawal", unsent.id)
    ).toBe(true)
    expect(
      await svcModule.deleteUnsentSvcRequest("svc_withdrawal", asked.id)
    ).toBe(false)
    expect(
      await svcModule.deleteUnsentSvcRequest("svc_withdrawal", uncertain.id)
    ).toBe(false)
    const left = await svcModule.listSvcWithdrawals({
      id: [unsent.id, asked.id, uncertain.id],
    })
    expect(left.map((r) => r.id).sort()).toEqual(
      [asked.id, uncertain.id].sort()
    )
    await svcModule.deleteSvcWithdrawals([asked.id, uncertain.id]) // made up: never for the job to send
  })
}
