// The merchant's tools over Medusa's admin API: the connection doctor
// (GET /admin/svc/health) and the finance export
// (GET /admin/svc/reports/settlement.csv), against the svc sandbox over real
// HTTP. One Medusa boot; the wrong-key case runs last, on a second sandbox
// started at the first one's address (new keys: the store's key is unknown there).
import { randomUUID } from "node:crypto"
import { startSandbox } from "../../src/sandbox"
import { svcMedusaSuite } from "../helpers/suite"
import { SVC_PROVIDERS, waitFor } from "../helpers/store"
import { JOB_NAMES, reportingRun } from "../../src/jobs/_heartbeat"
import { svcFromContainer } from "../../src/lib/svc-runtime/config"
import { reconcilePending } from "../../src/workflows/sweeps/reconcile-pending"

jest.setTimeout(180_000)

/** A minimal RFC 4180 reader (quoted fields, doubled quotes) for the export. */
function parseCsv(text: string): Record<string, string>[] {
  const lines = text.split("\r\n").filter((l) => l && !l.startsWith("#"))
  const split = (line: string) => {
    const out: string[] = []
    let cur = ""
    let q = false
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!
      if (q) {
        if (ch === '"' && line[i + 1] === '"') {
          cur += '"'
          i++
        } else if (ch === '"') q = false
        else cur += ch
      } else if (ch === '"') q = true
      else if (ch === ",") {
        out.push(cur)
        cur = ""
      } else cur += ch
    }
    out.push(cur)
    return out
  }
  const [head, ...rest] = lines.map(split)
  return rest.map((r) =>
    Object.fromEntries(head!.map((h, i) => [h, r[i] ?? ""]))
  )
}

const mytDay = (ms: number) =>
  new Date(ms + 8 * 3600_000).toISOString().slice(0, 10)

// the runner empties Medusa's tables after each test: the suite seeds the store and signs the admin in before each
svcMedusaSuite({
  admin: true,
  testSuite: ({
    svc,
    getContainer,
    sb,
    state,
    admin,
    paidOrder: paidOrderOf,
    cartWithSession,
  }) => {
    const health = async () =>
      (await admin.client.fetch<any>("/admin/svc/health")).health
    const csv = async (query: string) => {
      const token = await admin.client.getToken()
      const res = await fetch(
        `${svc.ref.medusaUrl}/admin/svc/reports/settlement.csv?${query}`,
        {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        }
      )
      return {
        status: res.status,
        type: res.headers.get("content-type"),
        text: await res.text(),
      }
    }
    const secrets = () => {
      const c = svc.ref.sandbox.credentials
      const pemBody = c.privateKeyPem
        .split("\n")
        .filter((l) => l && !l.startsWith("-----"))
      return [c.apiKey, ...pemBody]
    }

    /** A paid order through the provider: FPX (fee deducted) or the svc wallet (no fee). */
    const paidOrder = (providerId: string) => paidOrderOf({ providerId })

    it("refuses both routes without an admin session", async () => {
      for (const path of [
        "/admin/svc/health",
        "/admin/svc/reports/settlement.csv?from=2026-11-01&to=2026-11-30",
      ]) {
        const res = await fetch(`${svc.ref.medusaUrl}${path}`)
        expect(res.status).toBe(401)
        const body = await res.text()
        for (const s of secrets()) expect(body).not.toContain(s)
      }
    })

    it("export: from and to are checked by field before svc is asked", async () => {
      const before = sb().stats() as any
      const cases: [string, RegExp][] = [
        ["to=2026-11-30", /^Invalid request: Field 'from' is required$/],
        ["from=2026-11-01", /^Invalid request: Field 'to' is required$/],
        ["from=2026-13-01&to=2026-11-30", /from: must be a date YYYY-MM-DD/],
        ["from=2026-02-30&to=2026-03-30", /from: must be a date YYYY-MM-DD/],
        ["from=2026-11-01&to=yesterday", /to: must be a date YYYY-MM-DD/],
        [
          "from=2026-11-01T00:00:00&to=2026-11-30",
          /from: must be a date YYYY-MM-DD .* with a time zone/,
        ],
        ["from=2026-11-30&to=2026-11-01", /to: must be after from/],
        [
          "from=2024-01-01&to=2026-11-01",
          /to: must be at most 366 days after from/,
        ],
        [
          "from=2026-11-01&to=2026-11-30&limit=5",
          /^Invalid request: Unrecognized fields: 'limit'$/,
        ],
      ]
      for (const [q, re] of cases) {
        const r = await csv(q)
        expect({ q, status: r.status }).toEqual({ q, status: 400 })
        expect(JSON.parse(r.text).message).toMatch(re)
      }
      expect((sb().stats() as any).total).toBe(before.total)
    })

    it("export: one row per movement, matched to svc; totals per day and for the period equal the sandbox's", async () => {
      // a token transfer from the wallet, followed to COMPLETED (the sandbox's clock moved on; the list re-reads it)
      const { networks } = await admin.client.fetch<any>(
        "/admin/svc/token-transfers/networks"
      )
      const net = networks.find((n: any) => n.type === "EVM")
      const address = `0x${randomUUID().replace(/-/g, "")}${randomUUID().replace(/-/g, "").slice(0, 8)}`
      const tt = await admin.client.fetch<any>("/admin/svc/token-transfers", {
        method: "POST",
        body: {
          request_id: randomUUID(),
          network_id: net.id,
          token_id: net.tokens[0].id,
          address_to: address,
          amount: "75.00",
          reference: "Export test",
        },
      })
      sb().advanceClock(6)
      sb().advanceClock(31)
      await waitFor(async () => {
        const { transfers } = await admin.client.fetch<any>(
          "/admin/svc/token-transfers"
        )
        return (
          transfers.find((x: any) => x.id === tt.transfer.id)?.status ===
          "COMPLETED"
        )
      }, "token transfer COMPLETED")

      const fpx1 = await paidOrder(SVC_PROVIDERS.fpx)
      const fpx2 = await paidOrder(SVC_PROVIDERS.fpx)
      const wallet = await paidOrder(SVC_PROVIDERS.wallet)
      // a refund payout of part of one order
      const refund = await admin.client.fetch<any>("/admin/svc/refunds", {
        method: "POST",
        body: {
          payment_id: fpx1.paymentId,
          amount: "20.50",
          beneficiary: {
            name: "Siti Aminah",
            bank_code: "MBBEMYKL",
            account_number: "5512345678",
          },
        },
      })
      expect(refund.payout.payout_id).toBeTruthy()
      // a settlement to the merchant's bank account
      const w = await admin.client.fetch<any>("/admin/svc/wallet")
      const wd = await admin.client.fetch<any>("/admin/svc/withdrawals", {
        method: "POST",
        body: {
          bank_account_id: w.bank_accounts[0].id,
          amount: "150.25",
          reference: "Export test",
        },
      })
      expect(wd.withdrawal.withdrawal_id).toBeTruthy()

      // yesterday to tomorrow (Malaysian days): a run across midnight keeps every movement in the period
      const period = `from=${mytDay(Date.now() - 86_400_000)}&to=${mytDay(Date.now() + 86_400_000)}`
      // svc moves payouts and withdrawals on by itself (sandbox: after 10-20 s) and Medusa follows by webhook:
      // a status can differ for a moment; poll until every movement matches
      await waitFor(
        async () => {
          const rows = parseCsv((await csv(period)).text)
          return rows
            .filter((x) => !x.kind.includes("total"))
            .every((x) => x.match === "ok")
        },
        "every movement matched to svc",
        40_000
      )
      const calls = (sb().stats() as any).total
      const r = await csv(period)
      expect(r.status).toBe(200)
      expect(r.type).toMatch(/^text\/csv/)
      // list endpoints only: three lists, one page each here
      expect((sb().stats() as any).total - calls).toBeLessThanOrEqual(3)
      for (const s of secrets()) expect(r.text).not.toContain(s)
      const rows = parseCsv(r.text)
      const movements = rows.filter((x) => !x.kind.includes("total"))

      // every movement of ours, each matched to svc's record
      const s = state()
      const paid = Object.values(s.checkouts).filter(
        (c: any) => c.status === "COMPLETED"
      ) as any[]
      const checkoutRows = movements.filter((x) => x.kind === "checkout")
      expect(checkoutRows.map((x) => x.svc_id).sort()).toEqual(
        paid.map((c) => c.checkoutId).sort()
      )
      for (const x of movements)
        expect({ id: x.svc_id, match: x.match }).toEqual({
          id: x.svc_id,
          match: expect.stringMatching(/^ok$|^MISMATCH status: /),
        })
      const row1 = checkoutRows.find((x) => x.svc_id === fpx1.checkoutId)!
      const c1 = s.checkouts[fpx1.checkoutId]
      expect(row1).toMatchObject({
        day: mytDay(c1.paidAt),
        order_id: fpx1.orderId,
        amount_sen: String(c1.amount),
        fee_sen: String(c1.fee),
        net_sen: String(c1.netAmount),
        fee_mode: "DEDUCT_FROM_AMOUNT",
        direction: "in",
        counted: "yes",
      })
      expect(row1.amount_rm).toBe(
        `${Math.floor(c1.amount / 100)}.${String(c1.amount % 100).padStart(2, "0")}`
      )
      expect(row1.tx_hash).toBe(c1.txHash)
      expect(
        checkoutRows.find((x) => x.svc_id === wallet.checkoutId)
      ).toMatchObject({ fee_sen: "0", fee_mode: "" })
      expect(
        checkoutRows.find((x) => x.svc_id === fpx2.checkoutId)?.order_id
      ).toBe(fpx2.orderId)
      expect(movements.find((x) => x.kind === "refund_payout")).toMatchObject({
        svc_id: refund.payout.payout_id,
        amount_sen: "2050",
        amount_rm: "20.50",
        order_id: fpx1.orderId,
      })
      expect(movements.find((x) => x.kind === "fiat_withdrawal")).toMatchObject(
        {
          svc_id: wd.withdrawal.withdrawal_id,
          amount_sen: "15025",
          amount_rm: "150.25",
        }
      )
      const ttRow = movements.find((x) => x.kind === "token_transfer")!
      expect(ttRow).toMatchObject({
        svc_id: tt.transfer.transfer_id,
        amount_sen: "7500",
        amount_rm: "75.00",
        svc_status: "COMPLETED",
        direction: "out",
      })
      expect(ttRow.tx_hash).toMatch(/^0x/)

      // totals equal svc's own records
      const sum = (xs: any[], f: string) =>
        xs.reduce((a, x) => a + Number(x[f]), 0)
      const total = (kind: string) =>
        rows.find((x) => x.kind === `period_total:${kind}`)!
      const dayTotals = (kind: string, f: string) =>
        sum(
          rows.filter((x) => x.kind === `day_total:${kind}`),
          f
        )
      expect(Number(total("checkout").amount_sen)).toBe(sum(paid, "amount"))
      expect(Number(total("checkout").fee_sen)).toBe(sum(paid, "fee"))
      expect(Number(total("checkout").net_sen)).toBe(sum(paid, "netAmount"))
      expect(dayTotals("checkout", "amount_sen")).toBe(
        Number(total("checkout").amount_sen)
      )
      expect(dayTotals("checkout", "net_sen")).toBe(
        Number(total("checkout").net_sen)
      )
      const payouts = Object.values(s.payouts) as any[]
      expect(Number(total("refund_payout").amount_sen)).toBe(
        sum(payouts, "amount")
      )
      expect(Number(total("refund_payout").fee_sen)).toBe(sum(payouts, "fee"))
      const withdrawals = (Object.values(s.fiatWithdrawals) as any[]).filter(
        (x) => !["FAILED", "REJECTED", "CANCELLED"].includes(x.status)
      )
      expect(Number(total("fiat_withdrawal").amount_sen)).toBe(
        sum(withdrawals, "amount")
      )
      const tokenTransfers = (Object.values(s.tokenTransfers) as any[]).filter(
        (x) => x.status !== "FAILED"
      )
      expect(Number(total("token_transfer").amount_sen)).toBe(
        sum(tokenTransfers, "amount")
      )

      // a movement Medusa and svc disagree on is flagged
      // (the sandbox cannot change a completed checkout: change Medusa's record instead)
      const svcModule = getContainer().resolve("svc") as any
      const [ledger] = await svcModule.listSvcCheckouts({
        checkout_id: fpx2.checkoutId,
      })
      await svcModule.updateSvcCheckouts({
        id: ledger.id,
        amount_sen: ledger.amount_sen + 1,
      })
      const flagged = parseCsv((await csv(period)).text).find(
        (x) => x.svc_id === fpx2.checkoutId
      )!
      expect(flagged.match).toBe(
        `MISMATCH amount: Medusa ${ledger.amount_sen + 1} sen, svc ${ledger.amount_sen} sen`
      )
      await svcModule.updateSvcCheckouts({
        id: ledger.id,
        amount_sen: ledger.amount_sen,
      })

      // an empty period
      const empty = parseCsv((await csv(`from=2020-01-01&to=2020-01-31`)).text)
      expect(empty).toEqual([])
    })

    it("doctor: green on the sandbox but for the jobs this store switches off (amber, with the option to set), every part measured, no secret", async () => {
      await paidOrder(SVC_PROVIDERS.fpx) // its checkout.updated webhooks
      // svc tells whether withdrawals are enabled only by accepting one: the doctor reports the store's last
      const w = await admin.client.fetch<any>("/admin/svc/wallet")
      await admin.client.fetch<any>("/admin/svc/withdrawals", {
        method: "POST",
        body: { bank_account_id: w.bank_accounts[0].id, amount: "20.00" },
      })
      await waitFor(
        async () =>
          (await health()).webhooks.events.find(
            (e: any) => e.event_type === "checkout.updated"
          )?.received > 0,
        "a checkout webhook recorded"
      )
      const h = await health()
      // the test stores run the job and the watcher by hand (SVC_RECONCILE_EVERY_MINUTES=0, SVC_WATCH_EVERY_SECONDS=0): amber
      expect(h.level).toBe("warn")
      expect(h.summary).toMatch(
        /^Reconciliation job: switched off \(reconcileEveryMinutes: 0\)/
      )
      expect(
        h.checks.filter((c: any) => c.level !== "ok").map((c: any) => c.id)
      ).toEqual(["job_reconcile", "job_watch"])
      expect(h.checks.find((c: any) => c.id === "job_watch").advice).toMatch(
        /^Set the provider option `watchEverySeconds` \(SVC_WATCH_EVERY_SECONDS\) to a number above 0/
      )
      // beside each sentence its code and values, for the admin's language (docs/admin.md#languages)
      expect(h).toMatchObject({
        summary_code: "doctor.summaryProblem",
        summary_params: {
          check: { code: "check.jobReconcile", params: {} },
          detail: { code: "job.off" },
        },
      })
      expect(h.checks.find((c: any) => c.id === "job_watch")).toMatchObject({
        detail_code: "job.off",
        detail_params: { option: "watchEverySeconds" },
        advice_code: "job.offAdvice",
        advice_params: {
          option: "watchEverySeconds",
          env: "SVC_WATCH_EVERY_SECONDS",
          what: { code: "job.whatWatch", params: {} },
        },
      })
      expect(h.checks.find((c: any) => c.id === "features")).toMatchObject({
        detail_code: "doctor.featuresAllAnswer",
        advice: null,
        advice_code: null,
        advice_params: null,
      })
      expect(h.environment).toBe("sandbox")
      expect(h.account).toMatchObject({
        type: "BUSINESS",
        status: "ACTIVE",
        blocks: "nothing",
      })
      expect(h.api_key).toMatch(/^svc_pk_…[A-Za-z0-9_-]{4}$/)
      expect(Math.abs(h.clock.skew_ms)).toBeLessThan(5000)
      expect(h.rate.limit).toBeGreaterThan(0)
      expect(h.rate.used_by_doctor).toBe(7)
      expect(
        h.features.find((x: any) => x.feature === "token_transfers").detail
      ).toMatch(/svc has no read that tells/)
      const f = Object.fromEntries(
        h.features.map((x: any) => [x.feature, x.enabled])
      )
      expect(f).toEqual({
        checkout: true,
        direct_checkout: true,
        wallet: true,
        fiat_withdrawals: true,
        token_transfers: null,
        payouts: true,
        wallet_trigger_addresses: true,
        payout_trigger_addresses: true,
      })
      // the store's generated webhook token (not required: the sandbox's URL has none)
      expect(h.webhooks.url).toMatch(
        new RegExp(`^${svc.ref.medusaUrl}/hooks/svc\\?token=[A-Za-z0-9_-]{43}$`)
      )
      const seen = Object.fromEntries(
        h.webhooks.events.map((e: any) => [e.event_type, e])
      )
      expect(seen["checkout.updated"].last_received_at).toEqual(
        expect.any(String)
      )
      expect(seen["payout.prefund_completed"]).toMatchObject({
        received: 0,
        last_received_at: null,
      })
      expect(h.checks.map((c: any) => [c.id, c.level])).toEqual(
        expect.arrayContaining([
          ["api_key", "ok"],
          ["account_status", "ok"],
          ["clock", "ok"],
          ["features", "ok"],
          ["environment", "ok"],
          ["rate", "ok"],
          ["webhooks", "ok"],
        ])
      )
      const text = JSON.stringify(h)
      for (const s of secrets()) expect(text).not.toContain(s)
      expect(text).not.toContain(svc.ref.sandbox.credentials.keyId)
    })

    it("jobs: every run is recorded (one statement, any number of instances at once); the doctor and the overview's route show when each last ran, failures counted, no secret kept", async () => {
      const container = getContainer()
      const jobs = async () =>
        (await admin.client.fetch<any>("/admin/svc/health/jobs")).jobs
      const before = Object.fromEntries(
        (await jobs()).map((j: any) => [j.job, j.last?.runs ?? 0])
      )
      // twelve watcher ticks at once, as from several instances: every one counted
      await Promise.all(
        Array.from({ length: 12 }, () =>
          reportingRun(container, JOB_NAMES.watch, [], async () => ({
            counts: { waiting: 0 },
            error: null,
          }))
        )
      )
      // three reconciliation runs that fail, their message carrying the API key and a webhook token
      const apiKey = svc.env.SVC_API_KEY!
      for (let i = 0; i < 3; i++) {
        await expect(
          reportingRun(container, JOB_NAMES.reconcile, [apiKey], async () => {
            throw new Error(
              `svc refused ${apiKey} at /hooks/svc?token=abcdefghijklmnopqrstuvwxyz0123`
            )
          })
        ).rejects.toThrow(/svc refused/)
      }
      let j = Object.fromEntries((await jobs()).map((x: any) => [x.job, x]))
      expect(j[JOB_NAMES.watch].last).toMatchObject({
        outcome: "ok",
        runs: before[JOB_NAMES.watch] + 12,
        failures_in_a_row: 0,
        counts: { waiting: 0 },
      })
      expect(
        Date.now() - Date.parse(j[JOB_NAMES.watch].last.finished_at)
      ).toBeLessThan(60_000)
      expect(j[JOB_NAMES.reconcile].last).toMatchObject({
        outcome: "failed",
        runs: before[JOB_NAMES.reconcile] + 3,
        failures_in_a_row: 3,
      })
      expect(j[JOB_NAMES.reconcile].last.error).toBe(
        "svc refused [secret] at /hooks/svc?token=[secret]"
      )
      // switched off in this store: that is the warning, with the last run beside it
      expect(j[JOB_NAMES.reconcile]).toMatchObject({
        level: "warn",
        every_seconds: 0,
      })
      expect(j[JOB_NAMES.reconcile].detail).toMatch(
        /^switched off \(reconcileEveryMinutes: 0\); last run \d+ s ago \(failed, \d+ runs recorded\)$/
      )
      // a run that succeeds ends the series; the last error is kept with its time
      await reportingRun(container, JOB_NAMES.reconcile, [], async () => ({
        counts: { waiting: 1 },
        error: null,
      }))
      j = Object.fromEntries((await jobs()).map((x: any) => [x.job, x]))
      expect(j[JOB_NAMES.reconcile].last).toMatchObject({
        outcome: "ok",
        failures_in_a_row: 0,
        error: null,
        last_error: "svc refused [secret] at /hooks/svc?token=[secret]",
      })
      expect(j[JOB_NAMES.reconcile].last.last_ok_at).toBe(
        j[JOB_NAMES.reconcile].last.finished_at
      )
      // the full doctor carries the same
      const h = await health()
      expect(h.jobs.map((x: any) => [x.job, x.last.runs])).toEqual([
        [JOB_NAMES.reconcile, before[JOB_NAMES.reconcile] + 4],
        [JOB_NAMES.watch, before[JOB_NAMES.watch] + 12],
      ])
      expect(JSON.stringify(h)).not.toContain(apiKey)
    })

    it("doctor (Settings → svc connection): the line's length and the wait a shopper starting now is told, and the watcher's and the job's svc calls of the last minute, in words", async () => {
      const container = getContainer()
      const { line, client } = svcFromContainer(container)
      // the job's run with one link open: its listing's calls are every request it sent
      const { checkoutId } = await cartWithSession(SVC_PROVIDERS.fpx)
      let swept = 0
      await reportingRun(container, JOB_NAMES.reconcile, [], async () => {
        swept = (await reconcilePending(container)).svcCalls
        return { counts: {}, error: null }
      })
      expect(swept).toBeGreaterThan(0)
      await reportingRun(container, JOB_NAMES.watch, [], async () => {
        await client.checkout.retrieve(checkoutId)
        await client.checkout.retrieve(checkoutId)
        return { counts: {}, error: null }
      })
      let h = await health()
      expect(h.svc_calls_last_minute).toEqual({ watcher: 2, job: swept })
      expect(h.line).toEqual({ length: 0, wait_seconds: 0 })
      expect(h.checks.find((c: any) => c.id === "line")).toMatchObject({
        label: "Checkout line",
        level: "ok",
        detail: `0 in line for svc's checkout budget, a shopper starting now has a turn at once; the watcher used 2 svc calls in the last minute, the job ${swept}`,
        detail_code: "doctor.lineTurn",
        advice: null,
      })
      // more carts in line than the budget has room for now: a new shopper waits
      const carts = Array.from(
        { length: (await client.checkoutRoom()).now + 5 },
        (_, i) => `cart_line_${i}`
      )
      try {
        for (const c of carts) await line.visit(c)
        h = await health()
        expect(h.line.length).toBe(carts.length)
        expect(h.line.wait_seconds).toBeGreaterThan(0)
        expect(h.checks.find((c: any) => c.id === "line")).toMatchObject({
          level: "warn",
          detail: `${carts.length} in line for svc's checkout budget, a shopper starting now waits about ${h.line.wait_seconds} s; the watcher used 2 svc calls in the last minute, the job ${swept}`,
          advice_code: "doctor.rateAdvice",
        })
      } finally {
        for (const c of carts) await line.done(c)
      }
      expect((await health()).line.length).toBe(0)
    })

    it("doctor: a frozen account and a disabled feature are red or amber with what they block and what to do", async () => {
      try {
        sb().setAccountStatus("FROZEN" as never)
        sb().setFeature("directCheckout" as never, false)
        const h = await health()
        expect(h.level).toBe("fail")
        const status = h.checks.find((c: any) => c.id === "account_status")
        expect(status.level).toBe("fail")
        expect(status.detail).toMatch(
          /status FROZEN: blocks every money-moving route/
        )
        expect(status.advice).toMatch(/svc support/)
        expect(
          h.features.find((x: any) => x.feature === "direct_checkout")
        ).toMatchObject({ enabled: false })
        const features = h.checks.find((c: any) => c.id === "features")
        expect(features).toMatchObject({ level: "warn" })
        expect(features.advice).toMatch(/Direct checkout/)

        sb().setAccountStatus("ACTIVE" as never)
        sb().setFeature("checkout" as never, false)
        const h2 = await health()
        const f2 = h2.checks.find((c: any) => c.id === "features")
        expect(f2.level).toBe("fail")
        expect(f2.advice).toMatch(/shoppers cannot pay/)
      } finally {
        sb().setAccountStatus("ACTIVE" as never)
        sb().setFeature("directCheckout" as never, true)
        sb().setFeature("checkout" as never, true)
      }
    })

    it("doctor: a wrong API key (a second sandbox at the same address does not know it) is red, says which option to fix, shows no secret", async () => {
      const port = Number(new URL(svc.ref.sandbox.url).port)
      await svc.ref.sandbox.close()
      svc.ref.sandbox = await startSandbox({ port, rateLimits: false } as never)
      expect(svc.ref.sandbox.credentials.apiKey).not.toBe(svc.env.SVC_API_KEY)
      const h = await health()
      expect(h.level).toBe("fail")
      const key = h.checks.find((c: any) => c.id === "api_key")
      expect(key.level).toBe("fail")
      expect(key.detail).toMatch(
        /refused the API key svc_pk_….{4}: 401 UNAUTHORIZED/
      )
      expect(key.advice).toMatch(/provider option `apiKey` \(SVC_API_KEY\)/)
      expect(key).toMatchObject({
        detail_code: expect.stringMatching(/^doctor\.keyRefused(Ref)?$/),
        detail_params: { code: "UNAUTHORIZED" },
        advice_code: "doctor.keyRefusedAdvice",
      })
      expect(h.account).toBeNull()
      expect(h.features).toEqual([])
      expect(h.summary).toMatch(/^API key: /)
      const text = JSON.stringify(h)
      expect(text).not.toContain(svc.env.SVC_API_KEY)
      for (const l of svc.env
        .SVC_PRIVATE_KEY!.split("\n")
        .filter((x) => x && !x.startsWith("-----")))
        expect(text).not.toContain(l)
    })
  },
})
