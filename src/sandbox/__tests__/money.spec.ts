import { boot } from "./helpers/fixtures"
import { startReceiver } from "./helpers/http"
import { newKey } from "./helpers/signer"

const ROUTES: Array<{
  method: string
  path: string | null
  // eslint-disable-next-line @typescript-eslint/no-require-imports
}> = require("../../../test-data/svc-api/spec-routes.json")

describe("sandbox wallet and payouts", () => {
  let ctx: Awaited<ReturnType<typeof boot>>
  let hooks: Awaited<ReturnType<typeof startReceiver>>
  beforeAll(async () => {
    hooks = await startReceiver()
    ctx = await boot({ webhooks: [hooks.url] })
  })
  afterAll(async () => {
    await ctx.sandbox.close()
    await hooks.close()
  })
  const api = () => ctx.api
  const c = () => ctx.sandbox.control
  const types = () => hooks.events.map((e) => e.body.type)

  it("routes every path of spec-routes.json", async () => {
    for (const r of ROUTES) {
      if (!r.method || !r.path) continue
      const path = r.path.replace(
        /\{[^}]+\}/g,
        "00000000-0000-4000-8000-000000000000"
      )
      const res =
        r.method === "GET"
          ? await api().get(path)
          : await api().send(
              r.method as "POST",
              path,
              r.method === "DELETE" ||
                path.endsWith("/redrive") ||
                path.endsWith("/address")
                ? undefined
                : {}
            )
      expect([r.method, r.path, res.body?.message ?? ""]).not.toEqual([
        r.method,
        r.path,
        expect.stringMatching(/^no route/),
      ])
      expect(res.status).not.toBe(500)
    }
  })

  it("payout freshness is ±300 s", async () => {
    const old = Math.floor(Date.now() / 1000) - 200
    const body = { txHash: "0x" + "1".repeat(64), chainId: 11155111 }
    expect(
      (
        await api().post("/v1/payouts/deposits/check-missed", body, {
          sign: { created: old },
        })
      ).status
    ).toBe(201)
    expect(
      (
        await api().post("/v1/payouts/deposits/check-missed", body, {
          sign: { created: old - 120 },
        })
      ).status
    ).toBe(401)
    expect(
      (
        await api().post("/v1/payouts/deposits/check-missed", body, {
          sign: { created: old + 450 },
        })
      ).status
    ).toBe(201)
  })

  it("payouts: suffix rules move the prefund balance as the spec's table says", async () => {
    c().setPrefundBalance(100_000)
    const mk = async (acct: string) => {
      const b = await api().post("/v1/payouts/beneficiaries", {
        name: "Siti Aminah",
        bankCode: "MBBEMYKL",
        accountNumber: acct,
      })
      expect(b.status).toBe(201)
      const p = await api().post(
        "/v1/payouts",
        { beneficiaryId: b.body.id, amount: 10_000 },
        { idempotencyKey: newKey() }
      )
      expect([p.status, p.body.status, p.body.fee, p.body.netAmount]).toEqual([
        201,
        "INITIATED",
        "50",
        "10000",
      ])
      return p.body.payoutId as string
    }
    const [ok, rev, ret, never] = [
      await mk("123456780001"),
      await mk("123451111"),
      await mk("123452222"),
      await mk("123453333"),
    ]
    expect((await api().get("/v1/payout/prefund/balance")).body.available).toBe(
      String(100_000 - 4 * 10_050)
    )
    c().advanceClock(21)
    const st = async (id: string) =>
      (await api().get(`/v1/payouts/${id}`)).body.status
    expect([
      await st(ok),
      await st(rev),
      await st(ret),
      await st(never),
    ]).toEqual(["SETTLED", "REVERSED", "SETTLED", "INITIATED"])
    expect((await api().get("/v1/payout/prefund/balance")).body.available).toBe(
      String(100_000 - 3 * 10_050)
    )
    c().advanceClock(180)
    expect(await st(ret)).toBe("RETURNED")
    expect((await api().get("/v1/payout/prefund/balance")).body.available).toBe(
      String(100_000 - 3 * 10_050 + 10_000)
    )
    expect(await st(never)).toBe("INITIATED")
    await c().flushWebhooks()
    expect(types().filter((t) => t === "payout.created")).toHaveLength(4)
    expect(types().filter((t) => t === "payout.updated")).toHaveLength(4)
    const insufficient = await api().post(
      "/v1/payouts",
      {
        beneficiaryId: (await api().get(`/v1/payouts/${ok}`)).body
          .beneficiaryId,
        amount: 10_000_000,
      },
      { idempotencyKey: newKey() }
    )
    expect(insufficient.body.code).toBe("INSUFFICIENT_BALANCE")
  })

  it("beneficiaries: bank check, duplicates, name check, unknown bank, proxies, payout 400s retained under their key", async () => {
    const post = (b: object) => api().post("/v1/payouts/beneficiaries", b)
    const first = await post({
      name: "Lim Wei Ming",
      bankCode: "CIBBMYKL",
      accountNumber: "700012341234",
    })
    const dup = await post({
      name: "Lim Wei Ming",
      bankCode: "CIBBMYKL",
      accountNumber: "700012341234",
    })
    expect([dup.status, dup.body.id]).toEqual([200, first.body.id])
    // in turn (a name check sees the accounts before it): a number is the status, a string the code
    const cases: [
      string,
      string,
      string,
      string | undefined,
      number | string,
    ][] = [
      ["X", "SCBLMYKX", "12345678", undefined, "UNKNOWN_BENEFICIARY"],
      ["X", "CIBBMYKL", "12340000", undefined, "INVALID_REQUEST"],
      ["X", "CIBBMYKL", "12345555", undefined, 503],
      ["X", "CIBBMYKL", "12346666", "strict", "NAME_CHECK_UNAVAILABLE"],
      ["Ahmad Ali", "CIBBMYKL", "12347777", "strict", 201],
      [
        "Tan Mei Ling",
        "CIBBMYKL",
        "22348888",
        "strict",
        "BENEFICIARY_NAME_MISMATCH",
      ],
      ["Tan Mei Ling", "CIBBMYKL", "22348888", "loose", 201],
      [
        "Tan Mei Ling",
        "CIBBMYKL",
        "22349999",
        "loose",
        "BENEFICIARY_NAME_MISMATCH",
      ],
    ]
    for (const [name, bankCode, accountNumber, nameCheck, expected] of cases) {
      const r = await post({
        name,
        bankCode,
        accountNumber,
        ...(nameCheck ? { nameCheck } : {}),
      })
      expect(typeof expected === "number" ? r.status : r.body.code).toBe(
        expected
      )
    }
    const proxy = await post({
      name: "Nur Aisyah",
      proxyType: "MOBILE",
      proxyValue: "60123456789",
    })
    expect([proxy.status, proxy.body.type]).toEqual([201, "PROXY"])
    const both = await post({
      name: "X",
      bankCode: "CIBBMYKL",
      accountNumber: "12345678",
      proxyType: "MOBILE",
      proxyValue: "601",
    })
    expect([both.body.code, both.body.message]).toEqual([
      "VALIDATION_FAILED",
      expect.stringMatching(/^exactly one destination/),
    ])
    const key = newKey()
    const refused = {
      beneficiary: {
        name: "Y",
        bankCode: "CIBBMYKL",
        accountNumber: "99990000",
      },
      amount: 2000,
    }
    const bad = await api().post("/v1/payouts", refused, {
      idempotencyKey: key,
    })
    expect(bad.body.code).toBe("INVALID_REQUEST")
    // the same request again
    const again = await api().post("/v1/payouts", refused, {
      idempotencyKey: key,
    })
    expect([
      again.status,
      again.body.code,
      again.headers["idempotent-replayed"],
    ]).toEqual([400, "INVALID_REQUEST", "true"])
    c().setLimits({ activeBeneficiaries: 1 })
    expect(
      (
        await post({
          name: "Z",
          bankCode: "CIBBMYKL",
          accountNumber: "55551234",
        })
      ).status
    ).toBe(403)
    c().setLimits({ activeBeneficiaries: 10_000 })
    expect(
      (await api().send("DELETE", `/v1/payouts/beneficiaries/${first.body.id}`))
        .body
    ).toEqual({ success: true })
  })

  it("fiat withdrawals progress over the clock; reference rules reach FAILED and REJECTED", async () => {
    const accounts = (await api().get("/v1/wallet/bank-accounts")).body.data
    expect(accounts).toHaveLength(2)
    expect(
      (await api().get("/v1/wallet/bank-accounts?search=payroll")).body.data
    ).toHaveLength(1)
    const before = Number(
      (await api().get("/v1/wallet/balance")).body.walletBalance
    )
    const mk = (reference: string) =>
      api().post(
        "/v1/wallet/fiat/withdrawals",
        { bankAccountId: accounts[0].id, amount: 10_000, reference },
        { idempotencyKey: newKey() }
      )
    const ok = (await mk("settle-1")).body
    const fail = (await mk("FAIL-1")).body
    const rej = (await mk("REJECT-1")).body
    expect(ok).toMatchObject({
      status: "PENDING",
      amount: "10000",
      source: "API",
      destination: { accountNumber: accounts[0].accountNumber },
    })
    expect((await api().get("/v1/wallet/balance")).body).toEqual({
      walletBalance: String(before - 30_000),
      pendingWithdrawal: "30000",
    })
    c().advanceClock(11)
    const st = async (id: string) =>
      (await api().get(`/v1/wallet/fiat/withdrawals/${id}`)).body.status
    expect([await st(ok.id), await st(fail.id), await st(rej.id)]).toEqual([
      "PROCESSING",
      "PROCESSING",
      "REJECTED",
    ])
    c().advanceClock(61)
    expect([await st(ok.id), await st(fail.id)]).toEqual([
      "COMPLETED",
      "FAILED",
    ])
    expect((await api().get("/v1/wallet/balance")).body).toEqual({
      walletBalance: String(before - 10_000),
      pendingWithdrawal: "0",
    })
    const big = await api().post(
      "/v1/wallet/fiat/withdrawals",
      { bankAccountId: accounts[0].id, amount: 100_000_000 },
      { idempotencyKey: newKey() }
    )
    expect(big.body.code).toBe("INSUFFICIENT_BALANCE")
  })

  it("token transfers: CREATED on EVM, hidden from transactions until broadcast", async () => {
    const r = await api().post(
      "/v1/wallet/token/withdrawals",
      { tokenId: ctx.tokenId, addressTo: "0x" + "cd".repeat(20), amount: 2000 },
      { idempotencyKey: newKey() }
    )
    expect(r.body).toMatchObject({
      status: "CREATED",
      fee: "20",
      source: "API",
      txHash: null,
    })
    const own = await api().post(
      "/v1/wallet/token/withdrawals",
      { tokenId: ctx.tokenId, addressTo: ctx.address.evmAddress, amount: 2000 },
      { idempotencyKey: newKey() }
    )
    expect(own.body.code).toBe("INVALID_REQUEST")
    expect(
      (await api().get("/v1/wallet/transactions")).body.data.some(
        (t: any) => t.id === r.body.id
      )
    ).toBe(false)
    c().advanceClock(40)
    expect(
      (await api().get(`/v1/wallet/token/withdrawals/${r.body.id}`)).body.status
    ).toBe("COMPLETED")
  })

  it("allowed senders: lowercase, 400 CONFLICT, 50 limit 403, disable/enable/delete", async () => {
    const acct = (await api().get("/v1/wallet/bank-accounts")).body.data[1].id
    const base = `/v1/wallet/bank-accounts/${acct}/address`
    expect((await api().get(`${base}/whitelist`)).status).toBe(404)
    const t1 = await api().post(base)
    const t2 = await api().post(base)
    expect([t1.status, t1.body.address, t1.body.destination]).toEqual([
      201,
      t2.body.address,
      { type: "BANK_ACCOUNT", id: acct },
    ])
    const addr = "0x" + "AB".repeat(20)
    const s1 = await api().post(`${base}/whitelist`, {
      address: addr,
      label: "exchange",
    })
    expect([s1.status, s1.body.address, s1.body.active]).toEqual([
      201,
      addr.toLowerCase(),
      true,
    ])
    expect(
      (await api().post(`${base}/whitelist`, { address: addr.toLowerCase() }))
        .body
    ).toMatchObject({ code: "CONFLICT" })
    expect(
      (
        await api().send("PATCH", `${base}/whitelist/${s1.body.id}`, {
          active: false,
        })
      ).body.active
    ).toBe(false)
    expect(
      (
        await api().send("PATCH", `${base}/whitelist/${s1.body.id}`, {
          active: "no",
        })
      ).body.code
    ).toBe("VALIDATION_FAILED")
    for (let i = 1; i < 50; i++)
      expect(
        (
          await api().post(`${base}/whitelist`, {
            address: "0x" + i.toString(16).padStart(40, "0"),
          })
        ).status
      ).toBe(201)
    const over = await api().post(`${base}/whitelist`, {
      address: "0x" + "ef".repeat(20),
    })
    expect([over.status, over.body.code]).toEqual([403, "LIMIT_EXCEEDED"])
    expect(
      (await api().send("DELETE", `${base}/whitelist/${s1.body.id}`)).body
    ).toEqual({ success: true })
    expect(
      (
        await api().post(`${base}/whitelist`, {
          address: "0x" + "ef".repeat(20),
        })
      ).status
    ).toBe(201)
    const list = (await api().get(`${base}/whitelist`)).body
    expect(list).toHaveLength(50)
  })

  it("deposits: PROCESSING then COMPLETED with the started withdrawal, retried PROCESSING, redrive, check-missed", async () => {
    const ben = (
      await api().post("/v1/payouts/beneficiaries", {
        name: "Kumar",
        bankCode: "PBBEMYKL",
        accountNumber: "4000123456",
      })
    ).body
    const trig = (
      await api().post(`/v1/payouts/beneficiaries/${ben.id}/address`)
    ).body.address
    const sender = "0x" + "12".repeat(20)
    hooks.events.length = 0
    const refused: any = c().simulateDeposit({
      area: "PAYOUT",
      triggerAddress: trig,
      from: sender,
      amountSen: 5000,
    })
    expect(refused.result).toMatchObject({
      status: "FAILED",
      statusReason: "sender_not_allowed",
      withdrawal: null,
    })
    expect(
      (await api().post(`/v1/payouts/deposits/${refused.id}/redrive`)).body
        .result.statusReason
    ).toBe("sender_not_allowed")
    await api().post(`/v1/payouts/beneficiaries/${ben.id}/address/whitelist`, {
      address: sender,
    })
    const redriven = (
      await api().post(`/v1/payouts/deposits/${refused.id}/redrive`)
    ).body
    expect(redriven.result).toMatchObject({
      status: "PENDING",
      withdrawal: { amount: "5000" },
    })
    const again = (
      await api().post(`/v1/payouts/deposits/${refused.id}/redrive`)
    ).body
    expect(again.result.withdrawal.id).toBe(redriven.result.withdrawal.id)

    const d: any = c().simulateDeposit({
      area: "PAYOUT",
      triggerAddress: trig,
      from: sender,
      amountSen: 7000,
      withRetriedProcessing: true,
    })
    expect(d.amount).toBe("70000000000000000000")
    await c().flushWebhooks()
    const evs = hooks.events
      .filter(
        (e) =>
          e.body.type === "payout.deposit.updated" && e.body.data.id === d.id
      )
      .map((e) => [e.body.data.status, e.body.data.result?.status ?? null])
    expect(evs).toEqual([
      ["PROCESSING", null],
      ["COMPLETED", "PENDING"],
      ["PROCESSING", null],
    ])
    expect((await api().get(`/v1/payouts/deposits/${d.id}`)).body.status).toBe(
      "COMPLETED"
    )
    expect(
      (await api().get(`/v1/payouts/${d.result.withdrawal.id}`)).status
    ).toBe(404)
    c().advanceClock(80)
    await c().flushWebhooks()
    const w = hooks.events
      .filter(
        (e) =>
          e.body.type === "payout.withdrawal.updated" &&
          e.body.data.depositId === d.id
      )
      .map((e) => e.body.data.status)
    expect(w).toEqual(["PROCESSING", "COMPLETED"])

    const pending: any = c().simulateDeposit({
      area: "PAYOUT",
      triggerAddress: trig,
      from: sender,
      amountSen: 3000,
      stopAt: "PROCESSING",
    })
    expect(
      (await api().post(`/v1/payouts/deposits/${pending.id}/redrive`)).body.code
    ).toBe("INVALID_REQUEST")
    c().creditDeposit(pending.id)

    const missed: any = c().simulateDeposit({
      area: "WALLET",
      from: sender,
      amountSen: 4000,
      undetected: true,
    })
    expect((await api().get(`/v1/wallet/deposits/${missed.id}`)).status).toBe(
      404
    )
    const q = await api().post("/v1/wallet/deposits/check-missed", {
      txHash: missed.txHash,
      chainId: 11155111,
    })
    expect(q.body).toEqual({ status: "QUEUED", depositIds: [] })
    const q2 = await api().post("/v1/wallet/deposits/check-missed", {
      txHash: missed.txHash,
      chainId: 11155111,
    })
    expect(q2.body).toEqual({
      status: "ALREADY_DETECTED",
      depositIds: [missed.id],
    })
    expect(
      (
        await api().post("/v1/wallet/deposits/check-missed", {
          txHash: missed.txHash,
          chainId: 1,
        })
      ).status
    ).toBe(404)
    expect(
      (await api().get(`/v1/wallet/deposits/${missed.id}`)).body
    ).toMatchObject({ status: "COMPLETED", triggerAddress: null, result: null })
  })

  it("prefund top-ups complete after ~10 s; sen part 99 fails", async () => {
    c().setPrefundBalance(0)
    c().topUpPrefund(5000)
    c().topUpPrefund(5099)
    c().advanceClock(11)
    expect(c().getPrefundBalance()).toEqual({ available: "5000" })
    await c().flushWebhooks()
    const ev = hooks.events
      .filter((e) => e.body.type === "payout.prefund_completed")
      .map((e) => e.body.data.status)
    expect(ev).toEqual(["COMPLETED", "FAILED"])
  })
})
