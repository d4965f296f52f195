import type { CallCore } from "../core"
import {
  allowedSenderCreateBodySchema,
  allowedSenderListSchema,
  allowedSenderSchema,
  allowedSenderUpdateBodySchema,
  successSchema,
  type AllowedSender,
  type AllowedSenderCreateBody,
  type AllowedSenderUpdateBody,
  type SuccessResult,
} from "../schemas/allowed-senders"

/**
 * Allowed senders of a trigger address, for either area (spec: Wallet and Payout
 * trigger addresses). `base` is the owner's route, e.g. `/v1/wallet/bank-accounts/{ownerId}`.
 */
export class AllowedSendersResource {
  private readonly list_: string
  private readonly one: string
  constructor(
    private readonly core: CallCore,
    base: string,
    private readonly ownerParam: "bankAccountId" | "beneficiaryId"
  ) {
    this.list_ = `${base}/address/whitelist`
    this.one = `${base}/address/whitelist/{senderId}`
  }

  /** GET …/address/whitelist: oldest first, disabled ones included. */
  list(ownerId: string): Promise<AllowedSender[]> {
    return this.core.request({
      method: "GET",
      route: this.list_,
      params: { [this.ownerParam]: ownerId },
      schema: allowedSenderListSchema,
    })
  }
  /** POST …/address/whitelist (201). */
  create(
    ownerId: string,
    body: AllowedSenderCreateBody
  ): Promise<AllowedSender> {
    return this.core.request({
      method: "POST",
      route: this.list_,
      params: { [this.ownerParam]: ownerId },
      body,
      bodySchema: allowedSenderCreateBodySchema,
      schema: allowedSenderSchema,
    })
  }
  /** PATCH …/address/whitelist/{senderId}: `{active}` disables or enables. */
  update(
    ownerId: string,
    senderId: string,
    body: AllowedSenderUpdateBody
  ): Promise<AllowedSender> {
    return this.core.request({
      method: "PATCH",
      route: this.one,
      params: { [this.ownerParam]: ownerId, senderId },
      body,
      bodySchema: allowedSenderUpdateBodySchema,
      schema: allowedSenderSchema,
    })
  }
  /** DELETE …/address/whitelist/{senderId}: bodyless, signs only @method and @path. */
  remove(ownerId: string, senderId: string): Promise<SuccessResult> {
    return this.core.request({
      method: "DELETE",
      route: this.one,
      params: { [this.ownerParam]: ownerId, senderId },
      schema: successSchema,
    })
  }
}
