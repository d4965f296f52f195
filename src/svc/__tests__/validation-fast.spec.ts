/**
 * The compiled fast path of input validation (validation.ts, fastCheckOf) must
 * accept only what zod accepts, and return it unchanged; everything it does not
 * accept goes through zod (whose errors inputs.spec.ts checks by field).
 */
import type { z } from "zod"
import { fastParserOf, parseInput } from "../validation"
import * as checkout from "../schemas/checkout"
import * as payouts from "../schemas/payouts"
import * as wallet from "../schemas/wallet"
import * as deposits from "../schemas/deposits"
import * as f from "./helpers/fixtures"

const BAD: unknown[] = [undefined, null, "", " ", 0, -1, 1.5, 999, 100_000_001, "1000", "x".repeat(600), {}, [], true, "0x123", "not-a-uuid", "CARD"]

function mutations(valid: Record<string, unknown>): unknown[] {
  const out: unknown[] = [valid, null, [], "body", { ...valid, extra: 1 }]
  for (const k of Object.keys(valid)) {
    for (const b of BAD) out.push({ ...valid, [k]: b })
    const { [k]: _gone, ...rest } = valid
    out.push(rest)
  }
  return out
}

const direct = { ...f.checkoutBody, type: "FPX_DIRECT", buyerName: "Ali", bank: "ABB0233", bankType: "01" }
const samples: Array<[string, z.ZodTypeAny, Record<string, unknown>[]]> = [
  [
    "checkout create",
    checkout.checkoutCreateBodySchema,
    [
      f.checkoutBody as never,
      { ...f.checkoutBody, type: "SVC_ACCOUNT", feeMode: undefined },
      direct,
      { ...direct, buyerName: "  Ali  " },
      { ...f.checkoutBody, description: "Batik shirt" },
    ],
  ],
]
// Each schema by its exported name, with bodies svc accepts: a renamed or removed schema fails here.
const named: Array<[Record<string, unknown>, string, Record<string, unknown>[]]> = [
  [payouts, "payoutCreateBodySchema", [{ beneficiaryId: f.ID, amount: 1000 }, { beneficiary: { name: "Siti", proxyValue: "0123456789" }, amount: 150_000 }]],
  [payouts, "beneficiaryCreateBodySchema", [{ name: "Siti", proxyValue: "0123456789" }, { name: "Acme", bankCode: "MBB", accountNumber: "1234567890", nameCheck: "strict" }]],
  [wallet, "fiatWithdrawalCreateBodySchema", [{ bankAccountId: f.ID, amount: 1000 }, { bankAccountId: f.ID, amount: 250_000, reference: "payout-1" }]],
  [wallet, "tokenTransferCreateBodySchema", [{ tokenId: f.TOKEN_ID, addressTo: f.EVM, amount: 1000 }, { tokenId: f.TOKEN_ID, addressTo: f.SOL, amount: 5000, reference: "t-1" }]],
  [deposits, "checkMissedBodySchema", [{ txHash: f.TX, chainId: 421614 }]],
]
for (const [mod, name, valids] of named) {
  const s = mod[name] as z.ZodTypeAny | undefined
  if (!s) throw new Error(`validation-fast.spec: no schema exported as ${name}`)
  samples.push([name, s, valids])
}

describe("fast input validation", () => {
  it.each(samples)("%s: whatever the fast path accepts, zod accepts unchanged", (_n, schema, valids) => {
    const fast = fastParserOf(schema)
    for (const valid of valids) {
      // the sample is one zod accepts, so the mutations below start from a valid body
      expect({ valid, ok: schema.safeParse(valid).success }).toEqual({ valid, ok: true })
      for (const v of mutations(valid)) {
        const r = schema.safeParse(v)
        const got = fast?.(v)
        // Same verdict, and byte for byte the same output (key order included).
        expect({ v, ok: !!got }).toEqual({ v, ok: fast ? r.success : false })
        if (got && r.success) expect(JSON.stringify(got.value)).toBe(JSON.stringify(r.data))
      }
    }
  })

  it("a valid checkout body takes the fast path (a buyer name trimmed as zod trims it); an invalid one takes zod's", () => {
    const fast = fastParserOf(checkout.checkoutCreateBodySchema)!
    expect(fast).not.toBeNull()
    expect(fast(f.checkoutBody)).toEqual({ value: f.checkoutBody })
    expect(fast(direct)).toEqual({ value: direct })
    expect(fast({ ...direct, buyerName: " Ali " })).toEqual({ value: direct })
    expect(fast({ ...f.checkoutBody, amount: 999 })).toBeUndefined()
    expect(fast({ ...f.checkoutBody, type: "SVC_ACCOUNT" })).toBeUndefined() // feeMode rejected for the wallet
    expect(() => parseInput(checkout.checkoutCreateBodySchema, { ...f.checkoutBody, amount: 999 })).toThrow(/^amount: /)
  })
})
