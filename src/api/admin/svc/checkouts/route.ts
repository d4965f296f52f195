import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { SVC_MODULE } from "../../../../modules/svc"
import type SvcModuleService from "../../../../modules/svc/service"
import type { AttentionQuery } from "../validators"
import type { InferTypeOf } from "@medusajs/framework/types"
import type SvcCheckout from "../../../../modules/svc/models/svc-checkout"

import {
  PAYMENT_MODE_NAMES,
  paymentModeOfType,
} from "../reports/einvoice/myinvois"
import { mytTimestamp } from "../reports/csv"
import { codesOf } from "../../../../lib/texts"
import { z } from "@medusajs/framework/zod"
import { answerQuery } from "../answer"
import { graphOne } from "../../../../lib/medusa-data/medusa-reads"

type SvcCheckoutRow = InferTypeOf<typeof SvcCheckout>
type OrderCheckouts = {
  svc_checkouts?: SvcCheckoutRow[]
  payment_collections?: { svc_checkouts?: SvcCheckoutRow[] }[]
}

/**
 * GET /admin/svc/checkouts: svc checkouts with their status history, for the
 * order payment panel (`?order_id=`) and the "needs attention" list
 * (`?attention=true`: paid after cancel, failed after order, ...).
 * Never returns credentials; idempotency keys are shown (they are not secrets).
 * `attention_reason`, `failure_reason` and each status history entry's `detail`
 * come with their `_code` and `_params` when the server's catalogue knows the
 * sentence (docs/admin.md#languages).
 */
export const GET = answerQuery<AttentionQuery>(async (scope, q) => {
  const svcModule = scope.resolve<SvcModuleService>(SVC_MODULE)
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  let checkouts: SvcCheckoutRow[]
  if (q.order_id) {
    // the order's checkouts and its collections' (links in src/links): a checkout whose
    // session Medusa deleted (a lasting link's expired one) stays the order's
    const order = await graphOne<OrderCheckouts>(query, "order", q.order_id, [
      "svc_checkouts.*",
      "payment_collections.svc_checkouts.*",
    ])
    const byId = new Map<string, SvcCheckoutRow>()
    for (const c of [
      ...(order?.svc_checkouts ?? []),
      ...(order?.payment_collections ?? []).flatMap(
        (pc) => pc.svc_checkouts ?? []
      ),
    ])
      if (q.attention !== "true" || c.attention) byId.set(c.id, c)
    checkouts = [...byId.values()]
      .sort((a, b) => +new Date(b.created_at) - +new Date(a.created_at))
      .slice(0, q.limit)
  } else {
    checkouts = await svcModule.listSvcCheckouts(
      q.attention === "true" ? { attention: { $ne: null } } : {},
      { take: q.limit, order: { created_at: "DESC" } }
    )
  }
  const ids = checkouts
    .map((c) => c.checkout_id)
    .filter((x): x is string => !!x)
  const events = ids.length
    ? await svcModule.listSvcWebhookEvents(
        { resource_id: ids },
        { take: 200, order: { created_at: "DESC" } }
      )
    : []
  // the e-invoice data of each (docs/einvoice.md): MyInvois payment mode, svc's reference, time paid in Malaysian time
  const withEinvoice = checkouts.map((c) => {
    const mode = paymentModeOfType(c.type)
    return {
      ...c,
      // the code and values of the stored reasons, for the admin's language (src/lib/texts)
      ...codesOf("attention_reason", c.attention_reason),
      ...codesOf("failure_reason", c.failure_reason),
      status_history: {
        ...c.status_history,
        entries: historyEntries(c.status_history).map((e) => ({
          ...e,
          ...codesOf("detail", typeof e.detail === "string" ? e.detail : null),
        })),
      },
      payment_mode: mode,
      payment_mode_name: mode ? PAYMENT_MODE_NAMES[mode] : null,
      svc_reference: c.checkout_id,
      paid_at_myt: c.paid_at
        ? mytTimestamp(new Date(c.paid_at).getTime())
        : null,
    }
  })
  return { checkouts: withEinvoice, webhook_events: events }
})

/** The entries of a checkout's status history (src/modules/svc/checkout-ledger.ts): `{status, at, source, detail?}`. */
const historyEntries = (history: unknown) =>
  z
    .object({ entries: z.array(z.record(z.string(), z.unknown())) })
    .catch({ entries: [] })
    .parse(history).entries
