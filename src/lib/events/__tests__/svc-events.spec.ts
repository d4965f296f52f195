import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { emitSvcEvent, SvcEvents } from "../svc-events"

/** A container with an event bus and a logger that record what they are given. */
function containerWith(
  emit: (e: { name: string; data: object }) => Promise<void>
) {
  const warned: string[] = []
  const registry: Record<string, unknown> = {
    [Modules.EVENT_BUS]: { emit },
    [ContainerRegistrationKeys.LOGGER]: { warn: (m: string) => warned.push(m) },
  }
  return { container: { resolve: (key: string) => registry[key] }, warned }
}

describe("the plugin's events", () => {
  it("names: unique, each under svc.", () => {
    const names = Object.values(SvcEvents)
    expect(new Set(names).size).toBe(names.length)
    expect(names.every((n) => /^svc\.[a-z_]+\.[a-z_]+$/.test(n))).toBe(true)
  })

  it("emits the name and the payload on Medusa's event bus", async () => {
    const emitted: unknown[] = []
    const { container } = containerWith(async (e) => void emitted.push(e))
    await emitSvcEvent(container, SvcEvents.WITHDRAWAL_COMPLETED, {
      id: "svcwd_1",
      withdrawal_id: "w-1",
      status: "COMPLETED",
    })
    expect(emitted).toEqual([
      {
        name: "svc.withdrawal.completed",
        data: { id: "svcwd_1", withdrawal_id: "w-1", status: "COMPLETED" },
      },
    ])
  })

  it("an event bus that fails is logged, not thrown: the transition it tells of is already recorded", async () => {
    const { container, warned } = containerWith(async () => {
      throw new Error("redis down")
    })
    await expect(
      emitSvcEvent(container, SvcEvents.PAYMENT_LINK_CREATED, {
        order_id: "o",
        payment_collection_id: "pc",
        payment_session_id: "ps",
        checkout_id: "c",
      })
    ).resolves.toBeUndefined()
    expect(warned).toEqual([
      "svc: emitting svc.payment_link.created: redis down",
    ])
  })
})
