/**
 * Every route of spec-routes.json has a client method: the table is driven from the
 * file, so a route without an entry here fails. Each call goes over real HTTP to a
 * local server that checks method, path, signature (node:crypto) and Idempotency-Key.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"

import type { SvcClient } from "../index"
import * as f from "./helpers/fixtures"
import {
  json,
  makeClient,
  startServer,
  testKey,
  verifySeen,
  type TestServer,
} from "./helpers/server"

interface SpecRoute {
  method: string | null
  path: string | null
  purpose: string
  auth: string
  idempotencyKey: string | null
}
const routes = JSON.parse(
  readFileSync(
    join(__dirname, "../../../test-data/svc-api/spec-routes.json"),
    "utf8"
  )
) as SpecRoute[]

// spec gap: the beneficiary deletion route has no method/path; assumed DELETE /v1/payouts/beneficiaries/{id}.
const routeKey = (r: SpecRoute) =>
  r.method && r.path
    ? `${r.method} ${r.path}`
    : "DELETE /v1/payouts/beneficiaries/{id}"

interface Case {
  method: string
  call: (c: SvcClient) => Promise<unknown>
  response: unknown
  status?: number
  /** Signed components expected; [] for GET. */
  signed: string[]
  idempotent?: boolean
}
const BODY = ["@method", "@path", "content-digest", "content-type"]
const NOBODY = ["@method", "@path"]
const { ID, ID2 } = f

const table: Record<string, Case> = {
  "GET /v1/health": {
    method: "health",
    call: (c) => c.health(),
    response: f.health,
    signed: [],
  },
  "POST /v1/checkout": {
    method: "checkout.create",
    call: (c) => c.checkout.create(f.checkoutBody),
    response: f.checkoutCreated,
    signed: BODY,
    idempotent: true,
  },
  "GET /v1/checkout/banks": {
    method: "checkout.banks",
    call: (c) => c.checkout.banks(),
    response: f.banks,
    signed: [],
  },
  "GET /v1/checkout/{id}": {
    method: "checkout.retrieve",
    call: (c) => c.checkout.retrieve(ID),
    response: f.checkout,
    signed: [],
  },
  "GET /v1/checkout": {
    method: "checkout.list / listAll",
    call: (c) => c.checkout.list({ limit: 10 }),
    response: { data: [f.checkout], hasMore: false, nextCursor: null },
    signed: [],
  },
  "GET /v1/wallet/address": {
    method: "wallet.address",
    call: (c) => c.wallet.address(),
    response: f.walletAddress,
    signed: [],
  },
  "GET /v1/wallet/balance": {
    method: "wallet.balance",
    call: (c) => c.wallet.balance(),
    response: f.walletBalance,
    signed: [],
  },
  "GET /v1/wallet/networks": {
    method: "wallet.networks",
    call: (c) => c.wallet.networks(),
    response: f.networks,
    signed: [],
  },
  "POST /v1/wallet/token/withdrawals": {
    method: "wallet.tokenWithdrawals.create",
    call: (c) =>
      c.wallet.tokenWithdrawals.create({
        tokenId: f.TOKEN_ID,
        addressTo: f.EVM,
        amount: 1000,
      }),
    response: f.tokenTransfer,
    signed: BODY,
    idempotent: true,
  },
  "GET /v1/wallet/token/withdrawals/{id}": {
    method: "wallet.tokenWithdrawals.retrieve",
    call: (c) => c.wallet.tokenWithdrawals.retrieve(ID),
    response: f.tokenTransfer,
    signed: [],
  },
  "GET /v1/wallet/bank-accounts": {
    method: "wallet.bankAccounts.list / listAll",
    call: (c) => c.wallet.bankAccounts.list({ search: "Main" }),
    response: f.bankAccountPage,
    signed: [],
  },
  "POST /v1/wallet/fiat/withdrawals": {
    method: "wallet.fiatWithdrawals.create",
    call: (c) =>
      c.wallet.fiatWithdrawals.create({
        bankAccountId: ID,
        amount: 1000,
        reference: "r",
      }),
    response: f.fiatWithdrawal,
    signed: BODY,
    idempotent: true,
  },
  "GET /v1/wallet/fiat/withdrawals/{id}": {
    method: "wallet.fiatWithdrawals.retrieve",
    call: (c) => c.wallet.fiatWithdrawals.retrieve(ID),
    response: f.fiatWithdrawal,
    signed: [],
  },
  "POST /v1/wallet/bank-accounts/{bankAccountId}/address": {
    method: "wallet.triggerAddresses.create",
    call: (c) => c.wallet.triggerAddresses.create(ID),
    response: f.triggerAddress("BANK_ACCOUNT"),
    status: 201,
    signed: NOBODY,
  },
  "GET /v1/wallet/bank-accounts/{bankAccountId}/address/whitelist": {
    method: "wallet.allowedSenders.list",
    call: (c) => c.wallet.allowedSenders.list(ID),
    response: [f.allowedSender],
    signed: [],
  },
  "POST /v1/wallet/bank-accounts/{bankAccountId}/address/whitelist": {
    method: "wallet.allowedSenders.create",
    call: (c) =>
      c.wallet.allowedSenders.create(ID, { address: f.EVM, label: "hot" }),
    response: f.allowedSender,
    status: 201,
    signed: BODY,
  },
  "PATCH /v1/wallet/bank-accounts/{bankAccountId}/address/whitelist/{senderId}":
    {
      method: "wallet.allowedSenders.update",
      call: (c) => c.wallet.allowedSenders.update(ID, ID2, { active: false }),
      response: f.allowedSender,
      signed: BODY,
    },
  "DELETE /v1/wallet/bank-accounts/{bankAccountId}/address/whitelist/{senderId}":
    {
      method: "wallet.allowedSenders.remove",
      call: (c) => c.wallet.allowedSenders.remove(ID, ID2),
      response: { success: true },
      signed: NOBODY,
    },
  "GET /v1/wallet/deposits/{id}": {
    method: "wallet.deposits.retrieve",
    call: (c) => c.wallet.deposits.retrieve(ID),
    response: f.deposit,
    signed: [],
  },
  "POST /v1/wallet/deposits/check-missed": {
    method: "wallet.deposits.checkMissed",
    call: (c) =>
      c.wallet.deposits.checkMissed({ txHash: f.TX, chainId: 421614 }),
    response: f.checkMissed,
    status: 201,
    signed: BODY,
  },
  "POST /v1/wallet/deposits/{id}/redrive": {
    method: "wallet.deposits.redrive",
    call: (c) => c.wallet.deposits.redrive(ID),
    response: f.deposit,
    status: 201,
    signed: NOBODY,
  },
  "GET /v1/wallet/transactions": {
    method: "wallet.transactions",
    call: (c) => c.wallet.transactions({ limit: 5 }),
    response: { data: [] },
    signed: [],
  },
  "POST /v1/payouts/beneficiaries/{beneficiaryId}/address": {
    method: "payouts.triggerAddresses.create",
    call: (c) => c.payouts.triggerAddresses.create(ID),
    response: f.triggerAddress("BENEFICIARY"),
    status: 201,
    signed: NOBODY,
  },
  "GET /v1/payouts/beneficiaries/{beneficiaryId}/address/whitelist": {
    method: "payouts.allowedSenders.list",
    call: (c) => c.payouts.allowedSenders.list(ID),
    response: [f.allowedSender],
    signed: [],
  },
  "POST /v1/payouts/beneficiaries/{beneficiaryId}/address/whitelist": {
    method: "payouts.allowedSenders.create",
    call: (c) => c.payouts.allowedSenders.create(ID, { address: f.EVM }),
    response: f.allowedSender,
    status: 201,
    signed: BODY,
  },
  "PATCH /v1/payouts/beneficiaries/{beneficiaryId}/address/whitelist/{senderId}":
    {
      method: "payouts.allowedSenders.update",
      call: (c) => c.payouts.allowedSenders.update(ID, ID2, { active: true }),
      response: f.allowedSender,
      signed: BODY,
    },
  "DELETE /v1/payouts/beneficiaries/{beneficiaryId}/address/whitelist/{senderId}":
    {
      method: "payouts.allowedSenders.remove",
      call: (c) => c.payouts.allowedSenders.remove(ID, ID2),
      response: { success: true },
      signed: NOBODY,
    },
  "GET /v1/payouts/deposits/{id}": {
    method: "payouts.deposits.retrieve",
    call: (c) => c.payouts.deposits.retrieve(ID),
    response: f.deposit,
    signed: [],
  },
  "POST /v1/payouts/deposits/check-missed": {
    method: "payouts.deposits.checkMissed",
    call: (c) =>
      c.payouts.deposits.checkMissed({ txHash: f.TX, chainId: 421614 }),
    response: f.checkMissed,
    status: 201,
    signed: BODY,
  },
  "POST /v1/payouts/deposits/{id}/redrive": {
    method: "payouts.deposits.redrive",
    call: (c) => c.payouts.deposits.redrive(ID),
    response: f.deposit,
    status: 201,
    signed: NOBODY,
  },
  "POST /v1/payouts": {
    method: "payouts.create",
    call: (c) => c.payouts.create({ beneficiaryId: ID, amount: 1000 }),
    response: f.payout,
    signed: BODY,
    idempotent: true,
  },
  "GET /v1/payouts": {
    method: "payouts.list",
    call: (c) => c.payouts.list(),
    response: { data: [f.payout] },
    signed: [],
  },
  "GET /v1/payouts/{id}": {
    method: "payouts.retrieve",
    call: (c) => c.payouts.retrieve(ID),
    response: f.payout,
    signed: [],
  },
  "GET /v1/payouts/active-banks": {
    method: "payouts.activeBanks",
    call: (c) => c.payouts.activeBanks(),
    response: { banks: [] },
    signed: [],
  },
  "POST /v1/payouts/beneficiaries": {
    method: "payouts.beneficiaries.create",
    call: (c) =>
      c.payouts.beneficiaries.create({
        name: "Ali",
        bankCode: "MBB",
        accountNumber: "1234567890",
        nameCheck: "loose",
      }),
    response: f.beneficiary,
    status: 201,
    signed: BODY,
    idempotent: true,
  },
  "POST /v1/payouts/beneficiaries/{id}/verify": {
    method: "payouts.beneficiaries.verify",
    call: (c) => c.payouts.beneficiaries.verify(ID),
    response: f.beneficiary,
    signed: NOBODY,
  },
  "DELETE /v1/payouts/beneficiaries/{id}": {
    method: "payouts.beneficiaries.remove",
    call: (c) => c.payouts.beneficiaries.remove(ID),
    response: { success: true },
    signed: NOBODY,
  },
  "GET /v1/payout/prefund/balance": {
    method: "payouts.prefund.balance",
    call: (c) => c.payouts.prefund.balance(),
    response: f.prefund,
    signed: [],
  },
}

const key = testKey("ed25519")
let server: TestServer
let client: SvcClient
let current: Case | undefined

beforeAll(async () => {
  server = await startServer((_r, res) =>
    json(res, current?.status ?? 200, current?.response ?? {})
  )
  client = makeClient(server.url, key)
})
afterAll(async () => {
  await client.close()
  await server.close()
})

it("spec-routes.json has 38 routes and every one has a client method here", () => {
  expect(routes).toHaveLength(38)
  const missing = routes.map(routeKey).filter((k) => !table[k])
  expect(missing).toEqual([])
  expect(new Set(routes.map(routeKey)).size).toBe(Object.keys(table).length)
})

describe.each(routes.map((r) => [routeKey(r), r] as const))(
  "%s",
  (k, route) => {
    it(`is served by ${table[k]?.method ?? "(missing)"}`, async () => {
      const c = table[k]
      if (!c) throw new Error(`no client method for ${k}`)
      current = c
      server.seen.length = 0
      const result = await c.call(client)
      expect(server.seen).toHaveLength(1)
      const seen = server.seen[0]!
      const [method, template] = k.split(" ") as [string, string]
      expect(seen.method).toBe(method)
      const re = new RegExp(
        `^${template.replace(/\{\w+\}/g, "[0-9a-f-]{36}")}$`
      )
      expect(seen.path).toMatch(re)
      expect(seen.headers["svc-api-key"]).toBeDefined()
      if (c.signed.length === 0) {
        expect(route.auth).toBe("K")
        expect(seen.headers["signature-input"]).toBeUndefined()
      } else {
        expect(route.auth).toBe("K+S")
        const v = verifySeen(seen, key)
        expect(v.components).toEqual(c.signed)
        expect(v.ok).toBe(true)
        if (c.signed.length === 2)
          expect(seen.headers["content-digest"]).toBeUndefined()
      }
      if (c.idempotent) {
        expect(seen.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/)
        expect((result as { idempotencyKey: string }).idempotencyKey).toBe(
          seen.headers["idempotency-key"]
        )
      } else {
        expect(seen.headers["idempotency-key"]).toBeUndefined()
      }
    })
  }
)

it("listAll walks every cursor page (checkouts and bank accounts)", async () => {
  const pages: Record<string, unknown> = {
    "": {
      data: [{ ...f.checkout, checkoutId: ID }],
      hasMore: true,
      nextCursor: ID,
    },
    [ID]: {
      data: [{ ...f.checkout, checkoutId: ID2 }],
      hasMore: false,
      nextCursor: null,
    },
  }
  const s = await startServer((r, res) => {
    const cursor = new URL(r.url, "http://x").searchParams.get("cursor") ?? ""
    const p = pages[cursor] as { data: { checkoutId: string }[] }
    if (r.path === "/v1/wallet/bank-accounts") {
      json(res, 200, {
        data: p.data.map((d) => ({ ...f.bankAccount, id: d.checkoutId })),
        hasMore: cursor === "",
        nextCursor: cursor === "" ? ID : null,
      })
    } else json(res, 200, p)
  })
  const c = makeClient(s.url, key)
  const ids: string[] = []
  for await (const ch of c.checkout.listAll({ limit: 1, status: "CREATED" }))
    ids.push(ch.checkoutId)
  expect(ids).toEqual([ID, ID2])
  expect(s.seen.map((r) => r.url)).toEqual([
    `/v1/checkout?limit=1&status=CREATED`,
    `/v1/checkout?limit=1&cursor=${ID}&status=CREATED`,
  ])
  const accounts: string[] = []
  for await (const a of c.wallet.bankAccounts.listAll({ limit: 1 }))
    accounts.push(a.id)
  expect(accounts).toEqual([ID, ID2])
  await c.close()
  await s.close()
})

it("beneficiaries.verify with a body signs all four components", async () => {
  current = table["POST /v1/payouts/beneficiaries/{id}/verify"]
  server.seen.length = 0
  await client.payouts.beneficiaries.verify(ID, { nameCheck: "strict" })
  expect(verifySeen(server.seen[0]!, key).components).toEqual(BODY)
  expect(JSON.parse(server.seen[0]!.body)).toEqual({ nameCheck: "strict" })
})
