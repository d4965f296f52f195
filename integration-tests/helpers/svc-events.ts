// The plugin's own events as a test hears them: a collector subscribed on the app's event bus
// (Medusa's Modules.EVENT_BUS, as a store's subscriber would be) to every name in SvcEvents.
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  SvcEvents,
  type SvcEventData,
  type SvcEventName,
} from "../../src/workflows"

type Heard = { name: SvcEventName; data: Record<string, unknown> }
type Bus = {
  subscribe: (
    name: string,
    fn: (e: { name: string; data: unknown }) => Promise<void>,
    ctx?: { subscriberId: string }
  ) => unknown
  unsubscribe: (
    name: string,
    fn: (e: { name: string; data: unknown }) => Promise<void>,
    ctx?: { subscriberId: string }
  ) => unknown
}

export type SvcEventCollector = {
  /** Every event heard since the start (or the last clear), in order. */
  all: () => Heard[]
  /** The payloads heard of one event. */
  of: <N extends SvcEventName>(name: N) => SvcEventData[N][]
  clear: () => void
  /** Waits for what was emitted to be delivered (the local bus delivers on a later tick). */
  settle: (ms?: number) => Promise<void>
  stop: () => void
}

let n = 0

/** Subscribes to every plugin event on `container`'s event bus; `stop()` unsubscribes. */
export function collectSvcEvents(
  container: MedusaContainer
): SvcEventCollector {
  const bus = container.resolve(Modules.EVENT_BUS) as Bus
  const heard: Heard[] = []
  const subscriberId = `svc-events-test-${++n}`
  const fn = async (e: { name: string; data: unknown }) => {
    heard.push({
      name: e.name as SvcEventName,
      data: e.data as Record<string, unknown>,
    })
  }
  const names = Object.values(SvcEvents)
  for (const name of names) bus.subscribe(name, fn, { subscriberId })
  return {
    all: () => [...heard],
    of: <N extends SvcEventName>(name: N) =>
      heard
        .filter((h) => h.name === name)
        .map((h) => h.data as SvcEventData[N]),
    clear: () => void heard.splice(0),
    settle: (ms = 100) => new Promise((r) => setTimeout(r, ms)),
    stop: () => {
      for (const name of names) bus.unsubscribe(name, fn, { subscriberId })
    },
  }
}

/** The one event a payment that failed after its order was placed tells: what the order became. */
export const failedAfterOrderEvent = (
  x: { orderId: string; checkoutId: string; sessionId: string },
  orderAction: "flagged" | "canceled"
) => ({
  name: SvcEvents.PAYMENT_FAILED_AFTER_ORDER,
  data: {
    order_id: x.orderId,
    checkout_id: x.checkoutId,
    payment_session_id: x.sessionId,
    status: "FAILED",
    order_action: orderAction,
  },
})
