import { SvcClient } from "../../client"
import { findSvcProviderConfig } from "./config"
import { loadPrivateKey, urlOf } from "./options"
import { svcFields } from "./errors"

type Logger = { info: (m: string) => void; warn: (m: string) => void }
type ConfigLike = Parameters<typeof findSvcProviderConfig>[0] & {
  projectConfig?: { workerMode?: string }
}

export type ProbeOutcome =
  | { kind: "ok"; account: { id: string; name: string; status: string } }
  | {
      kind: "credentials" | "base-url" | "unreachable" | "account" | "svc-error"
      status: number
    }
  | {
      kind: "skipped"
      why: "server-mode" | "not-configured" | "already-probed"
    }

/** The budget of the one startup call: short, no retry (the boot does not wait for it). */
export const PROBE_TIMEOUT_MS = 5_000

const probed = new Set<string>()

/** What svc's answer to the probe says is wrong, by its HTTP status. */
const KIND_OF_STATUS: Record<number, "credentials" | "base-url" | "account"> = {
  401: "credentials",
  404: "base-url",
  403: "account",
}

/**
 * One `GET /v1/health` when the app starts (worker and shared instances: one
 * warning per deployment's workers, not per HTTP server), so a wrong setup is
 * in the log before the first shopper meets it. Options were validated when the
 * payment module loaded (the key parses and fits `algorithm`, `baseUrl` has no
 * /v1); what only svc can say is checked here. The outcome is logged once per
 * process and account; nothing is thrown.
 *
 * svc checks only the API key on a GET (spec: Authentication, "GET requests need
 * only the API key"): `keyId`, the key and `algorithm` are checked by svc on the
 * first write, so a 401 here names the API key first and the rest as the set
 * registered with it.
 */
export async function probeSvcHealth({
  configModule,
  logger,
}: {
  configModule: ConfigLike
  logger: Logger
}): Promise<ProbeOutcome> {
  const mode = configModule?.projectConfig?.workerMode ?? "shared"
  if (mode === "server") return { kind: "skipped", why: "server-mode" }
  let found: ReturnType<typeof findSvcProviderConfig>
  try {
    found = findSvcProviderConfig(configModule)
  } catch {
    // Invalid options already stopped the payment module with the reason.
    return { kind: "skipped", why: "not-configured" }
  }
  if (!found) {
    logger.warn(
      "medusa-payment-svc: no svc payment provider is configured: add medusa-payment-svc/providers/svc to the payment module's providers in medusa-config.ts (README, Install into a store)"
    )
    return { kind: "skipped", why: "not-configured" }
  }
  const o = found.options
  const once = `${o.baseUrl}\n${o.apiKey}`
  if (probed.has(once)) return { kind: "skipped", why: "already-probed" }
  probed.add(once)

  const base = displayUrl(o.baseUrl)
  const client = new SvcClient({
    ...o,
    privateKey: loadPrivateKey(o),
    timeoutMs: PROBE_TIMEOUT_MS,
    maxRetries: 0,
  })
  try {
    const { id, name, status } = (await client.health()).account
    if (status !== "ACTIVE") {
      logger.warn(
        `medusa-payment-svc: svc at ${base} says the account ${name} (${id}) is ${status}, not ACTIVE: payments will be refused until svc activates it`
      )
      return { kind: "account", status: 200 }
    }
    logger.info(
      `medusa-payment-svc: svc at ${base} accepted the API key (account ${name}, ${id})`
    )
    return { kind: "ok", account: { id, name, status } }
  } catch (e) {
    const err = svcFields(e)
    const ref = err.requestId ? `, svc requestId ${err.requestId}` : ""
    const status = err.status ?? 0
    const after =
      "Shoppers are told svc payment is unavailable until this is fixed."
    const timeout = err.name === "SvcTimeoutError"
    const kind =
      err.name === "SvcConnectionError" || timeout || status === 0
        ? "unreachable"
        : (KIND_OF_STATUS[status] ?? "svc-error")
    const said = {
      unreachable: `could not reach svc at ${base} (${err.message ?? err.code ?? "no answer"}${timeout ? `, ${PROBE_TIMEOUT_MS} ms at startup` : ""}): check the provider option \`baseUrl\` and that svc is reachable from this server. ${after}`,
      credentials: `svc at ${base} refused the credentials (GET /v1/health answered 401 ${err.code ?? "UNAUTHORIZED"}${ref}): check the provider option \`apiKey\`, and that \`keyId\`, \`privateKey\`/\`privateKeyPath\` and \`algorithm\` are the ones registered with that API key (svc checks the signature only on writes). ${after}`,
      "base-url": `${base} has no svc API (GET /v1/health answered 404${ref}): check the provider option \`baseUrl\`: the svc base address, without /v1 (the client adds it). ${after}`,
      account: `svc at ${base} refused the account (403 ${err.code ?? ""}${ref}): ${err.message ?? ""}. ${after}`,
      "svc-error": `svc at ${base} answered ${status} ${err.code ?? ""} to GET /v1/health${ref}; payments will try again when shoppers pay`,
    }
    logger.warn(`medusa-payment-svc: ${said[kind]}`)
    return { kind, status }
  } finally {
    await Promise.resolve(client.close()).catch(() => undefined)
  }
}

/** The base address without user info or query (for logs and the doctor); `invalid` when it is not a URL. */
export function displayUrl(u: string, invalid = "(baseUrl)"): string {
  const x = urlOf(u)
  return x
    ? `${x.protocol}//${x.host}${x.pathname.replace(/\/+$/, "")}`
    : invalid
}

/** For tests: forget which accounts were probed in this process. */
export function resetProbeMemory(): void {
  probed.clear()
}
