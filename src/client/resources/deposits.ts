import type { z } from "zod"

import type { CallCore } from "../core"
import { looseJson } from "../schemas/common"
import { checkMissedBodySchema, checkMissedResultSchema, depositSchema, type CheckMissedBody } from "../schemas/deposits"

type Area = "wallet" | "payouts"

/**
 * Deposits of a trigger address. The payout area is fully specified; for the wallet
 * area check-missed/redrive bodies and responses are not shown (spec gap): the body is
 * assumed to be the payout one, and responses are loosely typed there.
 */
export class DepositsResource<A extends Area> {
  private readonly missedSchema
  private readonly redriveSchema
  constructor(
    private readonly core: CallCore,
    private readonly area: A,
  ) {
    this.missedSchema = (area === "payouts" ? checkMissedResultSchema : looseJson) as A extends "payouts" ? typeof checkMissedResultSchema : typeof looseJson
    this.redriveSchema = (area === "payouts" ? depositSchema : looseJson) as A extends "payouts" ? typeof depositSchema : typeof looseJson
  }

  /** GET /v1/{area}/deposits/{id}. */
  retrieve(id: string): Promise<z.infer<typeof depositSchema>> {
    return this.core.request({ method: "GET", route: `/v1/${this.area}/deposits/{id}`, params: { id }, schema: depositSchema })
  }
  /** POST /v1/{area}/deposits/check-missed (EVM only: `txHash` is 0x + 64 hex). Read `status` before `depositIds`. */
  checkMissed(body: CheckMissedBody): Promise<z.infer<typeof this.missedSchema>> {
    return this.core.request({ method: "POST", route: `/v1/${this.area}/deposits/check-missed`, body, bodySchema: checkMissedBodySchema, schema: this.missedSchema })
  }
  /** POST /v1/{area}/deposits/{id}/redrive: bodyless, may be repeated. */
  redrive(id: string): Promise<z.infer<typeof this.redriveSchema>> {
    return this.core.request({ method: "POST", route: `/v1/${this.area}/deposits/{id}/redrive`, params: { id }, schema: this.redriveSchema })
  }
}
