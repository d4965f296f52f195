/**
 * Input validation (validation.ts, parseInput: plain zod) on every request body schema, each
 * with bodies svc accepts and mutations of them: a valid body comes back as zod parses it
 * (transforms applied), and every body zod refuses throws one SvcInputError naming a field
 * and the rule in the project's words (inputs.spec.ts checks the rules route by route).
 */
import type { z } from "@medusajs/framework/zod"
import { SvcInputError } from "../errors"
import { parseInput } from "../validation"
import * as checkout from "../schemas/checkout"
import * as payouts from "../schemas/payouts"
import * as wallet from "../schemas/wallet"
import * as deposits from "../schemas/deposits"
import * as f from "./helpers/fixtures"

const BAD: unknown[] = [
  undefined,
  null,
  "",
  " ",
  0,
  -1,
  1.5,
  999,
  100_000_001,
  "1000",
  "x".repeat(600),
  {},
  [],
  true,
  "0x123",
  "not-a-uuid",
  "CARD",
]

function mutations(valid: Record<string, unknown>): unknown[] {
  const out: unknown[] = [valid, null, [], "body", { ...valid, extra: 1 }]
  for (const k of Object.keys(valid)) {
    for (const b of BAD) out.push({ ...valid, [k]: b })
    const { [k]: _gone, ...rest } = valid
    out.push(rest)
  }
  return out
}

const direct = {
  ...f.checkoutBody,
  type: "FPX_DIRECT",
  buyerName: "Ali",
  bank: "ABB0233",
  bankType: "01",
}
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
const named: Array<
  [Record<string, unknown>, string, Record<string, unknown>[]]
> = [
  [
    payouts,
    "payoutCreateBodySchema",
    [
      { beneficiaryId: f.ID, amount: 1000 },
      {
        beneficiary: { name: "Siti", proxyValue: "0123456789" },
        amount: 150_000,
      },
    ],
  ],
  [
    payouts,
    "beneficiaryCreateBodySchema",
    [
      { name: "Siti", proxyValue: "0123456789" },
      {
        name: "Acme",
        bankCode: "MBB",
        accountNumber: "1234567890",
        nameCheck: "strict",
      },
    ],
  ],
  [
    wallet,
    "fiatWithdrawalCreateBodySchema",
    [
      { bankAccountId: f.ID, amount: 1000 },
      { bankAccountId: f.ID, amount: 250_000, reference: "payout-1" },
    ],
  ],
  [
    wallet,
    "tokenTransferCreateBodySchema",
    [
      { tokenId: f.TOKEN_ID, addressTo: f.EVM, amount: 1000 },
      { tokenId: f.TOKEN_ID, addressTo: f.SOL, amount: 5000, reference: "t-1" },
    ],
  ],
  [deposits, "checkMissedBodySchema", [{ txHash: f.TX, chainId: 421614 }]],
]
for (const [mod, name, valids] of named) {
  const s = mod[name] as z.ZodTypeAny | undefined
  if (!s) throw new Error(`validation-fast.spec: no schema exported as ${name}`)
  samples.push([name, s, valids])
}

/** The SvcInputError parseInput throws for `v`, or what it returned. */
function outcome(
  schema: z.ZodTypeAny,
  v: unknown
): { value: unknown } | { error: unknown } {
  try {
    return { value: parseInput(schema, v) }
  } catch (error) {
    return { error }
  }
}

describe("input validation", () => {
  it.each(samples)(
    "%s: valid bodies come back as zod parses them; every refused body names a field and a rule",
    (_n, schema, valids) => {
      // the body itself, a field an unknown key gets, or a field of the schema (any sample's)
      const fields = new Set([
        "body",
        "extra",
        ...valids.flatMap((v) => Object.keys(v)),
      ])
      for (const valid of valids) {
        // the sample is one zod accepts, so the mutations below start from a valid body
        expect({ valid, ok: schema.safeParse(valid).success }).toEqual({
          valid,
          ok: true,
        })
        for (const v of mutations(valid)) {
          const r = schema.safeParse(v)
          const got = outcome(schema, v)
          if (r.success) {
            expect({ v, got }).toEqual({ v, got: { value: r.data } })
            continue
          }
          expect({ v, got }).toEqual({
            v,
            got: { error: expect.any(SvcInputError) },
          })
          const e = (got as { error: SvcInputError }).error
          // a field of the body (or the body itself), and the rule in the project's words, not zod's defaults
          expect({
            v,
            field: fields.has(e.field.split(".")[0] as string),
          }).toEqual({ v, field: true })
          expect(e.message).toBe(`${e.field}: ${e.rule}`)
          expect({ v, rule: e.rule }).not.toEqual({
            v,
            rule: expect.stringMatching(
              /^(Required|Expected|Invalid|Unrecognized)/
            ),
          })
        }
      }
    }
  )

  it("a checkout body: buyer name trimmed; the first wrong field named; unknown fields and non-objects refused", () => {
    expect(
      parseInput(checkout.checkoutCreateBodySchema, f.checkoutBody)
    ).toEqual(f.checkoutBody)
    expect(
      parseInput(checkout.checkoutCreateBodySchema, {
        ...direct,
        buyerName: "  Ali  ",
      })
    ).toEqual(direct)
    const refuses = (v: unknown, message: string | RegExp) =>
      expect(() => parseInput(checkout.checkoutCreateBodySchema, v)).toThrow(
        message
      )
    refuses(
      { ...f.checkoutBody, amount: 999 },
      "amount: must be an integer number of sen between 1000 and 100000000"
    )
    refuses(
      { ...f.checkoutBody, type: "SVC_ACCOUNT" },
      "feeMode: is rejected for type SVC_ACCOUNT"
    )
    refuses(
      { ...f.checkoutBody, extra: 1 },
      "extra: is not a field of this request"
    )
    refuses(null, "body: must be an object")
    refuses([], "body: must be an object")
    expect(() =>
      parseInput(checkout.checkoutCreateBodySchema, 7, "checkout")
    ).toThrow("checkout: must be an object")
  })
})
