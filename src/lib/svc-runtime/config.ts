import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { parseSvcProviderOptions, type SvcProviderOptions } from "./options"
import { sharedSvcClient, type SvcAccountRuntime } from "./registry"
import { unexpectedState } from "./errors"

// The options are parsed (zod) once per config object, not on every webhook,
// route call and job run.
const parsed = new WeakMap<object, SvcProviderOptions>()
function parsedOptions(
  raw: Record<string, unknown> | undefined
): SvcProviderOptions {
  if (!raw || typeof raw !== "object") return parseSvcProviderOptions(raw)
  const o = parsed.get(raw) ?? parseSvcProviderOptions(raw)
  parsed.set(raw, o)
  return o
}

/** The runtime per parsed options object: the subscriber, job and routes ask on every call. */
const accounts = new WeakMap<
  SvcProviderOptions,
  SvcAccountRuntime & { options: SvcProviderOptions; providerKey: string }
>()

type ProviderEntry = {
  resolve?: unknown
  id?: string
  options?: Record<string, unknown>
}
type ConfigModuleLike = { modules?: Record<string, unknown> | unknown[] }

/**
 * The store routes, the webhook subscriber and the reconciliation job run in
 * Medusa's main container, not in the payment module: they find the svc
 * provider's options where the host declared them (the payment module's
 * providers in medusa-config.ts), so credentials are configured once.
 */
export function findSvcProviderConfig(
  configModule: ConfigModuleLike
): { id: string; options: SvcProviderOptions } | null {
  const modules = configModule?.modules
  const list: unknown[] = Array.isArray(modules)
    ? modules
    : Object.values(modules ?? {})
  for (const m of list) {
    const options =
      m && typeof m === "object" && "options" in m ? m.options : undefined
    const providers =
      options && typeof options === "object" && "providers" in options
        ? options.providers
        : undefined
    if (!Array.isArray(providers)) continue
    // medusa-config's entries: { resolve, id, options } (Medusa's ModuleProviderExports)
    const entries: ProviderEntry[] = providers
    for (const p of entries) {
      const r = typeof p.resolve === "string" ? p.resolve : ""
      if (
        /medusa-payment-svc(\/|$)|providers\/svc\/?$|providers\/svc\/index/.test(
          r.replace(/\\/g, "/")
        )
      ) {
        return { id: p.id ?? "svc", options: parsedOptions(p.options) }
      }
    }
  }
  return null
}

export function svcFromContainer(container: MedusaContainer) {
  const configModule = container.resolve(
    ContainerRegistrationKeys.CONFIG_MODULE
  )
  const found = findSvcProviderConfig(configModule)
  if (!found) {
    throw unexpectedState(
      "medusa-payment-svc: no svc payment provider is configured (add it to the payment module's providers in medusa-config.ts)"
    )
  }
  const account = accounts.get(found.options) ?? {
    ...sharedSvcClient(
      found.options,
      container.resolve(ContainerRegistrationKeys.LOGGER)
    ),
    options: found.options,
    providerKey: found.id,
  }
  accounts.set(found.options, account)
  // an admin's request (src/api/middlewares.ts, svcAdminCaller): its reads rank after shoppers' and are kept for seconds
  // (a read while an admin's write is handled, e.g. the balance before a withdrawal, is never a kept one)
  const caller = callerOf(container)
  if (caller === "admin" || caller === "admin-write")
    return {
      ...account,
      client: account.client.forAdmin({ keep: caller === "admin" }),
    }
  return account
}

/** The container key an admin route's request scope carries: who the svc calls of this request are for. */
export const SVC_CALLER_KEY = "svcCaller"

function callerOf(container: {
  resolve: (k: string, o?: { allowUnregistered?: boolean }) => unknown
}): unknown {
  try {
    return container.resolve(SVC_CALLER_KEY, { allowUnregistered: true })
  } catch {
    return undefined
  }
}
