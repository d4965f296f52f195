import type { z } from "@medusajs/framework/zod"

import type { CallCore } from "../core"
import { looseJson } from "../schemas/common"
import {
  checkMissedBodySchema,
  checkMissedResultSchema,
  depositSchema,
  type CheckMissedBody,
} from "../schemas/deposits"

type Area = "wallet" | "payouts"
type Missed<A extends Area> = A extends "payouts"
  ? z.output<typeof checkMissedResultSchema>
  : z.output<typeof looseJson>
type Redriven<A extends Area> = A extends "payouts"
  ? z.output<typeof depositSchema>
  : z.output<typeof looseJson>

/**
 * Deposits of a trigger address. The payout area is fully specified; for the wallet
 * area check-missed/redrive bodies and responses are not shown (spec gap): the body is
 * assumed to be the payout one, and responses are loosely typed there.
 */
export class DepositsResource<A extends Area> {
  private readonly missedSchema: z.ZodType<Missed<A>>
  private readonly redriveSchema: z.ZodType<Redriven<A>>
  constructor(
    private readonly core: CallCore,
    private readonly area: A
  ) {
    // casts: TypeScript does not narrow the type parameter A by the value `area` (Missed<A> stays unresolved)
    this.missedSchema = (
      area === "payouts" ? checkMissedResultSchema : looseJson
    ) as z.ZodType<Missed<A>>
    this.redriveSchema = (
      area === "payouts" ? depositSchema : looseJson
    ) as z.ZodType<Redriven<A>>
  }

  /** GET /v1/{area}/deposits/{id}. */
  retrieve(id: string): Promise<z.infer<typeof depositSchema>> {
    return this.core.request({
      method: "GET",
      route: `/v1/${this.area}/deposits/{id}`,
      params: { id },
      schema: depositSchema,
    })
  }
  /** POST /v1/{area}/deposits/check-missed (EVM only: `txHash` is 0x + 64 hex). Read `status` before `depositIds`. */
  checkMissed(body: CheckMissedBody): Promise<Missed<A>> {
    return this.core.request({
      method: "POST",
      route: `/v1/${this.area}/deposits/check-missed`,
      body,
      bodySchema: checkMissedBodySchema,
      schema: this.missedSchema,
    })
  }
  /** POST /v1/{area}/deposits/{id}/redrive: bodyless, may be repeated. */
  redrive(id: string): Promise<Redriven<A>> {
    return this.core.request({
      method: "POST",
      route: `/v1/${this.area}/deposits/{id}/redrive`,
      params: { id },
      schema: this.redriveSchema,
    })
  }
}
