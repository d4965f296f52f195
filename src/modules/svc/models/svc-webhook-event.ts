import { model } from "@medusajs/framework/utils"

/**
 * Every svc webhook the store received: for audit and de-duplication. The body
 * is never trusted (the envelope is not in the spec); `outcome` records what the
 * plugin did after re-reading the resource from svc.
 */
const SvcWebhookEvent = model
  .define("svc_webhook_event", {
    id: model.id({ prefix: "svcwh" }).primaryKey(),
    event_id: model.text().nullable(),
    event_type: model.text().nullable(),
    resource_id: model.text().nullable(),
    provider: model.text().nullable(),
    outcome: model.text().nullable(),
    detail: model.text().nullable(),
    payload: model.json().nullable(),
  })
  .indexes([{ on: ["event_id"] }, { on: ["resource_id"] }])

export default SvcWebhookEvent
