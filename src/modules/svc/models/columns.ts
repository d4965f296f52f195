import { model } from "@medusajs/framework/utils"

// Column sets several tables share, spread into `model.define` (functions: each
// table gets its own column builders).

/**
 * A money request the admin (or an API caller) makes: the Idempotency-Key stored
 * before svc is called, and the admin form's own `request_id` (optional), unique
 * through `requestIdIndex` so the same request sent again is one request.
 */
export const requestKeyColumns = () => ({
  idempotency_key: model.text().unique(),
  request_id: model.text().nullable(),
})
export const requestIdIndex = {
  on: ["request_id" as const],
  unique: true,
  where: "request_id IS NOT NULL",
}

/**
 * A request to svc written before it is sent: CREATING until svc answers, then
 * svc's own status; every status seen is kept in `status_history`.
 */
export const svcStatusColumns = () => ({
  status: model.text().default("CREATING"),
  status_history: model.json().default({ entries: [] }),
})

/** Set when money moved in a way an admin must look at (`attention` the kind, `attention_reason` the detail). */
export const attentionColumns = () => ({
  attention: model.text().nullable(),
  attention_reason: model.text().nullable(),
})

/** Why the request failed, and which admin made it. */
export const requestOutcomeColumns = () => ({
  failure_reason: model.text().nullable(),
  requested_by: model.text().nullable(),
})
