/**
 * The doctor from a shell (`npx medusa-payment-svc doctor`, `… support-bundle`:
 * bin/medusa-payment-svc.js runs src/scripts/svc-doctor.ts through `medusa exec`
 * inside the store). The support bundle is one JSON file a merchant attaches to
 * a support request: the doctor's report, the plugin's options with every
 * secret masked, the last hour's svc events (no bodies) and storefront
 * refusals; the bin adds the versions. The whole text passes redactSecrets
 * with the options' own secrets before it is written.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { svcModuleFrom } from "../../modules/svc"
import type { SvcProviderOptions } from "../svc-runtime/options"
import { ulidTime, UNKNOWN_TYPES_RESOURCE } from "../webhooks/webhook-guard"
import { maskApiKey, type DoctorReport } from "./doctor"
import { redactSecrets, secretsOf } from "./jobs"

/** Events of the last hour listed at most (of each table). */
export const BUNDLE_EVENTS_MAX = 500

/** The options as the bundle shows them: the API key masked as the doctor does, every other secret only "set". */
export function maskOptions(
  options: SvcProviderOptions
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(options)) {
    if (v === undefined) continue
    if (k === "apiKey") out[k] = maskApiKey(String(v))
    else if (k === "privateKey" || k === "webhookToken" || k === "keyId")
      out[k] = `(set, ${String(v).length} characters)`
    else if (k === "redisUrl")
      out[k] = String(v).replace(/^(rediss?:\/\/[^:/@]*:)[^@]+@/, "$1[secret]@")
    else out[k] = v
  }
  return out
}

export type SupportBundle = {
  kind: "medusa-payment-svc support bundle"
  generated_at: string
  doctor: DoctorReport
  options: Record<string, unknown>
  /** svc's events received in the last hour (ids, types, what the plugin did; never a body). */
  events_last_hour:
    | {
        webhook: Record<string, unknown>[]
        inbox: Record<string, unknown>[]
        max_each: number
      }
    | { error: string }
  /** Payment sessions refused in the last hour (from the doctor's report; this process's counts unless the store has Redis). */
  refusals_last_hour: DoctorReport["storefront_refusals"]
}

/** The bundle's content (not yet redacted: bundleText does it). */
export async function supportBundle(
  container: MedusaContainer,
  options: SvcProviderOptions,
  doctor: DoctorReport,
  now = Date.now()
): Promise<SupportBundle> {
  let events: SupportBundle["events_last_hour"]
  try {
    const from = ulidTime(now - 3_600_000)
    const e = await svcModuleFrom(container)!.eventsFromIds(
      `svcwh_${from}`,
      `svcin_${from}`,
      UNKNOWN_TYPES_RESOURCE,
      BUNDLE_EVENTS_MAX
    )
    events = { ...e, max_each: BUNDLE_EVENTS_MAX }
  } catch (err) {
    events = { error: `could not read the events: ${(err as Error).message}` }
  }
  return {
    kind: "medusa-payment-svc support bundle",
    generated_at: new Date(now).toISOString(),
    doctor,
    options: maskOptions(options),
    events_last_hour: events,
    refusals_last_hour: doctor.storefront_refusals,
  }
}

/** The JSON text to write: indented, and with every secret of the options (and anything that looks like one) redacted. */
export function bundleText(
  value: unknown,
  options: SvcProviderOptions | null
): string {
  return redactSecrets(JSON.stringify(value, null, 2), secretsOf(options))
}
