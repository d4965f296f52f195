import { z } from "@medusajs/framework/zod"

import {
  amountSen,
  cursorQuery,
  evmOrSolanaAddress,
  looseJson,
  nonEmpty,
  page,
  text,
  uuid,
} from "./common"
import { amountAndFee, resource, timestamps } from "./fragments"

/** GET /v1/wallet/address. */
export const walletAddressSchema = resource({
  evmAddress: z.string(),
  solAddress: z.string(),
})
export type WalletAddress = z.infer<typeof walletAddressSchema>

/** GET /v1/wallet/balance: strings in sen. */
export const walletBalanceSchema = resource({
  walletBalance: z.string(),
  pendingWithdrawal: z.string(),
})
export type WalletBalance = z.infer<typeof walletBalanceSchema>

/** A token entry: fields beyond `id` are not shown (spec gap), so it is loose. */
export const networkTokenSchema = resource({ id: z.string() })
/** spec: Network and token. `type` `EVM` is one value. */
export const networkSchema = resource({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  tokens: z.array(networkTokenSchema),
})
export type Network = z.infer<typeof networkSchema>
/**
 * spec gap: the envelope of GET /v1/wallet/networks is not shown ("200 returns networks").
 * Accepted: an array, `{networks: [...]}`, `{data: [...]}`, or one network (query `id`);
 * the client normalises all of them to `Network[]`.
 */
export const networksResponseSchema = z.union([
  z.array(networkSchema),
  resource({ networks: z.array(networkSchema) }),
  resource({ data: z.array(networkSchema) }),
  networkSchema,
])
export const networksQuerySchema = z
  .object({ id: nonEmpty.optional(), tokenId: uuid().optional() })
  .strict()
export type NetworksQuery = z.infer<typeof networksQuerySchema>

/** spec: Resources, Token transfer object. */
export const tokenTransferSchema = resource({
  id: z.string(),
  status: z.string(),
  toAddress: z.string(),
  ...amountAndFee,
  reference: z.string().nullable(),
  source: z.string(),
  tokenId: z.string(),
  token: resource({
    symbol: z.string(),
    name: z.string(),
    network: resource({ id: z.string(), name: z.string(), type: z.string() }),
  }),
  txHash: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  confirmedAt: z.string().nullable(),
  ...timestamps,
})
export type TokenTransfer = z.infer<typeof tokenTransferSchema>
export const tokenTransferCreateBodySchema = z
  .object({
    tokenId: uuid(),
    addressTo: evmOrSolanaAddress,
    amount: amountSen,
    reference: text(0, 32).optional(),
  })
  .strict()
export type TokenTransferCreateBody = z.infer<
  typeof tokenTransferCreateBodySchema
>

/** spec: Resources, Linked bank account. */
export const bankAccountSchema = resource({
  id: z.string(),
  name: z.string(),
  accountNumber: z.string(),
  verified: z.boolean(),
  bank: resource({ code: z.string(), name: z.string() }).nullable(),
  ...timestamps,
})
export type BankAccount = z.infer<typeof bankAccountSchema>
export const bankAccountPageSchema = page(bankAccountSchema)
export const bankAccountListQuerySchema = z
  .object({ ...cursorQuery, search: z.string().optional() })
  .strict()
export type BankAccountListQuery = z.infer<typeof bankAccountListQuerySchema>

/** spec: Resources, Fiat withdrawal object. */
export const fiatWithdrawalSchema = resource({
  id: z.string(),
  status: z.string(),
  ...amountAndFee,
  reference: z.string().nullable(),
  refId: z.string().nullable(),
  source: z.string(),
  destination: resource({
    name: z.string(),
    accountNumber: z.string(),
    bank: resource({ code: z.string(), name: z.string() }),
  }),
  confirmedAt: z.string().nullable(),
  ...timestamps,
})
export type FiatWithdrawal = z.infer<typeof fiatWithdrawalSchema>
export const FIAT_WITHDRAWAL_STATUSES = [
  "PENDING",
  "PROCESSING",
  "COMPLETED",
  "REJECTED",
  "FAILED",
  "CANCELLED",
] as const
export const fiatWithdrawalCreateBodySchema = z
  .object({
    bankAccountId: uuid(),
    amount: amountSen,
    reference: text(0, 20).optional(),
  })
  .strict()
export type FiatWithdrawalCreateBody = z.infer<
  typeof fiatWithdrawalCreateBodySchema
>

/** spec gap: GET /v1/wallet/transactions query and response are not shown; both are loose. */
export const walletTransactionsSchema = looseJson
export type WalletTransactions = z.infer<typeof walletTransactionsSchema>
export type WalletTransactionsQuery = Record<
  string,
  string | number | boolean | undefined
>
