/**
 * The client ↔ sandbox conformance run (every client method against `startSandbox()` over
 * real HTTP, per algorithm) and the table it produces, docs/conformance.md. Shared by
 * src/client/__tests__/sandbox-conformance.spec.ts (asserts every outcome and that the committed
 * table is fresh) and scripts/docs-conformance.ts (`npm run docs:conformance`, writes it).
 */
import { randomUUID } from "node:crypto"
import { readFileSync } from "node:fs"
import { join } from "node:path"

import { startSandbox } from "../../../sandbox"
import { sandboxClient } from "./fixtures"
import {
  SIGNATURE_ALGORITHMS,
  SvcClient,
  SvcError,
  type SignatureAlgorithm,
} from "../../index"

export const CONFORMANCE_DOC = join(
  __dirname,
  "../../../../docs/conformance.md"
)
export const CONFORMANCE_COMMAND = "npm run docs:conformance"

export interface Ctx {
  c: SvcClient
  tokenId: string
  evm: string
  bankAccountId: string
  checkoutId: string
  beneficiaryId: string
  senderId: string
  payoutId: string
  tokenTransferId: string
  fiatId: string
}
export type Step = [
  route: string,
  method: string,
  run: (x: Ctx) => Promise<unknown>,
  expect?: string,
]
/** A step that keeps the id of what it created for the steps after it. */
const keep =
  (
    key: "senderId" | "tokenTransferId" | "fiatId" | "beneficiaryId",
    make: (x: Ctx) => Promise<{ id: string }>
  ) =>
  async (x: Ctx) => {
    x[key] = (await make(x)).id
  }
const SENDER = "0x52908400098527886E0F7030069857D2E4169EE7"
const TX = `0x${"cd".repeat(32)}`

/**
 * The steps both areas share, in order: an owner's (bank account's, beneficiary's) trigger
 * address and allowed senders, then the area's deposits (unknown ids: 404).
 */
const ownerSteps = (
  area: "wallet" | "payouts",
  owner: string,
  key: "bankAccountId" | "beneficiaryId",
  more: { label?: string } = {}
): Step[] => {
  const base = `/v1/${area}/${owner}/address`
  const notFound = "NOT_FOUND"
  return [
    [
      `POST ${base}`,
      `${area}.triggerAddresses.create`,
      (x) => x.c[area].triggerAddresses.create(x[key]),
    ],
    [
      `POST ${base}/whitelist`,
      `${area}.allowedSenders.create`,
      keep("senderId", (x) =>
        x.c[area].allowedSenders.create(x[key], {
          address: SENDER,
          ...more,
        })
      ),
    ],
    [
      `GET ${base}/whitelist`,
      `${area}.allowedSenders.list`,
      (x) => x.c[area].allowedSenders.list(x[key]),
    ],
    [
      `PATCH ${base}/whitelist/{senderId}`,
      `${area}.allowedSenders.update`,
      (x) =>
        x.c[area].allowedSenders.update(x[key], x.senderId, { active: false }),
    ],
    [
      `DELETE ${base}/whitelist/{senderId}`,
      `${area}.allowedSenders.remove`,
      (x) => x.c[area].allowedSenders.remove(x[key], x.senderId),
    ],
    [
      `GET /v1/${area}/deposits/{id}`,
      `${area}.deposits.retrieve`,
      (x) => x.c[area].deposits.retrieve(randomUUID()),
      notFound,
    ],
    [
      `POST /v1/${area}/deposits/check-missed`,
      `${area}.deposits.checkMissed`,
      (x) => x.c[area].deposits.checkMissed({ txHash: TX, chainId: 11155111 }),
    ],
    [
      `POST /v1/${area}/deposits/{id}/redrive`,
      `${area}.deposits.redrive`,
      (x) => x.c[area].deposits.redrive(randomUUID()),
      notFound,
    ],
  ]
}

export const steps: Step[] = [
  ["GET /v1/health", "health", (x) => x.c.health()],
  [
    "GET /v1/wallet/networks",
    "wallet.networks",
    async (x) => (x.tokenId = (await x.c.wallet.networks())[0]!.tokens[0]!.id),
  ],
  [
    "GET /v1/wallet/address",
    "wallet.address",
    async (x) => (x.evm = (await x.c.wallet.address()).evmAddress),
  ],
  ["GET /v1/wallet/balance", "wallet.balance", (x) => x.c.wallet.balance()],
  ["GET /v1/checkout/banks", "checkout.banks", (x) => x.c.checkout.banks()],
  [
    "POST /v1/checkout",
    "checkout.create",
    async (x) =>
      (x.checkoutId = (
        await x.c.checkout.create(
          {
            type: "FPX_HOSTED",
            addressTo: x.evm,
            amount: 5000,
            tokenId: x.tokenId,
            redirectUrl: "https://shop.example/r",
            title: `conf-${randomUUID()}`,
            feeMode: "DEDUCT_FROM_AMOUNT",
          },
          { idempotencyKey: randomUUID() }
        )
      ).checkoutId),
  ],
  [
    "GET /v1/checkout/{id}",
    "checkout.retrieve",
    (x) => x.c.checkout.retrieve(x.checkoutId),
  ],
  [
    "GET /v1/checkout",
    "checkout.list / listAll",
    async (x) => {
      for await (const _ of x.c.checkout.listAll({ limit: 1 })) void _
    },
  ],
  [
    "GET /v1/wallet/bank-accounts",
    "wallet.bankAccounts.list / listAll",
    async (x) =>
      (x.bankAccountId = (
        await x.c.wallet.bankAccounts.list({ limit: 5 })
      ).data[0]!.id),
  ],
  [
    "POST /v1/wallet/token/withdrawals",
    "wallet.tokenWithdrawals.create",
    keep("tokenTransferId", (x) =>
      x.c.wallet.tokenWithdrawals.create({
        tokenId: x.tokenId,
        addressTo: SENDER,
        amount: 1000,
      })
    ),
  ],
  [
    "GET /v1/wallet/token/withdrawals/{id}",
    "wallet.tokenWithdrawals.retrieve",
    (x) => x.c.wallet.tokenWithdrawals.retrieve(x.tokenTransferId),
  ],
  [
    "POST /v1/wallet/fiat/withdrawals",
    "wallet.fiatWithdrawals.create",
    keep("fiatId", (x) =>
      x.c.wallet.fiatWithdrawals.create({
        bankAccountId: x.bankAccountId,
        amount: 1000,
        reference: "conf",
      })
    ),
  ],
  [
    "GET /v1/wallet/fiat/withdrawals/{id}",
    "wallet.fiatWithdrawals.retrieve",
    (x) => x.c.wallet.fiatWithdrawals.retrieve(x.fiatId),
  ],
  ...ownerSteps("wallet", "bank-accounts/{bankAccountId}", "bankAccountId", {
    label: "conf",
  }),
  [
    "GET /v1/wallet/transactions",
    "wallet.transactions",
    (x) => x.c.wallet.transactions(),
  ],
  [
    "POST /v1/payouts/beneficiaries",
    "payouts.beneficiaries.create",
    keep("beneficiaryId", (x) =>
      x.c.payouts.beneficiaries.create({
        name: "Ali bin Abu",
        bankCode: "MBBEMYKL",
        accountNumber: `55${Date.now() % 1e8}`,
      })
    ),
  ],
  [
    "POST /v1/payouts/beneficiaries/{id}/verify",
    "payouts.beneficiaries.verify",
    (x) => x.c.payouts.beneficiaries.verify(x.beneficiaryId),
  ],
  ...ownerSteps("payouts", "beneficiaries/{beneficiaryId}", "beneficiaryId"),
  [
    "POST /v1/payouts",
    "payouts.create",
    async (x) =>
      (x.payoutId = (
        await x.c.payouts.create(
          { beneficiaryId: x.beneficiaryId, amount: 1000 },
          { idempotencyKey: randomUUID() }
        )
      ).payoutId),
  ],
  ["GET /v1/payouts", "payouts.list", (x) => x.c.payouts.list()],
  [
    "GET /v1/payouts/{id}",
    "payouts.retrieve",
    (x) => x.c.payouts.retrieve(x.payoutId),
  ],
  [
    "GET /v1/payouts/active-banks",
    "payouts.activeBanks",
    (x) => x.c.payouts.activeBanks(),
  ],
  [
    "GET /v1/payout/prefund/balance",
    "payouts.prefund.balance",
    (x) => x.c.payouts.prefund.balance(),
  ],
  [
    "DELETE /v1/payouts/beneficiaries/{id}",
    "payouts.beneficiaries.remove (assumed route)",
    (x) => x.c.payouts.beneficiaries.remove(x.beneficiaryId),
  ],
]

/** What a step's call got: "2xx, schema ok", or the typed error svc answered. */
export async function outcomeOf(step: Step, x: Ctx): Promise<string> {
  try {
    await step[2](x)
    return "2xx, schema ok"
  } catch (e) {
    if (!(e instanceof SvcError)) throw e
    return `${e.status} ${e.code}: ${e.message}`
  }
}

/** A sandbox for `alg` and a client signing with it. */
export async function conformanceContext(
  alg: SignatureAlgorithm
): Promise<{ x: Ctx; close: () => Promise<void> }> {
  const sb = await startSandbox({ algorithm: alg })
  const x = {
    c: sandboxClient(sb, { maxRetries: 0 }),
  } as Ctx
  return {
    x,
    close: async () => {
      await x.c.close()
      await sb.close()
    },
  }
}

/** Outcomes by route: the client method, and the outcome per algorithm. */
export type ConformanceResults = Map<string, Record<string, string>>

export function recordOutcome(
  results: ConformanceResults,
  step: Step,
  alg: SignatureAlgorithm,
  outcome: string
): void {
  const row = results.get(step[0]) ?? { method: step[1] }
  row[alg] = outcome
  results.set(step[0], row)
}

/** docs/conformance.md for these results, one row per route of spec-routes.json. */
export function renderConformance(results: ConformanceResults): string {
  const specRoutes = JSON.parse(
    readFileSync(
      join(__dirname, "../../../../test-data/svc-api/spec-routes.json"),
      "utf8"
    )
  ) as { method: string | null; path: string | null }[]
  const lines = [
    "# Client ↔ sandbox conformance",
    "",
    `Generated by \`${CONFORMANCE_COMMAND}\` (scripts/docs-conformance.ts: every client method against \`startSandbox()\` over real HTTP, once per algorithm); \`src/client/__tests__/sandbox-conformance.spec.ts\` fails when this file is stale.`,
    '"2xx, schema ok" = the sandbox answered 2xx and the body passed the client\'s zod schema; "404 NOT_FOUND" = the route was reached with an unknown id (no deposit is seeded).',
    "",
    `| route | client method | ${SIGNATURE_ALGORITHMS.join(" | ")} |`,
    `|---|---|${SIGNATURE_ALGORITHMS.map(() => "---").join("|")}|`,
  ]
  for (const r of specRoutes) {
    const k =
      r.method && r.path
        ? `${r.method} ${r.path}`
        : "DELETE /v1/payouts/beneficiaries/{id}"
    const row = results.get(k)
    lines.push(
      `| \`${k}\` | ${row?.method ?? "(none)"} | ${SIGNATURE_ALGORITHMS.map((a) => (row?.[a] ?? "not run").replace(/\|/g, "/")).join(" | ")} |`
    )
  }
  return `${lines.join("\n")}\n`
}
