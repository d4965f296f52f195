import type { CallCore } from "../core"
import {
  triggerAddressSchema,
  type TriggerAddress,
} from "../schemas/allowed-senders"

/** POST …/{ownerId}/address: bodyless, no Idempotency-Key; repeating returns the same address. */
export class TriggerAddressesResource {
  constructor(
    private readonly core: CallCore,
    private readonly route: string,
    private readonly ownerParam: "bankAccountId" | "beneficiaryId"
  ) {}
  create(ownerId: string): Promise<TriggerAddress> {
    return this.core.request({
      method: "POST",
      route: this.route,
      params: { [this.ownerParam]: ownerId },
      schema: triggerAddressSchema,
    })
  }
}
