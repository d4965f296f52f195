import { z } from "zod"

import { amountSen, cursorQuery, evmOrSolanaAddress, looseJson, nonEmpty, page, text, uuid } from "./common"

/** GET /v1/wallet/address. */
export const walletAddressSchema = z.object({ evmAddress: z.string(), solAddress: z.string() }).passthrough()
export type WalletAddress = z.infer<typeof walletAddressSchema>

/** GET /v1/wallet/balance: strings in sen. */
export const walletBalanceSchema = z.object({ walletBalance: z.string(), pendingWithdrawal: z.string() }).passthrough()
export type WalletBalance = z.infer<typeof walletBalanceSchema>

/** A token entry: fields beyond `id` are not shown (spec gap), so it is loose. */
export const networkTokenSchema = z.object({ id: z.string() }).passthrough()
/** spec: Network and token. `type` `EVM` is one value. */
export const networkSchema = z
  .object({ id: z.string(), name: z.string(), type: z.string(), tokens: z.array(networkTokenSchema) })
  .passthrough()
export type Network = z.infer<typeof networkSchema>
/**
 * spec gap: the envelope of GET /v1/wallet/networks is not shown ("200 returns networks").
 * Accepted: an array, `{networks: [...]}`, `{data: [...]}`, or one network (query `id`);
 * the client normalises all of them to `Network[]`.
 */
export const networksResponseSchema = z.union([
  z.array(networkSchema),
  z.object({ networks: z.array(networkSchema) }).passthrough(),
  z.object({ data: z.array(networkSchema) }).passthrough(),
  networkSchema,
])
export const networksQuerySchema = z
  .object({ id: nonEmpty.optional(), tokenId: uuid().optional() })
  .strict()
export type NetworksQuery = z.infer<typeof networksQuerySchema>

/** spec: Resources, Token transfer object. */
export const tokenTransferSchema = z
  .object({
    id: z.string(),
    status: z.string(),
    toAddress: z.string(),
    amount: z.string(),
    fee: z.string(),
    reference: z.string().nullable(),
    source: z.string(),
    tokenId: z.string(),
    token: z
      .object({
        symbol: z.string(),
        name: z.string(),
        network: z.object({ id: z.string(), name: z.string(), type: z.string() }).passthrough(),
      })
      .passthrough(),
    txHash: z.string().nullable(),
    confirmations: z.number().int().nullable(),
    confirmedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .passthrough()
export type TokenTransfer = z.infer<typeof tokenTransferSchema>
export const tokenTransferCreateBodySchema = z
  .object({ tokenId: uuid(), addressTo: evmOrSolanaAddress, amount: amountSen, reference: text(0, 32).optional() })
  .strict()
export type TokenTransferCreateBody = z.infer<typeof tokenTransferCreateBodySchema>

/** spec: Resources, Linked bank account. */
export const bankAccountSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    accountNumber: z.string(),
    verified: z.boolean(),
    bank: z.object({ code: z.string(), name: z.string() }).passthrough().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .passthrough()
export type BankAccount = z.infer<typeof bankAccountSchema>
export const bankAccountPageSchema = page(bankAccountSchema)
export const bankAccountListQuerySchema = z.object({ ...cursorQuery, search: z.string().optional() }).strict()
export type BankAccountListQuery = z.infer<typeof bankAccountListQuerySchema>

/** spec: Resources, Fiat withdrawal object. */
export const fiatWithdrawalSchema = z
  .object({
    id: z.string(),
    status: z.string(),
    amount: z.string(),
    fee: z.string(),
    reference: z.string().nullable(),
    refId: z.string().nullable(),
    source: z.string(),
    destination: z
      .object({
        name: z.string(),
        accountNumber: z.string(),
        bank: z.object({ code: z.string(), name: z.string() }).passthrough(),
      })
      .passthrough(),
    confirmedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .passthrough()
export type FiatWithdrawal = z.infer<typeof fiatWithdrawalSchema>
export const FIAT_WITHDRAWAL_STATUSES = ["PENDING", "PROCESSING", "COMPLETED", "REJECTED", "FAILED", "CANCELLED"] as const
export const fiatWithdrawalCreateBodySchema = z
  .object({ bankAccountId: uuid(), amount: amountSen, reference: text(0, 20).optional() })
  .strict()
export type FiatWithdrawalCreateBody = z.infer<typeof fiatWithdrawalCreateBodySchema>

/** spec gap: GET /v1/wallet/transactions query and response are not shown; both are loose. */
export const walletTransactionsSchema = looseJson
export type WalletTransactions = z.infer<typeof walletTransactionsSchema>
export type WalletTransactionsQuery = Record<string, string | number | boolean | undefined>
