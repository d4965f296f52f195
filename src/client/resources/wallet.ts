import type { z } from "@medusajs/framework/zod"

import type { CallCore, WithIdempotencyKey } from "../core"
import {
  networkSchema,
  bankAccountListQuerySchema,
  bankAccountPageSchema,
  fiatWithdrawalCreateBodySchema,
  fiatWithdrawalSchema,
  networksQuerySchema,
  networksResponseSchema,
  tokenTransferCreateBodySchema,
  tokenTransferSchema,
  walletAddressSchema,
  walletBalanceSchema,
  walletTransactionsSchema,
  type BankAccount,
  type BankAccountListQuery,
  type FiatWithdrawalCreateBody,
  type Network,
  type NetworksQuery,
  type TokenTransferCreateBody,
  type WalletAddress,
  type WalletBalance,
  type WalletTransactions,
  type WalletTransactionsQuery,
} from "../schemas/wallet"
import type { Page } from "../schemas/common"
import { AllowedSendersResource } from "./allowed-senders"
import type { IdempotencyOptions } from "./checkout"
import { DepositsResource } from "./deposits"
import { paginate } from "./paginate"
import { TriggerAddressesResource } from "./trigger-addresses"

/** A wallet outflow (30/min): created once per Idempotency-Key at `route`, then read at `route/{id}`. */
class WalletOutflowResource<S extends z.ZodTypeAny, B> {
  constructor(
    private readonly core: CallCore,
    private readonly route: string,
    private readonly bodySchema: z.ZodTypeAny,
    private readonly schema: S
  ) {}
  /** POST (30/min). */
  create(
    body: B,
    opts: IdempotencyOptions = {}
  ): Promise<WithIdempotencyKey<z.output<S>>> {
    return this.core.create({
      method: "POST",
      route: this.route,
      body,
      bodySchema: this.bodySchema,
      idempotencyKey: opts.idempotencyKey,
      schema: this.schema,
    })
  }
  /** GET by id. */
  retrieve(id: string): Promise<z.output<S>> {
    return this.core.request({
      method: "GET",
      route: `${this.route}/{id}`,
      params: { id },
      schema: this.schema,
    })
  }
}

/** POST /v1/wallet/token/withdrawals (30/min) and GET /v1/wallet/token/withdrawals/{id}. */
export class TokenWithdrawalsResource extends WalletOutflowResource<
  typeof tokenTransferSchema,
  TokenTransferCreateBody
> {
  constructor(core: CallCore) {
    super(
      core,
      "/v1/wallet/token/withdrawals",
      tokenTransferCreateBodySchema,
      tokenTransferSchema
    )
  }
}

export class BankAccountsResource {
  constructor(private readonly core: CallCore) {}
  /** GET /v1/wallet/bank-accounts: one cursor page of active linked accounts. */
  list(query: BankAccountListQuery = {}): Promise<Page<BankAccount>> {
    return this.core.request({
      method: "GET",
      route: "/v1/wallet/bank-accounts",
      query,
      querySchema: bankAccountListQuerySchema,
      schema: bankAccountPageSchema,
    })
  }
  listAll(
    query: BankAccountListQuery = {}
  ): AsyncGenerator<BankAccount, void, undefined> {
    return paginate((q: BankAccountListQuery) => this.list(q), query)
  }
}

/** POST /v1/wallet/fiat/withdrawals (30/min) and GET /v1/wallet/fiat/withdrawals/{id}. */
export class FiatWithdrawalsResource extends WalletOutflowResource<
  typeof fiatWithdrawalSchema,
  FiatWithdrawalCreateBody
> {
  constructor(core: CallCore) {
    super(
      core,
      "/v1/wallet/fiat/withdrawals",
      fiatWithdrawalCreateBodySchema,
      fiatWithdrawalSchema
    )
  }
}

/** Wallet area (spec: Endpoints, Wallet). */
export class WalletResource {
  readonly tokenWithdrawals: TokenWithdrawalsResource
  readonly bankAccounts: BankAccountsResource
  readonly fiatWithdrawals: FiatWithdrawalsResource
  readonly triggerAddresses: TriggerAddressesResource
  readonly allowedSenders: AllowedSendersResource
  readonly deposits: DepositsResource<"wallet">

  constructor(private readonly core: CallCore) {
    this.tokenWithdrawals = new TokenWithdrawalsResource(core)
    this.bankAccounts = new BankAccountsResource(core)
    this.fiatWithdrawals = new FiatWithdrawalsResource(core)
    this.triggerAddresses = new TriggerAddressesResource(
      core,
      "/v1/wallet/bank-accounts/{bankAccountId}/address",
      "bankAccountId"
    )
    this.allowedSenders = new AllowedSendersResource(
      core,
      "/v1/wallet/bank-accounts/{bankAccountId}",
      "bankAccountId"
    )
    this.deposits = new DepositsResource(core, "wallet")
  }

  /** GET /v1/wallet/address: `{evmAddress, solAddress}`. */
  address(): Promise<WalletAddress> {
    return this.core.request({
      method: "GET",
      route: "/v1/wallet/address",
      schema: walletAddressSchema,
    })
  }
  /** GET /v1/wallet/balance: strings in sen. */
  balance(): Promise<WalletBalance> {
    return this.core.request({
      method: "GET",
      route: "/v1/wallet/balance",
      schema: walletBalanceSchema,
    })
  }
  /** GET /v1/wallet/networks, normalised to an array (spec gap: envelope not shown). */
  async networks(query: NetworksQuery = {}): Promise<Network[]> {
    return normaliseNetworks(
      await this.core.request({
        method: "GET",
        route: "/v1/wallet/networks",
        query,
        querySchema: networksQuerySchema,
        schema: networksResponseSchema,
      })
    )
  }
  /** GET /v1/wallet/transactions. spec gap: query and response not shown; loosely typed. */
  transactions(
    query: WalletTransactionsQuery = {}
  ): Promise<WalletTransactions> {
    return this.core.request({
      method: "GET",
      route: "/v1/wallet/transactions",
      query,
      schema: walletTransactionsSchema,
    })
  }
}

function normaliseNetworks(
  r: z.infer<typeof networksResponseSchema>
): Network[] {
  if (Array.isArray(r)) return r
  if ("networks" in r && Array.isArray(r.networks)) return r.networks
  if ("data" in r && Array.isArray(r.data)) return r.data
  // what is left is the union's last member, one network: parsed again, as that type
  return [networkSchema.parse(r)]
}
