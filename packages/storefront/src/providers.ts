/** The three svc payment providers as Medusa names them (`pp_<identifier>_<id>`; the id is `svc` unless the store chose another). */
export const SVC_IDENTIFIERS = {
  wallet: "svc-wallet",
  fpx: "svc-fpx",
  fpxDirect: "svc-fpx-direct",
} as const

export type SvcMethod = keyof typeof SVC_IDENTIFIERS

const PATTERN = /^pp_(svc-wallet|svc-fpx|svc-fpx-direct)_[^\s]+$/

/** The svc method of a Medusa payment provider id, or null for any other provider. */
export function svcMethodOf(providerId: string | null | undefined): SvcMethod | null {
  const m = PATTERN.exec(providerId ?? "")
  if (!m) return null
  return m[1] === "svc-wallet" ? "wallet" : m[1] === "svc-fpx" ? "fpx" : "fpxDirect"
}

/** Is this one of the svc providers (`pp_svc-wallet_…`, `pp_svc-fpx_…`, `pp_svc-fpx-direct_…`)? */
export function isSvcProvider(providerId: string | null | undefined): boolean {
  return svcMethodOf(providerId) !== null
}

const TITLES: Record<SvcMethod, string> = {
  wallet: "svc wallet",
  fpx: "FPX online banking",
  fpxDirect: "FPX online banking (choose your bank)",
}

/** What a shopper reads for the provider: "svc wallet", "FPX online banking", "FPX online banking (choose your bank)"; "" for another provider. */
export function svcPaymentTitle(providerId: string | null | undefined): string {
  const m = svcMethodOf(providerId)
  return m ? TITLES[m] : ""
}

/** The provider id of a method: `svcProviderId("fpxDirect")` → `pp_svc-fpx-direct_svc`. */
export function svcProviderId(method: SvcMethod, id = "svc"): string {
  return `pp_${SVC_IDENTIFIERS[method]}_${id}`
}
