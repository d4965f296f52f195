import { generateEntityId } from "@medusajs/framework/utils"
import { isKnownWebhookEventType, ulidTime } from "../webhook-guard"

describe("webhook guard", () => {
  it("known event types only", () => {
    expect(isKnownWebhookEventType("checkout.updated")).toBe(true)
    expect(isKnownWebhookEventType("payout.prefund_completed")).toBe(true)
    expect(isKnownWebhookEventType("checkout.completed")).toBe(false)
    expect(isKnownWebhookEventType(undefined)).toBe(false)
  })

  it("ulidTime gives the time prefix Medusa's ids sort by", () => {
    const before = ulidTime(Date.now())
    const id = generateEntityId(undefined, "svcwh")
    const after = ulidTime(Date.now())
    const time = id.slice("svcwh_".length, "svcwh_".length + 10)
    expect(time >= before && time <= after).toBe(true)
    expect(`svcwh_${ulidTime(Date.now() - 86_400_000)}` < id).toBe(true)
  })
})
