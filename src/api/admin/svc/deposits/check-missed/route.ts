import type { MedusaContainer } from "@medusajs/framework/types"
import { z } from "@medusajs/framework/zod"
import { adminDeps } from "../../../../../lib/svc-admin/context"
import {
  depositsOf,
  refreshLocked,
} from "../../../../../lib/svc-admin/deposits"
import { svcCall } from "../../../../../lib/svc-admin/errors"
import { say, spoken } from "../../../../../lib/texts"
import { AREA, depositView } from "../deposit-view"
import type { CheckMissed } from "../validators"
import { answerBody } from "../../answer"

/** What check-missed answers (the wallet area's answer is not shown: spec gap). */
const missed = z.object({ status: z.string(), depositIds: z.unknown() })

/**
 * Check a missed transaction (EVM only: `txHash` is 0x + 64 hex, spec). Read
 * `status` before `depositIds`: QUEUED means wait for the webhook (do not
 * resend); ALREADY_DETECTED lists the deposits, which are then read and stored.
 */
export async function checkMissedTransaction(
  container: MedusaContainer,
  input: CheckMissed
) {
  const area = AREA[input.area]
  const r = missed.parse(
    await svcCall("checking a missed transaction", () =>
      depositsOf(adminDeps(container).client, area).checkMissed({
        txHash: input.tx_hash,
        chainId: input.chain_id,
      })
    )
  )
  if (r.status === "QUEUED") {
    return {
      status: r.status,
      deposits: [],
      ...spoken("message", say("deposit.checkQueued")),
    }
  }
  const ids = Array.isArray(r.depositIds)
    ? r.depositIds.filter((x): x is string => typeof x === "string")
    : []
  const deposits = []
  for (const id of ids) {
    try {
      const { row } = await refreshLocked(container, area, id, "check-missed")
      deposits.push(depositView(row))
    } catch {
      deposits.push({ deposit_id: id })
    }
  }
  return {
    status: r.status,
    deposits,
    ...spoken(
      "message",
      r.status === "ALREADY_DETECTED"
        ? say("deposit.checkKnown", { n: ids.length })
        : say("deposit.checkAnswered", { status: r.status })
    ),
  }
}

/** POST /admin/svc/deposits/check-missed `{area, tx_hash, chain_id}`: EVM only (0x + 64 hex; Solana cannot be checked). */
export const POST = answerBody<CheckMissed>(checkMissedTransaction)
