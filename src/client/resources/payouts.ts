import type { CallCore, WithIdempotencyKey } from "../core"
import {
  activeBanksSchema,
  beneficiaryCreateBodySchema,
  beneficiaryRemovedSchema,
  beneficiarySchema,
  beneficiaryVerifyBodySchema,
  payoutCreateBodySchema,
  payoutListSchema,
  payoutSchema,
  prefundBalanceSchema,
  type ActiveBanks,
  type Beneficiary,
  type BeneficiaryCreateBody,
  type BeneficiaryVerifyBody,
  type Payout,
  type PayoutCreateBody,
  type PayoutList,
  type PayoutListQuery,
  type PrefundBalance,
} from "../schemas/payouts"
import type { LooseJson } from "../schemas/common"
import { AllowedSendersResource } from "./allowed-senders"
import type { IdempotencyOptions } from "./checkout"
import { DepositsResource } from "./deposits"
import { TriggerAddressesResource } from "./trigger-addresses"

export class BeneficiariesResource {
  constructor(private readonly core: CallCore) {}
  /** POST /v1/payouts/beneficiaries (20/min). Bank-checked; 503 is retried with the same key (spec: known rule 1). */
  create(
    body: BeneficiaryCreateBody,
    opts: IdempotencyOptions = {}
  ): Promise<WithIdempotencyKey<Beneficiary>> {
    return this.core.create({
      method: "POST",
      route: "/v1/payouts/beneficiaries",
      body,
      bodySchema: beneficiaryCreateBodySchema,
      idempotencyKey: opts.idempotencyKey,
      schema: beneficiarySchema,
    })
  }
  /** POST /v1/payouts/beneficiaries/{id}/verify. spec gap: body not shown; bodyless when omitted. */
  verify(id: string, body?: BeneficiaryVerifyBody): Promise<Beneficiary> {
    return this.core.request({
      method: "POST",
      route: "/v1/payouts/beneficiaries/{id}/verify",
      params: { id },
      body,
      bodySchema: beneficiaryVerifyBodySchema,
      schema: beneficiarySchema,
    })
  }
  /** spec gap: "a beneficiary deletion route"; assumed DELETE /v1/payouts/beneficiaries/{id}, bodyless. */
  remove(id: string): Promise<LooseJson | null> {
    return this.core.request({
      method: "DELETE",
      route: "/v1/payouts/beneficiaries/{id}",
      params: { id },
      schema: beneficiaryRemovedSchema,
    })
  }
}

export class PrefundResource {
  constructor(private readonly core: CallCore) {}
  /** GET /v1/payout/prefund/balance: path exactly as the spec writes it (singular `payout`). */
  balance(): Promise<PrefundBalance> {
    return this.core.request({
      method: "GET",
      route: "/v1/payout/prefund/balance",
      schema: prefundBalanceSchema,
    })
  }
}

/** Payout area (spec: Payout area). Bodies and responses beyond those named are loose (spec gap). */
export class PayoutsResource {
  readonly beneficiaries: BeneficiariesResource
  readonly triggerAddresses: TriggerAddressesResource
  readonly allowedSenders: AllowedSendersResource
  readonly deposits: DepositsResource<"payouts">
  readonly prefund: PrefundResource

  constructor(private readonly core: CallCore) {
    this.beneficiaries = new BeneficiariesResource(core)
    this.triggerAddresses = new TriggerAddressesResource(
      core,
      "/v1/payouts/beneficiaries/{beneficiaryId}/address",
      "beneficiaryId"
    )
    this.allowedSenders = new AllowedSendersResource(
      core,
      "/v1/payouts/beneficiaries/{beneficiaryId}",
      "beneficiaryId"
    )
    this.deposits = new DepositsResource(core, "payouts")
    this.prefund = new PrefundResource(core)
  }

  /** POST /v1/payouts (300/min): exactly one of `beneficiaryId` or `beneficiary`. */
  create(
    body: PayoutCreateBody,
    opts: IdempotencyOptions = {}
  ): Promise<WithIdempotencyKey<Payout>> {
    return this.core.create({
      method: "POST",
      route: "/v1/payouts",
      body,
      bodySchema: payoutCreateBodySchema,
      idempotencyKey: opts.idempotencyKey,
      schema: payoutSchema,
    })
  }
  /** GET /v1/payouts. spec gap: query and response not shown. */
  list(query: PayoutListQuery = {}): Promise<PayoutList> {
    return this.core.request({
      method: "GET",
      route: "/v1/payouts",
      query,
      schema: payoutListSchema,
    })
  }
  /** GET /v1/payouts/{id} (600/min shared with active-banks). */
  retrieve(id: string): Promise<Payout> {
    return this.core.request({
      method: "GET",
      route: "/v1/payouts/{id}",
      params: { id },
      schema: payoutSchema,
    })
  }
  /** GET /v1/payouts/active-banks. spec gap: response not shown. */
  activeBanks(): Promise<ActiveBanks> {
    return this.core.request({
      method: "GET",
      route: "/v1/payouts/active-banks",
      schema: activeBanksSchema,
    })
  }
}
