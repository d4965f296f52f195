// The connection doctor and the support bundle from a shell, inside the store (its medusa-config,
// its database). Run by `npx medusa-payment-svc doctor` / `support-bundle` (bin/medusa-payment-svc.js),
// which reads the result from the file named in SVC_DOCTOR_OUT; also runnable by hand:
//
//   npx medusa exec ./node_modules/medusa-payment-svc/.medusa/server/src/scripts/svc-doctor.js [support-bundle]
//
// (then the report is logged). The support bundle is one JSON file a merchant attaches to a support
// request: the doctor's report, the plugin's options with every secret masked, the last hour's svc
// events (no bodies) and storefront refusals; the bin adds the versions. No secret is written: the
// text passes bundleText (the options' secrets, API keys, PEM keys, URL passwords and the webhook
// token redacted).
import { writeFileSync } from "node:fs"
import type { ExecArgs, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  maskApiKey,
  runDoctor,
  type DoctorReport,
} from "../api/admin/svc/health/doctor"
import { redactSecrets, secretsOf } from "../jobs/_heartbeat"
import { SVC_MODULE, type SvcModuleService } from "../modules/svc"
import { svcFromContainer } from "../lib/svc-runtime/config"
import type { SvcProviderOptions } from "../lib/svc-runtime/options"
import {
  ulidTime,
  UNKNOWN_TYPES_RESOURCE,
} from "../api/hooks/svc/webhook-guard"

/** Events of the last hour listed at most (of each table). */
const BUNDLE_EVENTS_MAX = 500

export default async function svcDoctorScript({
  container,
  args,
}: ExecArgs): Promise<void> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const command = process.env.SVC_DOCTOR_COMMAND ?? args?.[0] ?? "doctor"
  if (command !== "doctor" && command !== "support-bundle")
    throw new Error(`unknown command ${command}: doctor or support-bundle`)
  const { options } = svcFromContainer(container)
  const report = await runDoctor(container)
  const value =
    command === "support-bundle"
      ? await supportBundle(container, options, report)
      : report
  const text = bundleText(value, options)
  const out = process.env.SVC_DOCTOR_OUT
  if (out) writeFileSync(out, text, { mode: 0o600 })
  else logger.info(`medusa-payment-svc ${command}:\n${text}`)
}

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

/** The bundle's content (not yet redacted: bundleText does it). */
async function supportBundle(
  container: MedusaContainer,
  options: SvcProviderOptions,
  doctor: DoctorReport,
  now = Date.now()
) {
  const from = ulidTime(now - 3_600_000)
  // svc's events received in the last hour (ids, types, what the plugin did; never a body)
  const events = await container
    .resolve<SvcModuleService>(SVC_MODULE)
    .eventsFromIds(
      `svcwh_${from}`,
      `svcin_${from}`,
      UNKNOWN_TYPES_RESOURCE,
      BUNDLE_EVENTS_MAX
    )
    .then(
      (e) => ({ ...e, max_each: BUNDLE_EVENTS_MAX }),
      (err: unknown) => ({
        error: `could not read the events: ${err instanceof Error ? err.message : String(err)}`,
      })
    )
  return {
    kind: "medusa-payment-svc support bundle",
    generated_at: new Date(now).toISOString(),
    doctor,
    options: maskOptions(options),
    events_last_hour: events,
    // payment sessions refused in the last hour (this process's counts unless the store has Redis)
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
