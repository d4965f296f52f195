// The demo's line per plugin event: one subscriber to every name of SvcEvents (docs/events.md),
// which writes each event the bus hands it to Medusa's log as one line, its name and its payload's
// ids and statuses:
//
//   svc event svc.refund_payout.sent: id=svcpo_… payout_id=PO… refund_id=refu_… payment_id=pay_… order_id=order_…
//
// The plugin's payloads carry ids, never secrets; a field that is not an id or a status (one a
// later version might add) is left out, and a value that does not look like an id is not shown.
// Built with docs/examples' subscribers into the demo's local plugin (demo/plugin.ts).
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { SvcEvents } from "medusa-payment-svc/workflows"

const SHOWN_KEY = /^(id|[a-z_]+_id|status|order_action)$/
const ID_LIKE = /^[A-Za-z0-9_.:-]{1,120}$/

/** The log line of one event: `svc event <name>: key=value …` (ids and statuses only). */
export function svcEventLine(name: string, data: unknown): string {
  const fields =
    data && typeof data === "object"
      ? Object.entries(data as Record<string, unknown>)
          .filter(([key]) => SHOWN_KEY.test(key))
          .map(([key, value]) => `${key}=${value == null ? "null" : typeof value === "string" && ID_LIKE.test(value) ? value : "(not shown)"}`)
      : []
  return `svc event ${name}${fields.length ? `: ${fields.join(" ")}` : ""}`
}

export default async function svcEventsLog({ event, container }: SubscriberArgs<Record<string, unknown>>) {
  container.resolve(ContainerRegistrationKeys.LOGGER).info(svcEventLine(event.name, event.data))
}

export const config: SubscriberConfig = { event: Object.values(SvcEvents), context: { subscriberId: "svc-demo-events-log" } }
