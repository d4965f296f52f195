import { z } from "@medusajs/framework/zod"
import { FPX_BANKS } from "../pages/banks"
import { ApiError, invalidRequest } from "../errors"
import type { RouteDef } from "../signed-api/router"
import { CHECKOUT_STATUSES, type CheckoutRec } from "../state"
import { EVM_ADDRESS, randomHex, SOL_ADDRESS, UUID, uuid } from "../util"
import { CHECKOUT_LIFETIME_MS } from "../engine"
import { ownRate, route, showById, withBody } from "./define"
import { pageLimit, pageResult, parseQuery } from "./paging"

const BANK_TYPES: Record<string, "01" | "02"> = {
  RETAIL: "01",
  CORPORATE: "02",
  "01": "01",
  "02": "02",
}

// spec: POST /v1/checkout body; spec-notes: feeMode on SVC_ACCOUNT and buyer fields on other types
// are VALIDATION_FAILED naming the field.
export const createCheckoutBody = z
  .object({
    type: z.enum(["SVC_ACCOUNT", "FPX_HOSTED", "FPX_DIRECT"]),
    addressTo: z
      .string()
      .refine(
        (a) => EVM_ADDRESS.test(a) || SOL_ADDRESS.test(a),
        "must be an EVM or Solana address"
      ),
    amount: z
      .number()
      .int("must be an integer in sen")
      .min(1000, "must be at least 1000 sen")
      .max(100_000_000, "must be at most 100000000 sen"),
    tokenId: z.string().regex(UUID, "must be a UUID"),
    redirectUrl: z
      .string()
      .url("must be a URL")
      .refine((u) => /^https?:\/\//i.test(u), "must be an http(s) URL"),
    title: z
      .string()
      .min(1, "must be 1-100 characters")
      .max(100, "must be 1-100 characters"),
    description: z
      .string()
      .max(500, "must be at most 500 characters")
      .nullish(),
    feeMode: z.enum(["DEDUCT_FROM_AMOUNT", "CHARGE_TO_PREFUND"]).optional(),
    buyerName: z.string().optional(),
    bank: z.string().optional(),
    bankType: z.string().optional(),
  })
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message })
    if (b.type === "SVC_ACCOUNT" && b.feeMode !== undefined)
      issue("feeMode", "not accepted for SVC_ACCOUNT")
    if (b.type !== "SVC_ACCOUNT" && b.feeMode === undefined)
      issue("feeMode", `is required for ${b.type}`)
    if (b.type !== "FPX_DIRECT") {
      for (const f of ["buyerName", "bank", "bankType"] as const)
        if (b[f] !== undefined) issue(f, `not accepted for ${b.type}`)
      return
    }
    const name = b.buyerName?.trim() ?? ""
    if (name.length < 1 || name.length > 100)
      issue("buyerName", "is required, 1-100 trimmed characters")
    const bankType =
      b.bankType === undefined ? undefined : BANK_TYPES[b.bankType]
    if (!bankType) issue("bankType", "must be RETAIL, CORPORATE, 01 or 02")
    const bank = FPX_BANKS.find((x) => x.code === b.bank)
    if (!bank || !bank.active)
      issue("bank", "must be an active code from GET /v1/checkout/banks")
    else if (bankType && bank.type !== bankType)
      issue("bank", `is not a bank of type ${bankType}`)
  })

export type CreateCheckoutBody = z.infer<typeof createCheckoutBody>

export function checkoutUrl(baseUrl: string, c: CheckoutRec): string {
  return c.type === "SVC_ACCOUNT"
    ? `${baseUrl}/checkout/${c.checkoutId}`
    : `${baseUrl}/fpx/${c.checkoutId}?session=${c.urlToken}`
}

export function bankView(baseUrl: string, b: (typeof FPX_BANKS)[number]) {
  return {
    code: b.code,
    name: b.name,
    displayName: b.displayName,
    logoUrl: `${baseUrl}/_sandbox/bank-logos/${b.code}.svg`,
    type: b.type,
    active: b.active,
  }
}

const listQuery = z.object({
  limit: pageLimit,
  cursor: z.string().min(1, "must not be empty").optional(),
  status: z.enum(CHECKOUT_STATUSES).optional(),
  startDt: z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), "must be an ISO 8601 date")
    .optional(),
  endDt: z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), "must be an ISO 8601 date")
    .optional(),
})

export const checkoutRoutes: RouteDef[] = [
  route("POST", "/v1/checkout", {
    area: "checkout",
    idempotency: "required",
    rate: ownRate("POST", "/v1/checkout", 120),
    gate: "inflow",
    feature: "checkout",
    handler: withBody(createCheckoutBody, ({ engine, baseUrl }, b) => {
      const s = engine.state
      if (b.type === "FPX_DIRECT" && !s.account.features.directCheckout)
        throw new ApiError(
          403,
          "FEATURE_DISABLED",
          "direct checkout is not enabled for this account"
        )
      if (!engine.activeToken(b.tokenId))
        throw invalidRequest("tokenId is not an active token")
      const now = engine.now()
      const fee =
        b.type === "SVC_ACCOUNT"
          ? 0
          : s.fees.checkoutFeeSen +
            Math.floor((b.amount * s.fees.checkoutFeeBps) / 10_000)
      let netAmount = b.amount
      let reservedFee = 0
      if (b.feeMode === "DEDUCT_FROM_AMOUNT") {
        netAmount = b.amount - fee
        // sandbox rule: the amount "cannot cover the fee" when what is left is below the 1000-sen minimum
        if (netAmount < 1000)
          throw invalidRequest("amount cannot cover the fee")
      } else if (b.feeMode === "CHARGE_TO_PREFUND" && fee > 0) {
        if (s.checkoutPrefundSen < fee)
          throw new ApiError(
            400,
            "INSUFFICIENT_BALANCE",
            "checkout prefund balance cannot cover the fee"
          )
        s.checkoutPrefundSen -= fee
        reservedFee = fee
      }
      const c: CheckoutRec = {
        seq: engine.nextSeq(),
        checkoutId: uuid(),
        type: b.type,
        status: "CREATED",
        amount: b.amount,
        fee,
        netAmount,
        feeMode: b.feeMode ?? null,
        reservedFee,
        addressTo: b.addressTo,
        tokenId: b.tokenId,
        title: b.title,
        description: b.description ?? null,
        redirectUrl: b.redirectUrl,
        txHash: null,
        paidAt: null,
        expiresAt: now + CHECKOUT_LIFETIME_MS,
        createdAt: now,
        updatedAt: now,
        buyerName: b.buyerName?.trim() ?? null,
        bank: b.bank ?? null,
        bankType: b.bankType ? BANK_TYPES[b.bankType] : null,
        failureReason: null,
        urlToken: randomHex(8),
      }
      s.checkouts[c.checkoutId] = c
      engine.schedule("checkout.expire", c.checkoutId, c.expiresAt)
      return {
        status: 200,
        body: {
          checkoutId: c.checkoutId,
          checkoutUrl: checkoutUrl(baseUrl, c),
          expiresAt: new Date(c.expiresAt).toISOString(),
        },
      }
    }),
  }),
  route("GET", "/v1/checkout/banks", {
    area: "checkout",
    feature: "directCheckout",
    handler: ({ engine, baseUrl }) => {
      if (!engine.state.bankListAvailable)
        throw invalidRequest("the bank provider could not return its list")
      return {
        status: 200,
        body: { banks: FPX_BANKS.map((b) => bankView(baseUrl, b)) },
      }
    },
  }),
  route("GET", "/v1/checkout/{id}", {
    area: "checkout",
    feature: "checkout",
    handler: showById(
      "checkout",
      (engine, id) => engine.state.checkouts[id],
      (engine, c) => engine.checkoutView(c)
    ),
  }),
  route("GET", "/v1/checkout", {
    area: "checkout",
    feature: "checkout",
    handler: ({ engine, query }) => {
      const q = parseQuery(listQuery, query)
      const { status, startDt, endDt } = q
      const start = startDt ? Date.parse(startDt) : -Infinity
      const end = endDt ? Date.parse(endDt) : Infinity
      const all = Object.values(engine.state.checkouts)
        .filter(
          (c) =>
            (!status || c.status === status) &&
            c.createdAt >= start &&
            c.createdAt <= end
        )
        .sort((a, b) => b.createdAt - a.createdAt || b.seq - a.seq)
      return pageResult(
        all,
        (c) => c.checkoutId,
        q,
        (c) => engine.checkoutView(c)
      )
    },
  }),
]
