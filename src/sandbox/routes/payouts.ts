import { z } from "@medusajs/framework/zod"
import { PAYOUT_BANKS } from "../pages/banks"
import { holderNameFor, looseMatch, strictMatch } from "../domain/name-check"
import type { Engine } from "../engine"
import { ApiError, invalidRequest, notFound } from "../errors"
import type { RouteDef } from "../signed-api/router"
import type { BeneficiaryRec, PayoutRec } from "../state"
import { uuid } from "../util"
import { ownRate, route, showById, withBody } from "./define"
import { pageLimit, pageResult, parseQuery } from "./paging"
import { depositRoutes, triggerOf, triggerRoutes } from "./trigger"

// spec gap: the payout-area bodies and responses are "not shown"; the sandbox's choices are in docs/sandbox.md.

const ONE_DESTINATION =
  "exactly one destination is required: bankCode and accountNumber, or proxyType and proxyValue"
const beneficiaryBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "must be 1-100 characters")
      .max(100, "must be 1-100 characters"),
    bankCode: z.string().min(1).optional(),
    accountNumber: z
      .string()
      .regex(/^[0-9]{6,20}$/, "must be 6-20 digits")
      .optional(),
    proxyType: z.enum(["MOBILE", "NRIC", "PASSPORT", "BRN", "ARMY"]).optional(),
    proxyValue: z
      .string()
      .min(3, "must be 3-40 characters")
      .max(40, "must be 3-40 characters")
      .optional(),
    nameCheck: z.enum(["strict", "loose"]).optional(),
  })
  .superRefine((b, ctx) => {
    const bank = b.bankCode !== undefined || b.accountNumber !== undefined
    const proxy = b.proxyType !== undefined || b.proxyValue !== undefined
    // spec: Payout area rule 6: body-level messages carry no leading colon
    if (bank === proxy)
      return ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [],
        message: ONE_DESTINATION,
      })
    if (bank && (!b.bankCode || !b.accountNumber))
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [b.bankCode ? "accountNumber" : "bankCode"],
        message: "is required",
      })
    if (proxy && (!b.proxyType || !b.proxyValue))
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [b.proxyType ? "proxyValue" : "proxyType"],
        message: "is required",
      })
  })
type BeneficiaryBody = z.infer<typeof beneficiaryBody>

const payoutBody = z
  .object({
    beneficiaryId: z.string().uuid("must be a UUID").optional(),
    beneficiary: beneficiaryBody.optional(),
    // spec: payout creation's amount bounds are not shown; the sandbox invents none (the prefund balance is the limit)
    amount: z
      .number()
      .int("must be an integer in sen")
      .min(1, "must be a positive number of sen")
      .max(Number.MAX_SAFE_INTEGER, "is too large"),
    reference: z.string().max(20, "must be at most 20 characters").optional(),
    description: z
      .string()
      .max(140, "must be at most 140 characters")
      .optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.beneficiaryId === undefined) === (b.beneficiary === undefined))
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [],
        message: "exactly one of beneficiaryId or beneficiary is required",
      })
  })

const verifyBody = z.object({
  nameCheck: z.enum(["strict", "loose"]).optional(),
})

const destinationKey = (
  b: Pick<
    BeneficiaryRec,
    "bankCode" | "accountNumber" | "proxyType" | "proxyValue"
  >
) =>
  b.accountNumber
    ? `BANK ${b.bankCode} ${b.accountNumber}`
    : `PROXY ${b.proxyType} ${b.proxyValue}`

/** Sandbox bank check by suffix: 5555 bank unreachable (503), 0000 account rejected (400). */
function bankCheck(dest: string) {
  const suffix = dest.slice(-4)
  if (suffix === "5555")
    throw new ApiError(
      503,
      "SERVICE_UNAVAILABLE",
      "the bank could not be reached; nothing was created"
    )
  if (suffix === "0000") throw invalidRequest("the bank rejected the account")
}

function nameCheck(
  mode: "strict" | "loose",
  name: string,
  dest: string,
  holder: string
): "MATCH" | "MISMATCH" | "UNAVAILABLE" {
  if (dest.slice(-4) === "6666") return "UNAVAILABLE"
  return (
    mode === "strict" ? strictMatch(name, holder) : looseMatch(name, holder)
  )
    ? "MATCH"
    : "MISMATCH"
}

/** Registers (or finds) a beneficiary; shared by POST /v1/payouts/beneficiaries and inline payouts. */
function registerBeneficiary(
  engine: Engine,
  b: BeneficiaryBody
): { rec: BeneficiaryRec; existing: boolean } {
  const s = engine.state
  if (
    b.bankCode &&
    !PAYOUT_BANKS.some((x) => x.code === b.bankCode && x.active)
  )
    throw new ApiError(
      400,
      "UNKNOWN_BENEFICIARY",
      "bankCode is not in GET /v1/payouts/active-banks"
    )
  const key = destinationKey({
    bankCode: b.bankCode ?? null,
    accountNumber: b.accountNumber ?? null,
    proxyType: b.proxyType ?? null,
    proxyValue: b.proxyValue ?? null,
  })
  const existing = Object.values(s.beneficiaries).find(
    (x) => x.active && destinationKey(x) === key
  )
  if (existing) return { rec: existing, existing: true }
  const dest = b.accountNumber ?? b.proxyValue ?? ""
  bankCheck(dest)
  const holder = holderNameFor(b.name, dest)
  let match: BeneficiaryRec["bankAccountNameMatch"] = null
  if (b.nameCheck) {
    match = nameCheck(b.nameCheck, b.name, dest, holder)
    if (match === "UNAVAILABLE")
      throw new ApiError(
        400,
        "NAME_CHECK_UNAVAILABLE",
        "the name check is unavailable; retry without nameCheck to register unverified"
      )
    if (match === "MISMATCH")
      throw new ApiError(
        400,
        "BENEFICIARY_NAME_MISMATCH",
        "name does not match the bank account holder"
      )
  }
  const active = Object.values(s.beneficiaries).filter((x) => x.active).length
  if (active >= s.limits.activeBeneficiaries)
    throw new ApiError(
      403,
      "LIMIT_EXCEEDED",
      `at most ${s.limits.activeBeneficiaries} active beneficiaries`
    )
  const now = engine.now()
  const rec: BeneficiaryRec = {
    seq: engine.nextSeq(),
    id: uuid(),
    name: b.name,
    destinationType: b.accountNumber ? "BANK_ACCOUNT" : "PROXY",
    bankCode: b.bankCode ?? null,
    accountNumber: b.accountNumber ?? null,
    proxyType: b.proxyType ?? null,
    proxyValue: b.proxyValue ?? null,
    holderName: holder,
    active: true,
    autoWithdrawalAddress: null,
    bankAccountVerified: true,
    bankAccountVerifiedAt: now,
    bankAccountNameMatch: match,
    nameCheck: b.nameCheck ?? null,
    createdAt: now,
    updatedAt: now,
  }
  s.beneficiaries[rec.id] = rec
  return { rec, existing: false }
}

/** A registered beneficiary that is not deleted; 404 otherwise. */
function activeBeneficiary(engine: Engine, id: string): BeneficiaryRec {
  const b = engine.state.beneficiaries[id]
  if (!b || !b.active) throw notFound("beneficiary")
  return b
}

const listQuery = z.object({
  limit: pageLimit,
  cursor: z.string().min(1).optional(),
  status: z.enum(["INITIATED", "SETTLED", "REVERSED", "RETURNED"]).optional(),
})

const common = { area: "payout" as const, feature: "payouts" as const }

export const payoutRoutes: RouteDef[] = [
  route("POST", "/v1/payouts", {
    ...common,
    idempotency: "accepted",
    rate: ownRate("POST", "/v1/payouts", 300),
    gate: "outflow",
    handler: withBody(payoutBody, ({ engine }, b) => {
      const s = engine.state
      // spec: rule 5: a payout with a beneficiaryId does not repeat the bank check
      const ben = b.beneficiaryId
        ? activeBeneficiary(engine, b.beneficiaryId)
        : registerBeneficiary(engine, b.beneficiary!).rec
      const fee = s.fees.payoutFeeSen
      if (s.prefundSen < b.amount + fee)
        throw new ApiError(
          400,
          "INSUFFICIENT_BALANCE",
          "prefund balance cannot cover amount plus fee"
        )
      s.prefundSen -= b.amount + fee
      const now = engine.now()
      const p: PayoutRec = {
        seq: engine.nextSeq(),
        payoutId: uuid(),
        status: "INITIATED",
        amount: b.amount,
        fee,
        netAmount: b.amount,
        beneficiaryId: ben.id,
        reference: b.reference ?? null,
        description: b.description ?? null,
        settledAt: null,
        createdAt: now,
        updatedAt: now,
      }
      s.payouts[p.payoutId] = p
      engine.payouts.schedulePayout(
        p,
        ben.accountNumber ?? ben.proxyValue ?? ""
      )
      return { status: 201, body: engine.payouts.payoutView(p) }
    }),
  }),
  route("GET", "/v1/payouts", {
    ...common,
    handler: ({ engine, query }) => {
      const q = parseQuery(listQuery, query)
      const items = Object.values(engine.state.payouts)
        .filter((p) => !q.status || p.status === q.status)
        .sort((a, b) => b.createdAt - a.createdAt || b.seq - a.seq)
      return pageResult(
        items,
        (p) => p.payoutId,
        q,
        (p) => engine.payouts.payoutView(p)
      )
    },
  }),
  route("GET", "/v1/payouts/active-banks", {
    ...common,
    rate: { key: "GET payouts/{id}+active-banks", limit: 600 },
    handler: () => ({
      status: 200,
      body: {
        banks: PAYOUT_BANKS.filter((b) => b.active).map((b) => ({
          code: b.code,
          name: b.name,
        })),
      },
    }),
  }),
  route("GET", "/v1/payouts/{id}", {
    ...common,
    rate: { key: "GET payouts/{id}+active-banks", limit: 600 },
    handler: showById(
      "payout",
      (engine, id) => engine.state.payouts[id],
      (engine, p) => engine.payouts.payoutView(p)
    ),
  }),
  route("POST", "/v1/payouts/beneficiaries", {
    ...common,
    idempotency: "accepted",
    rate: ownRate("POST", "/v1/payouts/beneficiaries", 20),
    handler: withBody(beneficiaryBody, ({ engine }, body) => {
      const { rec, existing } = registerBeneficiary(engine, body)
      return {
        status: existing ? 200 : 201,
        body: engine.payouts.beneficiaryView(rec),
      }
    }),
  }),
  route("POST", "/v1/payouts/beneficiaries/{id}/verify", {
    ...common,
    handler: withBody(verifyBody, ({ engine, params }, body) => {
      const b = activeBeneficiary(engine, params.id)
      const dest = b.accountNumber ?? b.proxyValue ?? ""
      bankCheck(dest)
      const now = engine.now()
      b.bankAccountVerified = true
      b.bankAccountVerifiedAt = now
      const mode = body.nameCheck ?? b.nameCheck
      if (mode)
        b.bankAccountNameMatch = nameCheck(mode, b.name, dest, b.holderName)
      b.updatedAt = now
      return { status: 200, body: engine.payouts.beneficiaryView(b) }
    }),
  }),
  route("DELETE", "/v1/payouts/beneficiaries/{id}", {
    ...common,
    // spec gap: deletion route assumed DELETE /v1/payouts/beneficiaries/{id}
    handler: ({ engine, params }) => {
      const b = activeBeneficiary(engine, params.id)
      b.active = false
      b.updatedAt = engine.now()
      const t = triggerOf(engine, "PAYOUT", b.id)
      if (t) t.active = false
      return { status: 200, body: { success: true } }
    },
  }),
  route("GET", "/v1/payout/prefund/balance", {
    ...common,
    rate: ownRate("GET", "/v1/payout/prefund/balance", 60),
    handler: ({ engine }) => ({
      status: 200,
      body: { available: String(engine.state.prefundSen) },
    }),
  }),
  ...triggerRoutes("PAYOUT"),
  ...depositRoutes("PAYOUT"),
]
