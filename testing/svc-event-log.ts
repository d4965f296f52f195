// A test subscriber to every one of the plugin's events (docs/events.md), for a store running as
// several processes (testing/cluster.ts): each event a process's event bus hands it is appended as
// one JSON line to the file SVC_EVENT_LOG names, with the process that took it, so a test counts
// what the store's subscribers heard across the processes. Built into the examples plugin
// (testing/examples-plugin.ts, `eventLog`); without SVC_EVENT_LOG it does nothing.
import { appendFileSync } from "node:fs"
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { SvcEvents } from "medusa-payment-svc/workflows"

/** One line of the log. */
export type LoggedSvcEvent = {
  name: string
  data: Record<string, unknown>
  pid: number
  port: string | null
  mode: string | null
  at: string
}

export default async function svcEventLog({
  event,
}: SubscriberArgs<Record<string, unknown>>) {
  const file = process.env.SVC_EVENT_LOG
  if (!file) return
  const line: LoggedSvcEvent = {
    name: event.name,
    data: event.data,
    pid: process.pid,
    port: process.env.PORT ?? null,
    mode: process.env.MEDUSA_WORKER_MODE ?? null,
    at: new Date().toISOString(),
  }
  // one write with O_APPEND per line: the processes' lines do not interleave
  appendFileSync(file, JSON.stringify(line) + "\n")
}

export const config: SubscriberConfig = {
  event: Object.values(SvcEvents),
  context: { subscriberId: "svc-test-event-log" },
}
