// The connection doctor and the support bundle from a shell, inside the store (its medusa-config,
// its database). Run by `npx medusa-payment-svc doctor` / `support-bundle` (bin/medusa-payment-svc.js),
// which reads the result from the file named in SVC_DOCTOR_OUT; also runnable by hand:
//
//   npx medusa exec ./node_modules/medusa-payment-svc/.medusa/server/src/scripts/svc-doctor.js [support-bundle]
//
// (then the report is logged). No secret is written: the text passes bundleText (the options'
// secrets, API keys, PEM keys, URL passwords and the webhook token redacted).
import { writeFileSync } from "node:fs"
import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { runDoctor } from "../lib/doctor/doctor"
import { bundleText, supportBundle } from "../lib/doctor/support-bundle"
import { svcFromContainer } from "../lib/svc-runtime/config"

export default async function svcDoctorScript({
  container,
  args,
}: ExecArgs): Promise<void> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const command = process.env.SVC_DOCTOR_COMMAND ?? args?.[0] ?? "doctor"
  if (command !== "doctor" && command !== "support-bundle")
    throw new Error(`unknown command ${command}: doctor or support-bundle`)
  const { options } = svcFromContainer(container)
  const report = await runDoctor(container, backendUrl(container))
  const value =
    command === "support-bundle"
      ? await supportBundle(container, options, report)
      : report
  const text = bundleText(value, options)
  const out = process.env.SVC_DOCTOR_OUT
  if (out) writeFileSync(out, text, { mode: 0o600 })
  else logger.info(`medusa-payment-svc ${command}:\n${text}`)
}

/** The store's public backend address: `admin.backendUrl` when absolute, else MEDUSA_BACKEND_URL, else localhost on PORT. */
function backendUrl(container: ExecArgs["container"]): string {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as {
    admin?: { backendUrl?: string }
  }
  const configured = config.admin?.backendUrl
  if (configured && /^https?:\/\//.test(configured))
    return configured.replace(/\/+$/, "")
  if (
    process.env.MEDUSA_BACKEND_URL &&
    /^https?:\/\//.test(process.env.MEDUSA_BACKEND_URL)
  )
    return process.env.MEDUSA_BACKEND_URL.replace(/\/+$/, "")
  return `http://localhost:${process.env.PORT ?? 9000}`
}
