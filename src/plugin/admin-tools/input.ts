import { z } from "zod"
import { EVM_ADDRESS_RE, TX_HASH_RE, UUID_RE } from "../../client/schemas/common"

/**
 * Admin inputs (snake_case, like the plugin's other admin routes): the schemas
 * src/api/middlewares.ts checks each route's path ids, body and query with,
 * before the handler runs (no svc call before); the error names the field.
 */
export const svcId = (what: string) => z.string({ error: (i) => (i.input === undefined ? "is required" : undefined) }).regex(UUID_RE, `must be the svc id of ${what} (a UUID)`)

export const evmAddressInput = z
  .string({ error: (i) => (i.input === undefined ? "is required" : "must be a string") })
  .trim()
  .regex(EVM_ADDRESS_RE, "must be an EVM address: 0x followed by 40 hexadecimal characters")

export const pageQuery = {
  limit: z.coerce.number({ error: (i) => (i.input === undefined ? undefined : "must be a number") }).int("must be an integer").min(1, "must be 1-100").max(100, "must be 1-100").default(25),
  offset: z.coerce.number({ error: (i) => (i.input === undefined ? undefined : "must be a number") }).int("must be an integer").min(0, "must not be negative").default(0),
}

/** `?limit&cursor&search` of the linked bank accounts (spec: cursor pagination; search by name). */
export const bankAccountsQuery = z
  .object({
    limit: pageQuery.limit,
    cursor: z.string().min(1, "must not be empty").max(200, "must be at most 200 characters").optional(),
    search: z.string().trim().max(100, "must be at most 100 characters").optional(),
  })
  .strict()

export const allowedSenderAdd = z
  .object({
    address: evmAddressInput,
    label: z.string({ error: (i) => (i.input === undefined ? undefined : "must be a string") }).trim().min(1, "must be 1-120 characters").max(120, "must be 1-120 characters").optional(),
  })
  .strict()

export const allowedSenderChange = z.object({ active: z.boolean({ error: (i) => (i.input === undefined ? "is required (true to enable, false to disable)" : "must be true or false") }) }).strict()

export const PROXY_TYPES = ["MOBILE", "NRIC", "PASSPORT", "BRN", "ARMY"] as const
export const NAME_CHECK_INPUT = ["strict", "loose"] as const

/**
 * A beneficiary: a bank account (`bank_code` + `account_number`) or a DuitNow
 * proxy (`proxy_type` + `proxy_value`), exactly one. The proxy kinds are the
 * spec's (mobile number, NRIC, passport, business registration, army number);
 * their wire names are the sandbox's (spec gap: not shown).
 */
export const beneficiaryRegister = z
  .object({
    name: z.string({ error: (i) => (i.input === undefined ? "is required: the account holder's name" : undefined) }).trim().min(1, "must be 1-100 characters").max(100, "must be 1-100 characters"),
    bank_code: z.string().trim().min(1, "must not be empty").max(20, "must be at most 20 characters").optional(),
    account_number: z.string().trim().regex(/^\d{6,20}$/, "must be 6-20 digits, no spaces or dashes").optional(),
    proxy_type: z.enum(PROXY_TYPES, { error: `must be one of ${PROXY_TYPES.join(", ")}` }).optional(),
    proxy_value: z.string().trim().min(3, "must be 3-40 characters").max(40, "must be 3-40 characters").optional(),
    name_check: z.enum(NAME_CHECK_INPUT, { error: "must be strict or loose (or left out: no name check)" }).optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    const bank = b.bank_code !== undefined || b.account_number !== undefined
    const proxy = b.proxy_type !== undefined || b.proxy_value !== undefined
    if (bank && proxy) ctx.addIssue({ code: "custom", path: ["proxy_type"], message: "give a bank account (bank_code, account_number) or a DuitNow proxy (proxy_type, proxy_value), not both" })
    else if (!bank && !proxy) ctx.addIssue({ code: "custom", path: ["account_number"], message: "is required with bank_code, or give a DuitNow proxy (proxy_type, proxy_value)" })
    else if (bank && !b.bank_code) ctx.addIssue({ code: "custom", path: ["bank_code"], message: "is required with account_number" })
    else if (bank && !b.account_number) ctx.addIssue({ code: "custom", path: ["account_number"], message: "is required with bank_code" })
    else if (proxy && !b.proxy_type) ctx.addIssue({ code: "custom", path: ["proxy_type"], message: "is required with proxy_value" })
    else if (proxy && !b.proxy_value) ctx.addIssue({ code: "custom", path: ["proxy_value"], message: "is required with proxy_type" })
  })
export type BeneficiaryRegister = z.infer<typeof beneficiaryRegister>

export const beneficiaryVerify = z.object({ name_check: beneficiaryRegister.shape.name_check }).strict()

export const AREAS = ["wallet", "payout"] as const
export type AdminArea = (typeof AREAS)[number]
const area = z.enum(AREAS, { error: "must be wallet (bank account trigger addresses) or payout (beneficiary trigger addresses)" })

export const depositsQuery = z
  .object({
    ...pageQuery,
    area: area.optional(),
    status: z.enum(["PENDING", "PROCESSING", "COMPLETED", "FAILED"], { error: "must be PENDING, PROCESSING, COMPLETED or FAILED" }).optional(),
    destination_id: z.string().max(100, "must be at most 100 characters").optional(),
  })
  .strict()

export const depositLookupQuery = z.object({ area: area.optional() }).strict()

/** Solana's chainId in deposit events; check-missed takes only EVM hashes (spec: check-missed). */
export const SOLANA_CHAIN_ID = 101
export const checkMissed = z
  .object({
    area,
    tx_hash: z
      .string({ error: (i) => (i.input === undefined ? "is required" : undefined) })
      .trim()
      .refine((v) => TX_HASH_RE.test(v), "must be an EVM transaction hash: 0x followed by 64 hexadecimal characters (check-missed is EVM only; a Solana signature cannot be checked)"),
    chain_id: z.coerce
      .number({ error: (i) => (i.input === undefined ? "is required" : "must be a number") })
      .int("must be an integer")
      .positive("must be a positive integer")
      .refine((v) => v !== SOLANA_CHAIN_ID, "101 is Solana: check-missed is EVM only (Ethereum, Arbitrum and their testnets)"),
  })
  .strict()

export const tokenTransferRequest = z
  .object({
    request_id: z.string({ error: (i) => (i.input === undefined ? "is required: a UUID made once per transfer form, sent again on a retry" : undefined) }).regex(UUID_RE, "must be a UUID made once per transfer form"),
    network_id: z.string({ error: (i) => (i.input === undefined ? "is required: a network from GET /admin/svc/token-transfers/networks" : undefined) }).min(1, "must not be empty").max(100, "must be at most 100 characters"),
    token_id: z.string({ error: (i) => (i.input === undefined ? "is required: a token of that network" : undefined) }).regex(UUID_RE, "must be a token id of the network (a UUID)"),
    address_to: z.string({ error: (i) => (i.input === undefined ? "is required" : undefined) }).trim().min(1, "must not be empty").max(100, "must be at most 100 characters"),
    amount: z.union([z.string(), z.number()], { error: "is required: the amount in ringgit, e.g. \"150.00\"" }),
    reference: z.string({ error: (i) => (i.input === undefined ? undefined : "must be a string") }).trim().min(1, "must not be empty").max(32, "must be at most 32 characters").optional(),
  })
  .strict()
export type TokenTransferRequest = z.infer<typeof tokenTransferRequest>

export const eventsQuery = z
  .object({
    ...pageQuery,
    outcome: z.string().max(60, "must be at most 60 characters").optional(),
    event_type: z.string().max(60, "must be at most 60 characters").optional(),
  })
  .strict()

export const payoutsQuery = z
  .object({
    limit: pageQuery.limit,
    cursor: z.string().min(1, "must not be empty").max(200, "must be at most 200 characters").optional(),
    status: z.enum(["INITIATED", "SETTLED", "REVERSED", "RETURNED"], { error: "must be INITIATED, SETTLED, REVERSED or RETURNED" }).optional(),
  })
  .strict()

export const listQuery = z.object(pageQuery).strict()

export const orderId = z.string().regex(/^order_[0-9A-Za-z]+$/, "must be an order id (order_…)")
const attention = z.enum(["true", "false"], { error: "must be true or false" })

/** `GET /admin/svc/checkouts?order_id&attention&limit` (the order panel, the "needs attention" list). */
export const checkoutsQuery = z.object({
  order_id: orderId.optional(),
  attention: attention.optional(),
  limit: z.coerce.number().int("must be an integer").min(1, "must be 1-200").max(200, "must be 1-200").default(50),
})

/** `GET /admin/svc/payouts?order_id&payment_id&attention&limit` (refund payouts). */
export const refundPayoutsQuery = checkoutsQuery
  .extend({ payment_id: z.string().regex(/^pay_[0-9A-Za-z]+$/, "must be a payment id").optional() })
  .strict()

export const withdrawalsQuery = checkoutsQuery.pick({ limit: true }).strict()

export const webhookTokenChange = z.object({ required: z.boolean({ error: (i) => (i.input === undefined ? "is required" : "must be true or false") }) }).strict()

/** Path ids that are the plugin's own rows. */
export const rowId = (prefix: string, what: string) => z.string().regex(new RegExp(`^${prefix}_\\w+$`), `must be ${what} (${prefix}_…)`)
