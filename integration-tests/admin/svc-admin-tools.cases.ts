// The rest of svc in Medusa admin, through the admin API over real HTTP against the
// sandbox: linked bank accounts with their trigger addresses and allowed senders (the
// limit at 50), beneficiaries, deposits from the events received (a retried PROCESSING
// after COMPLETED ignored; redrive refused before COMPLETED with no svc call), check
// missed, token transfers (one per request whatever is retried, a timeout included),
// the prefund and all payouts, and the inbox of svc's other events.
import { randomUUID } from "node:crypto"
import { fetch } from "undici"
import type { SvcSuite } from "../helpers/suite"
import { waitFor } from "../helpers/store"
import { refusal as refused } from "../helpers/admin"
import { callsTo, readStats, resetStats } from "../../testing/sandbox-stats"
import {
  storeDeposit,
  sweepOpenDeposits,
} from "../../src/lib/svc-admin/deposits"
import { svcFromContainer } from "../../src/lib/svc-runtime/config"

const evm = () =>
  `0x${randomUUID().replace(/-/g, "")}${randomUUID().replace(/-/g, "").slice(0, 8)}`

export function svcAdminTools({
  svc,
  getContainer,
  sb,
  state,
  admin,
}: SvcSuite): void {
  const get = (path: string) => admin.client.fetch<any>(path)
  const post = (path: string, body: Record<string, unknown> = {}) =>
    admin.client.fetch<any>(path, { method: "POST", body })
  const del = (path: string) =>
    admin.client.fetch<any>(path, { method: "DELETE" })
  const events = async () =>
    (await get("/admin/svc/events?limit=100")).events as any[]
  const eventsOf = async (resourceId: string) =>
    (await events()).filter((e) => e.resource_id === resourceId)
  const bankAccounts = async () =>
    (await get("/admin/svc/bank-accounts?limit=100")).bank_accounts as any[]

  it("refuses every new admin route without an admin session, before any svc call", async () => {
    await resetStats(svc.ref.sandbox.url)
    const id = randomUUID()
    const routes: [string, string][] = [
      ["GET", "/admin/svc/bank-accounts"],
      ["POST", `/admin/svc/bank-accounts/${id}/trigger-address`],
      ["GET", `/admin/svc/bank-accounts/${id}/allowed-senders`],
      ["POST", `/admin/svc/bank-accounts/${id}/allowed-senders`],
      ["DELETE", `/admin/svc/bank-accounts/${id}/allowed-senders/${id}`],
      ["GET", "/admin/svc/beneficiaries"],
      ["POST", "/admin/svc/beneficiaries"],
      ["POST", `/admin/svc/beneficiaries/${id}/verify`],
      ["DELETE", `/admin/svc/beneficiaries/${id}`],
      ["GET", "/admin/svc/deposits"],
      ["GET", `/admin/svc/deposits/${id}`],
      ["POST", "/admin/svc/deposits/check-missed"],
      ["POST", `/admin/svc/deposits/${id}/redrive`],
      ["GET", "/admin/svc/token-transfers"],
      ["POST", "/admin/svc/token-transfers"],
      ["GET", "/admin/svc/token-transfers/networks"],
      ["GET", "/admin/svc/prefund"],
      ["GET", "/admin/svc/prefund/payouts"],
      ["GET", "/admin/svc/events"],
      ["POST", "/admin/svc/events/svcin_x/process"],
      ["GET", "/admin/svc/events/tracked"],
      ["POST", "/admin/svc/events/tracked/svcwh_x/process"],
    ]
    for (const [method, path] of routes) {
      const r = await fetch(`${svc.ref.medusaUrl}${path}`, {
        method,
        headers: { "content-type": "application/json" },
        body: method === "GET" ? undefined : "{}",
      })
      expect([method, path, r.status]).toEqual([method, path, 401])
    }
    expect((await readStats(svc.ref.sandbox.url)).total).toBe(0)
  })

  it("bad input is named by field and the rule; svc is not called", async () => {
    const id = randomUUID()
    /** A token transfer of `amount` RM with a good request otherwise. */
    const transfer = (amount: string, extra: Record<string, unknown> = {}) =>
      post("/admin/svc/token-transfers", {
        request_id: randomUUID(),
        network_id: "n",
        token_id: id,
        address_to: evm(),
        amount,
        ...extra,
      })
    const cases: [() => Promise<unknown>, RegExp][] = [
      [
        () => get("/admin/svc/bank-accounts?limit=500"),
        /^Invalid request: Value for field 'limit' too big, expected at most: '100'$/,
      ],
      [
        () => post("/admin/svc/bank-accounts/acct-1/trigger-address"),
        /^Invalid request: id: must be the svc id of a linked bank account/,
      ],
      [
        () =>
          post(`/admin/svc/bank-accounts/${id}/allowed-senders`, {
            address: "0x1234",
          }),
        /^Invalid request: address: must be an EVM address: 0x followed by 40 hexadecimal characters/,
      ],
      [
        () =>
          post(`/admin/svc/bank-accounts/${id}/allowed-senders`, {
            address: evm(),
            label: "x".repeat(121),
          }),
        /^Invalid request: Value for field 'label' too big, expected at most: '120'$/,
      ],
      [
        () =>
          post(`/admin/svc/bank-accounts/${id}/allowed-senders/${id}`, {
            active: "no",
          }),
        /^Invalid request: Expected type: 'boolean' for field 'active', got: 'no'$/,
      ],
      [
        () =>
          post(`/admin/svc/beneficiaries/${id}/allowed-senders/nope`, {
            active: true,
          }),
        /^Invalid request: sender_id: must be the svc id of an allowed sender/,
      ],
      [
        () => post("/admin/svc/beneficiaries", { name: "Aminah" }),
        /^Invalid request: account_number: is required with bank_code, or give a DuitNow proxy/,
      ],
      [
        () =>
          post("/admin/svc/beneficiaries", {
            name: "Aminah",
            bank_code: "MBBEMYKL",
            account_number: "5140-1234",
          }),
        /^Invalid request: account_number: must be 6-20 digits/,
      ],
      [
        () =>
          post("/admin/svc/beneficiaries", {
            name: "Aminah",
            proxy_type: "EMAIL",
            proxy_value: "a@b.my",
          }),
        /^Invalid request: Expected: 'MOBILE, NRIC, PASSPORT, BRN, ARMY' for field 'proxy_type', but got: 'EMAIL'$/,
      ],
      [
        () =>
          post("/admin/svc/beneficiaries", {
            name: "Aminah",
            bank_code: "MBBEMYKL",
            account_number: "514012345678",
            proxy_type: "MOBILE",
            proxy_value: "0123456789",
          }),
        /^Invalid request: proxy_type: give a bank account .* or a DuitNow proxy .* not both/,
      ],
      [
        () =>
          post("/admin/svc/beneficiaries", {
            name: "Aminah",
            bank_code: "MBBEMYKL",
            account_number: "514012345678",
            name_check: "exact",
          }),
        /^Invalid request: Expected: 'strict, loose' for field 'name_check', but got: 'exact'$/,
      ],
      [
        () =>
          post("/admin/svc/deposits/check-missed", {
            area: "wallet",
            tx_hash:
              "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW",
            chain_id: 11155111,
          }),
        /^Invalid request: tx_hash: must be an EVM transaction hash: 0x followed by 64 hexadecimal characters \(check-missed is EVM only/,
      ],
      [
        () =>
          post("/admin/svc/deposits/check-missed", {
            area: "wallet",
            tx_hash: `0x${"ab".repeat(32)}`,
            chain_id: 101,
          }),
        /^Invalid request: chain_id: 101 is Solana: check-missed is EVM only/,
      ],
      [
        () =>
          post("/admin/svc/deposits/check-missed", {
            area: "both",
            tx_hash: `0x${"ab".repeat(32)}`,
            chain_id: 1,
          }),
        /^Invalid request: Expected: 'wallet, payout' for field 'area', but got: 'both'$/,
      ],
      [
        () => post(`/admin/svc/deposits/${id}/redrive`),
        /^id: deposit .* is not known here yet; look it up first/,
      ],
      [
        () => transfer("5"),
        /^amount: must be between RM10\.00 and RM1000000\.00/,
      ],
      [
        () => transfer("10.001"),
        /^amount: must not contain a fraction of a sen/,
      ],
      [
        () => transfer("50", { reference: "r".repeat(33) }),
        /^Invalid request: Value for field 'reference' too big, expected at most: '32'$/,
      ],
      [
        () =>
          post("/admin/svc/token-transfers", {
            network_id: "n",
            token_id: id,
            address_to: evm(),
            amount: "50",
          }),
        /^Invalid request: Field 'request_id' is required$/,
      ],
      [
        () => get("/admin/svc/prefund/payouts?status=PAID"),
        /^Invalid request: Expected: 'INITIATED, SETTLED, REVERSED, RETURNED' for field 'status', but got: 'PAID'$/,
      ],
      [
        () => post("/admin/svc/events/42/process"),
        /^Invalid request: id: must be an inbox event id/,
      ],
    ]
    await resetStats(svc.ref.sandbox.url)
    for (const [call, message] of cases) {
      const r = await refused(call())
      expect(r.message).toMatch(message)
      expect([400, 404]).toContain(r.status)
    }
    expect((await readStats(svc.ref.sandbox.url)).total).toBe(0)
  })

  it("linked bank accounts: cursor pages and search; one trigger address for life; allowed senders up to 50, the 403 at 50 explained; disable, enable, remove", async () => {
    const first = await get("/admin/svc/bank-accounts?limit=1")
    expect(first.bank_accounts).toHaveLength(1)
    expect(first.has_more).toBe(true)
    const second = await get(
      `/admin/svc/bank-accounts?limit=1&cursor=${encodeURIComponent(first.next_cursor)}`
    )
    expect(second.bank_accounts[0].id).not.toBe(first.bank_accounts[0].id)
    const all = await bankAccounts()
    expect(JSON.stringify(all)).not.toMatch(/514012345678|8001234567/)
    const name = all[0].name as string
    const found = await get(
      `/admin/svc/bank-accounts?search=${encodeURIComponent(name.slice(0, 4))}`
    )
    expect(found.bank_accounts.map((a: any) => a.id)).toContain(all[0].id)

    const acct = all[0].id
    expect(
      (await get(`/admin/svc/bank-accounts/${acct}/allowed-senders`))
        .trigger_address
    ).toBeNull()
    const t1 = (await post(`/admin/svc/bank-accounts/${acct}/trigger-address`))
      .trigger_address
    const t2 = (await post(`/admin/svc/bank-accounts/${acct}/trigger-address`))
      .trigger_address
    expect(t1.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(t2.address).toBe(t1.address)
    expect(
      (await bankAccounts()).find((a) => a.id === acct).trigger_address
    ).toBe(t1.address)

    const senders: any[] = []
    for (let i = 0; i < 50; i++)
      senders.push(
        (
          await post(`/admin/svc/bank-accounts/${acct}/allowed-senders`, {
            address: evm(),
            label: `sender ${i + 1}`,
          })
        ).allowed_sender
      )
    const full = await get(`/admin/svc/bank-accounts/${acct}/allowed-senders`)
    expect(full).toMatchObject({ count: 50, limit: 50 })
    expect(full.note).toMatch(/50 of 50: the limit is reached/)
    await resetStats(svc.ref.sandbox.url)
    const over = await refused(
      post(`/admin/svc/bank-accounts/${acct}/allowed-senders`, {
        address: evm(),
      })
    )
    expect(over.message).toMatch(
      /^allowed senders: this trigger address already has 50 allowed senders, the most svc allows \(disabled ones count too\)\. Remove one/
    )
    expect(over.message).toMatch(/svc 403 LIMIT_EXCEEDED/)
    expect(
      callsTo(
        await readStats(svc.ref.sandbox.url),
        "POST /v1/wallet/bank-accounts/{bankAccountId}/address/whitelist"
      )
    ).toBe(1)

    const dup = await refused(
      post(`/admin/svc/bank-accounts/${acct}/allowed-senders`, {
        address: senders[0].address.toUpperCase().replace("0X", "0x"),
      })
    )
    expect(dup.message).toMatch(
      /address: this address is already an allowed sender/
    )

    const off = await post(
      `/admin/svc/bank-accounts/${acct}/allowed-senders/${senders[1].id}`,
      { active: false }
    )
    expect(off.allowed_sender).toMatchObject({
      id: senders[1].id,
      active: false,
      label: "sender 2",
    })
    expect(
      (await get(`/admin/svc/bank-accounts/${acct}/allowed-senders`)).count
    ).toBe(50) // disabled ones count
    expect(
      (
        await post(
          `/admin/svc/bank-accounts/${acct}/allowed-senders/${senders[1].id}`,
          { active: true }
        )
      ).allowed_sender.active
    ).toBe(true)
    expect(
      await del(
        `/admin/svc/bank-accounts/${acct}/allowed-senders/${senders[2].id}`
      )
    ).toMatchObject({ removed: true })
    expect(
      (await get(`/admin/svc/bank-accounts/${acct}/allowed-senders`)).count
    ).toBe(49)
    expect(
      (
        await post(`/admin/svc/bank-accounts/${acct}/allowed-senders`, {
          address: evm(),
        })
      ).allowed_sender.active
    ).toBe(true)
  })

  it("deposits from the events: one inbox row per event, a retried PROCESSING after COMPLETED recorded and ignored, redrive refused before COMPLETED with no svc call", async () => {
    const acct = (await bankAccounts())[1].id
    const trigger = (
      await post(`/admin/svc/bank-accounts/${acct}/trigger-address`)
    ).trigger_address.address
    const allowed = evm()
    await post(`/admin/svc/bank-accounts/${acct}/allowed-senders`, {
      address: allowed,
      label: "exchange",
    })

    // PROCESSING, COMPLETED, then svc's retried PROCESSING; the first event sent twice
    sb().webhookFaults({ mode: "duplicate", count: 1 })
    const d1 = sb().simulateDeposit({
      area: "WALLET",
      triggerAddress: trigger,
      from: allowed,
      amountSen: 150000,
      withRetriedProcessing: true,
    }) as any
    const rows = await waitFor(
      async () => {
        const r = await eventsOf(d1.id)
        return r.length === 3 && r.every((e) => e.done) && r
      },
      "three processed inbox events for the deposit",
      30_000
    )
    expect(rows.map((e) => e.status_hint).sort()).toEqual([
      "COMPLETED",
      "PROCESSING",
      "PROCESSING",
    ])
    expect(rows.reduce((n, e) => n + e.deliveries, 0)).toBe(4) // the duplicate counted, not processed again
    expect(
      rows.filter((e) => e.outcome === "ignored_after_completed").length
    ).toBeGreaterThanOrEqual(1)
    const { deposits } = await get(
      `/admin/svc/deposits?area=wallet&destination_id=${acct}`
    )
    const stored = deposits.find((d: any) => d.deposit_id === d1.id)
    expect(stored).toMatchObject({
      status: "COMPLETED",
      result_status: "PENDING",
      trigger_address: trigger,
      destination_type: "BANK_ACCOUNT",
      can_redrive: false,
    })
    expect(stored.summary).toMatch(
      /^COMPLETED: tokens credited to the svc wallet; withdrawal PENDING/
    )
    const statuses = stored.status_history.entries.map((e: any) => e.status)
    expect(statuses.indexOf("COMPLETED")).toBeGreaterThanOrEqual(0)

    // svc's read itself saying PROCESSING after a stored COMPLETED: still ignored
    const container = getContainer()
    const fresh = await svcFromContainer(
      container as never
    ).client.wallet.deposits.retrieve(d1.id)
    const r = await storeDeposit(
      container as never,
      "WALLET",
      { ...fresh, status: "PROCESSING", result: null },
      "test"
    )
    expect(r.outcome).toBe("ignored_after_completed")
    expect((await get(`/admin/svc/deposits/${d1.id}`)).deposit.status).toBe(
      "COMPLETED"
    )

    // a deposit from a sender not allowed, left at PROCESSING: redrive refused here, svc never asked
    const stranger = evm()
    const d2 = sb().simulateDeposit({
      area: "WALLET",
      triggerAddress: trigger,
      from: stranger,
      amountSen: 120000,
      stopAt: "PROCESSING",
    }) as any
    await waitFor(
      async () =>
        (await get(`/admin/svc/deposits?area=wallet`)).deposits.find(
          (d: any) => d.deposit_id === d2.id && d.status === "PROCESSING"
        ),
      "deposit stored PROCESSING"
    )
    await resetStats(svc.ref.sandbox.url)
    const early = await refused(post(`/admin/svc/deposits/${d2.id}/redrive`))
    expect(early.message).toMatch(
      /^status: the deposit is PROCESSING; svc redrives only COMPLETED deposits .* Nothing was sent to svc\./
    )
    expect((await readStats(svc.ref.sandbox.url)).total).toBe(0)

    sb().creditDeposit(d2.id)
    const completed = await waitFor(
      async () =>
        (await get(`/admin/svc/deposits?area=wallet`)).deposits.find(
          (d: any) => d.deposit_id === d2.id && d.status === "COMPLETED"
        ),
      "deposit stored COMPLETED"
    )
    expect(completed).toMatchObject({
      result_status: "FAILED",
      status_reason: "sender_not_allowed",
      withdrawal_id: null,
      can_redrive: true,
    })
    expect(completed.status_reason_words).toMatch(
      /not an allowed sender .* add it .* then redrive/
    )

    await post(`/admin/svc/bank-accounts/${acct}/allowed-senders`, {
      address: stranger,
      label: "now allowed",
    })
    await resetStats(svc.ref.sandbox.url)
    const redriven = (await post(`/admin/svc/deposits/${d2.id}/redrive`))
      .deposit
    expect(redriven).toMatchObject({
      status: "COMPLETED",
      result_status: "PENDING",
      status_reason: null,
    })
    expect(redriven.withdrawal_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(
      callsTo(
        await readStats(svc.ref.sandbox.url),
        "POST /v1/wallet/deposits/{id}/redrive"
      )
    ).toBe(1)
    // asked again: svc returns the transfer it has, never a second one
    const again = (await post(`/admin/svc/deposits/${d2.id}/redrive`)).deposit
    expect(again.withdrawal_id).toBe(redriven.withdrawal_id)
    expect(
      Object.values(state().fiatWithdrawals).filter(
        (w: any) => w.depositId === d2.id
      )
    ).toHaveLength(1)
    // its wallet.withdrawal.updated goes to the settlements path and names no deposit: the open withdrawal is followed by reading
    sb().advanceClock(11)
    expect(
      (await sweepOpenDeposits(getContainer() as never, 100, 0)).refreshed
    ).toBeGreaterThanOrEqual(1)
    expect(
      (await get(`/admin/svc/deposits?area=wallet`)).deposits.find(
        (d: any) => d.deposit_id === d2.id
      ).withdrawal_status
    ).toBe("PROCESSING")

    // an admin re-processes an event: re-read from svc
    const ignored = rows.find((e) => e.outcome === "ignored_after_completed")
    const re = (await post(`/admin/svc/events/${ignored.id}/process`)).event
    expect(re.outcome).toBe("unchanged")
    expect(re.attempts).toBe(ignored.attempts + 1)
  })

  it("an event whose processing fails (svc not answering the re-read) is kept as failed with the cause, and processed again on request", async () => {
    const acct = (await bankAccounts())[1].id
    const trigger = (
      await post(`/admin/svc/bank-accounts/${acct}/trigger-address`)
    ).trigger_address.address
    sb().injectFault({
      route: "GET /v1/wallet/deposits/{id}",
      kind: "500",
      count: 1000,
    })
    const d = sb().simulateDeposit({
      area: "WALLET",
      triggerAddress: trigger,
      from: evm(),
      amountSen: 105000,
      stopAt: "PROCESSING",
    }) as any
    const failed = await waitFor(
      async () => (await eventsOf(d.id)).find((e) => e.outcome === "failed"),
      "the event failed"
    )
    expect(failed.detail).toMatch(/500/)
    expect(failed.done).toBe(false)
    sb().clearFaults()
    const again = (await post(`/admin/svc/events/${failed.id}/process`)).event
    expect(["applied", "unchanged"]).toContain(again.outcome)
    expect(again.attempts).toBeGreaterThan(failed.attempts)
    const stored = (await get(`/admin/svc/deposits?area=wallet`)).deposits.find(
      (x: any) => x.deposit_id === d.id
    )
    expect(stored).toMatchObject({ status: "PROCESSING" })
  })

  it("check a missed transaction (EVM): QUEUED, then its deposit arrives by event; asked again, ALREADY_DETECTED with the deposit", async () => {
    const acct = (await bankAccounts())[1].id
    const trigger = (
      await post(`/admin/svc/bank-accounts/${acct}/trigger-address`)
    ).trigger_address.address
    const missed = sb().simulateDeposit({
      area: "WALLET",
      triggerAddress: trigger,
      from: evm(),
      amountSen: 110000,
      undetected: true,
    }) as any
    const q = await post("/admin/svc/deposits/check-missed", {
      area: "wallet",
      tx_hash: missed.txHash,
      chain_id: 11155111,
    })
    expect(q).toMatchObject({ status: "QUEUED", deposits: [] })
    expect(q.message).toMatch(/do not resend/)
    await waitFor(
      async () => (await eventsOf(missed.id)).length >= 2,
      "the missed deposit's events"
    )
    const again = await post("/admin/svc/deposits/check-missed", {
      area: "wallet",
      tx_hash: missed.txHash,
      chain_id: 11155111,
    })
    expect(again.status).toBe("ALREADY_DETECTED")
    expect(again.deposits.map((d: any) => d.deposit_id)).toEqual([missed.id])
    const unknown = await refused(
      post("/admin/svc/deposits/check-missed", {
        area: "wallet",
        tx_hash: missed.txHash,
        chain_id: 999,
      })
    )
    expect(unknown.message).toMatch(
      /^chain_id: not an active EVM network at svc/
    )
    const looked = await get(`/admin/svc/deposits/${missed.id}?area=wallet`)
    expect(looked.deposit).toMatchObject({
      deposit_id: missed.id,
      area: "WALLET",
      chain_id: 11155111,
    })
  })

  it("beneficiaries: register (bank account, DuitNow proxy), every refusal in words, verify, trigger address and allowed senders, a deposit's transfer followed by event, remove", async () => {
    const base = { name: "Siti Aminah binti Abdullah", bank_code: "MBBEMYKL" }
    const created = await post("/admin/svc/beneficiaries", {
      ...base,
      account_number: "5140123401",
      name_check: "strict",
    })
    expect(created.existing).toBe(false)
    expect(created.beneficiary).toMatchObject({
      kind: "BANK_ACCOUNT",
      account_number_masked: "••••3401",
      bank_account_verified: true,
    })
    const again = await post("/admin/svc/beneficiaries", {
      ...base,
      account_number: "5140123401",
    })
    expect(again.existing).toBe(true)
    expect(again.beneficiary.beneficiary_id).toBe(
      created.beneficiary.beneficiary_id
    )
    const proxy = await post("/admin/svc/beneficiaries", {
      name: "Ali",
      proxy_type: "MOBILE",
      proxy_value: "0123456789",
    })
    expect(proxy.beneficiary).toMatchObject({
      kind: "PROXY",
      proxy_type: "MOBILE",
      proxy_value_masked: "••••6789",
    })

    const words: [Record<string, unknown>, RegExp][] = [
      [
        { ...base, account_number: "5140129999", name_check: "strict" },
        /^name: does not match the account holder's name at the bank/,
      ],
      [
        { ...base, account_number: "5140120000" },
        /^account_number: the bank rejected this account/,
      ],
      [
        { ...base, account_number: "5140126666", name_check: "loose" },
        /^name_check: the bank's name check is unavailable right now; .* register without a name check/,
      ],
      [
        { ...base, bank_code: "XXXXMYKL", account_number: "5140123402" },
        /^bank_code: this bank cannot receive payouts/,
      ],
    ]
    for (const [body, message] of words)
      expect(
        (await refused(post("/admin/svc/beneficiaries", body))).message
      ).toMatch(message)

    const id = created.beneficiary.beneficiary_id
    expect(
      (
        await post(`/admin/svc/beneficiaries/${id}/verify`, {
          name_check: "loose",
        })
      ).beneficiary
    ).toMatchObject({ bank_account_verified: true, name_check: "loose" })
    const trigger = (
      await post(`/admin/svc/beneficiaries/${id}/trigger-address`)
    ).trigger_address.address
    expect(
      (await post(`/admin/svc/beneficiaries/${id}/trigger-address`))
        .trigger_address.address
    ).toBe(trigger)
    const sender = evm()
    await post(`/admin/svc/beneficiaries/${id}/allowed-senders`, {
      address: sender,
      label: "payroll",
    })
    expect(
      await get(`/admin/svc/beneficiaries/${id}/allowed-senders`)
    ).toMatchObject({ count: 1, limit: 50, trigger_address: trigger })

    // a deposit to the beneficiary's trigger address starts a transfer; its payout.withdrawal.updated re-reads the deposit
    const d = sb().simulateDeposit({
      area: "PAYOUT",
      triggerAddress: trigger,
      from: sender,
      amountSen: 130000,
    }) as any
    await waitFor(
      async () =>
        (await get("/admin/svc/deposits?area=payout")).deposits.find(
          (x: any) => x.deposit_id === d.id && x.status === "COMPLETED"
        ),
      "payout deposit COMPLETED"
    )
    sb().advanceClock(11)
    const moved = await waitFor(async () => {
      const x = (await get("/admin/svc/deposits?area=payout")).deposits.find(
        (y: any) => y.deposit_id === d.id
      )
      return x?.withdrawal_status === "PROCESSING" && x
    }, "the deposit's transfer PROCESSING by payout.withdrawal.updated")
    expect(moved.destination_id).toBe(id)
    // the transfer's events (PENDING when made, PROCESSING after 10 s), each re-reading the deposit: one of them moved it
    const wevs = await waitFor(async () => {
      const w = (await eventsOf(d.id)).filter(
        (e) => e.event_type === "payout.withdrawal.updated"
      )
      return w.length > 0 && w.every((e) => e.done) && w
    }, "the transfer's events processed")
    expect(
      wevs.every((e) => ["applied", "unchanged"].includes(e.outcome))
    ).toBe(true)
    // Who recorded the transfer's PROCESSING first: one of its events ("applied"), or, on a slow
    // run, the sweep of open deposits older than 30 s that the admin list above runs (source
    // "poll") or the deposit's own event; then the transfer's events found it unchanged. Either way it was read from svc, never taken
    // from an event body.
    const row = (await get("/admin/svc/deposits?area=payout")).deposits.find(
      (y: any) => y.deposit_id === d.id
    )
    const first = (row.status_history?.entries ?? []).find((e: any) =>
      /withdrawal PROCESSING/.test(e.detail ?? "")
    )
    expect(first).toBeTruthy()
    if (first.source === "event payout.withdrawal.updated")
      expect(wevs.map((e) => e.outcome)).toContain("applied")
    else
      expect(["poll", "event payout.deposit.updated"]).toContain(first.source)

    const removed = await del(`/admin/svc/beneficiaries/${id}`)
    expect(removed.beneficiary.removed_at).toBeTruthy()
    const list = await get("/admin/svc/beneficiaries")
    expect(
      list.beneficiaries.find((b: any) => b.beneficiary_id === id).removed_at
    ).toBeTruthy()
  })

  it("token transfers: network and token from svc, one transfer per request whatever is retried (a timeout included), followed to COMPLETED by polling", async () => {
    const { networks } = await get("/admin/svc/token-transfers/networks")
    const net = networks.find((n: any) => n.type === "EVM")
    expect(net.tokens.length).toBeGreaterThan(0)
    const transfers = () => Object.values(state().tokenTransfers) as any[]
    const before = transfers().length
    const base = {
      network_id: net.id,
      token_id: net.tokens[0].id,
      address_to: evm(),
      amount: "150.00",
      reference: "Nov treasury",
    }

    const wrongNet = await refused(
      post("/admin/svc/token-transfers", {
        ...base,
        request_id: randomUUID(),
        address_to: "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV",
      })
    )
    expect(wrongNet.message).toMatch(/^address_to: must be an EVM address on /)

    // svc processes the first attempt but the answer never comes; the client retries with the same key
    sb().injectFault({
      route: "POST /v1/wallet/token/withdrawals",
      kind: "hang",
      afterProcessing: true,
      count: 1,
    })
    const requestId = randomUUID()
    const first = await post("/admin/svc/token-transfers", {
      ...base,
      request_id: requestId,
    })
    expect(first.transfer).toMatchObject({
      status: "CREATED",
      amount_sen: 15000,
      reference: "Nov treasury",
    })
    expect(transfers().length).toBe(before + 1)
    // the admin's form sent again: the same transfer
    const twice = await post("/admin/svc/token-transfers", {
      ...base,
      request_id: requestId,
    })
    expect(twice.transfer.id).toBe(first.transfer.id)
    expect(transfers().length).toBe(before + 1)
    const other = await refused(
      post("/admin/svc/token-transfers", {
        ...base,
        amount: "151.00",
        request_id: requestId,
      })
    )
    expect(other.message).toMatch(
      /^request_id: already used for another transfer/
    )

    // no answer at all (every attempt hangs, nothing made): kept with its key, 202; sent again, made once
    sb().injectFault({
      route: "POST /v1/wallet/token/withdrawals",
      kind: "hang",
      count: 5,
    })
    const requestB = randomUUID()
    const unanswered = await admin.client.fetch<any>(
      "/admin/svc/token-transfers",
      { method: "POST", body: { ...base, request_id: requestB } }
    )
    expect(unanswered.transfer.status).toBe("UNCERTAIN")
    expect(unanswered.message).toMatch(/svc makes at most one transfer/)
    sb().clearFaults()
    const finished = await post("/admin/svc/token-transfers", {
      ...base,
      request_id: requestB,
    })
    expect(finished.transfer).toMatchObject({
      id: unanswered.transfer.id,
      status: "CREATED",
    })
    expect(transfers().length).toBe(before + 2)

    sb().advanceClock(6)
    sb().advanceClock(31)
    const done = await waitFor(async () => {
      const { transfers: list } = await get("/admin/svc/token-transfers")
      const t = list.find((x: any) => x.id === first.transfer.id)
      return t?.status === "COMPLETED" && t
    }, "transfer COMPLETED by polling")
    expect(done.tx_hash).toMatch(/^0x/)
    expect(done.status_history.entries.map((e: any) => e.status)).toEqual(
      expect.arrayContaining(["CREATING", "CREATED", "COMPLETED"])
    )
  })

  it("prefund: the balance, every payout of the account, and a top-up's event recorded", async () => {
    const p = await get("/admin/svc/prefund")
    expect(p.available_sen).toMatch(/^\d+$/)
    const container = getContainer()
    const { client } = svcFromContainer(container as never)
    await client.payouts
      .create({
        beneficiary: {
          name: "Hafiz",
          bankCode: "CIBBMYKL",
          accountNumber: "8001235555",
        },
        amount: 2500,
      } as never)
      .catch(() => undefined)
    const made = await client.payouts.create({
      beneficiary: {
        name: "Hafiz",
        bankCode: "CIBBMYKL",
        accountNumber: "8001234321",
      },
      amount: 2500,
    } as never)
    const page = await get("/admin/svc/prefund/payouts?limit=100")
    const row = page.payouts.find((x: any) => x.payout_id === made.payoutId)
    expect(row).toMatchObject({ status: "INITIATED", amount_sen: "2500" })
    expect(row.beneficiary.account_number).toBe("••••4321")

    // the payout's own event keeps its path (refund payouts); listed beside the inbox, processed again on request
    const tracked = await waitFor(
      async () =>
        (await get("/admin/svc/events/tracked")).events.find(
          (e: any) =>
            e.resource_id === made.payoutId && e.outcome !== "received"
        ),
      "payout.created processed"
    )
    expect(tracked).toMatchObject({
      event_type: "payout.created",
      outcome: "unknown_payout",
    }) // not a refund of this store
    expect(
      (await post(`/admin/svc/events/tracked/${tracked.id}/process`)).event
    ).toMatchObject({
      outcome: "unknown_payout",
      detail: "processed again by an admin",
    })

    sb().topUpPrefund(100000)
    sb().advanceClock(11)
    const ev = await waitFor(
      async () =>
        (await events()).find(
          (e) => e.event_type === "payout.prefund_completed" && e.done
        ),
      "prefund top-up event"
    )
    expect(ev).toMatchObject({ outcome: "recorded" })
    expect(ev.detail).toMatch(/prefund balance now RM/)
  })
}
