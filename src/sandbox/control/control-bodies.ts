import { z } from "@medusajs/framework/zod"
import { ACCOUNT_STATUSES } from "./control"
import { ControlError } from "../errors"
import type { FaultKind } from "./faults"
import { FEATURES, type AccountStatus, type Feature } from "../state"

// The JSON bodies of the control API over HTTP, parsed into the control's own
// types. A field the control checks itself is refused here with the control's
// own message; unknown keys pass through as they always have.

const FAULT_KINDS: FaultKind[] = ["500", "503", "429", "202", "hang"]
const oneOf = <T>(values: readonly T[], message: string) =>
  z.custom<T>((v) => values.some((x) => x === v), { error: message })

export const faultBody = z.looseObject({
  kind: oneOf(FAULT_KINDS, `kind must be one of ${FAULT_KINDS.join(", ")}`),
  route: z.string({ error: "route is required" }),
  count: z.number().optional(),
  retryAfterSeconds: z.number().optional(),
  afterProcessing: z.boolean().optional(),
})

export const webhookFaultBody = z.looseObject({
  mode: oneOf(
    ["drop", "duplicate", "reorder", "delay"] as const,
    "mode must be drop, duplicate, reorder or delay"
  ),
  count: z.number().optional(),
  delayMs: z.number().optional(),
})

export const webhookConfigBody = z.union([
  z.array(z.string()),
  z.looseObject({
    WALLET: z.array(z.string()).optional(),
    PAYOUT: z.array(z.string()).optional(),
  }),
])

export const accountStatusBody = oneOf<AccountStatus>(
  ACCOUNT_STATUSES,
  `status must be one of ${ACCOUNT_STATUSES.join(", ")}`
)
export const accountTypeBody = oneOf(
  ["BUSINESS", "INDIVIDUAL"] as const,
  "type must be BUSINESS or INDIVIDUAL"
)
export const featureBody = oneOf<Feature>(
  FEATURES,
  `feature must be one of ${FEATURES.join(", ")}`
)

export const feesBody = z.looseObject({
  checkoutFeeSen: z.number().optional(),
  checkoutFeeBps: z.number().optional(),
  payoutFeeSen: z.number().optional(),
  tokenTransferFeeSen: z.number().optional(),
  fiatWithdrawalFeeSen: z.number().optional(),
})

export const limitsBody = z.looseObject({
  dailyWithdrawalSen: z.number().optional(),
  monthlyWithdrawalSen: z.number().optional(),
  activeBeneficiaries: z.number().optional(),
  allowedSendersPerAddress: z.number().optional(),
})

export const depositBody = z.looseObject({
  area: oneOf(["WALLET", "PAYOUT"] as const, "area must be WALLET or PAYOUT"),
  amountSen: z.number({ error: "amountSen must be a positive integer" }),
  from: z.string({ error: "from is required" }),
  triggerAddress: z.string().nullable().optional(),
  chainId: z.number().optional(),
  withRetriedProcessing: z.boolean().optional(),
  stopAt: z.literal("PROCESSING").optional(),
  undetected: z.boolean().optional(),
  txHash: z.string().optional(),
})

/** The body as `schema`'s type, or a 400 naming the first field that is wrong. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body)
  if (!r.success)
    throw new ControlError(
      400,
      "INVALID",
      r.error.issues[0]?.message ?? "invalid body"
    )
  return r.data
}
