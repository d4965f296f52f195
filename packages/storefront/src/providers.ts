import { svcText, type SvcTextOptions } from "./i18n/text.js"

/** The three svc payment providers as Medusa names them (`pp_<identifier>_<id>`; the id is `svc` unless the store chose another). */
export const SVC_IDENTIFIERS = {
  wallet: "svc-wallet",
  fpx: "svc-fpx",
  fpxDirect: "svc-fpx-direct",
} as const

export type SvcMethod = keyof typeof SVC_IDENTIFIERS

const PATTERN = /^pp_(svc-wallet|svc-fpx|svc-fpx-direct)_[^\s]+$/

/** The svc method of a Medusa payment provider id, or null for any other provider. */
export function svcMethodOf(
  providerId: string | null | undefined
): SvcMethod | null {
  const m = PATTERN.exec(providerId ?? "")
  if (!m) return null
  return m[1] === "svc-wallet"
    ? "wallet"
    : m[1] === "svc-fpx"
      ? "fpx"
      : "fpxDirect"
}

/** Is this one of the svc providers (`pp_svc-wallet_…`, `pp_svc-fpx_…`, `pp_svc-fpx-direct_…`)? */
export function isSvcProvider(providerId: string | null | undefined): boolean {
  return svcMethodOf(providerId) !== null
}

const TITLES = {
  wallet: "methodWallet",
  fpx: "methodFpx",
  fpxDirect: "methodFpxDirect",
} as const

/**
 * What a shopper reads for the provider: "svc wallet", "FPX online banking", "FPX online banking
 * (choose your bank)" (in the language of `opts`: "Perbankan Internet FPX"…); "" for another provider.
 */
export function svcPaymentTitle(
  providerId: string | null | undefined,
  opts: SvcTextOptions = {}
): string {
  const m = svcMethodOf(providerId)
  return m ? svcText(opts).t(TITLES[m]) : ""
}

/** The provider id of a method: `svcProviderId("fpxDirect")` → `pp_svc-fpx-direct_svc`. */
export function svcProviderId(method: SvcMethod, id = "svc"): string {
  return `pp_${SVC_IDENTIFIERS[method]}_${id}`
}

/** svc's page headline ends with the payment reference: `Order ARQR-DJ15-RKXH` (Crockford base32, three groups of four). */
const REFERENCE =
  /(?:^|\s)([0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4})$/

type WithData = {
  provider_id?: string | null
  data?: Record<string, unknown> | null
}
type WithPayments = WithData & {
  payment_collection?: {
    payments?: WithData[] | null
    payment_sessions?: WithData[] | null
  } | null
  payment_collections?:
    | { payments?: WithData[] | null; payment_sessions?: WithData[] | null }[]
    | null
}

/**
 * The payment reference the shopper saw on svc's page ("Order ARQR-DJ15-RKXH" → "ARQR-DJ15-RKXH"),
 * from an svc payment or payment session (its `data.title`), or from an order or cart holding one
 * (the store API returns `payment_collections.payments.data` with `*payment_collections.payments`,
 * as the Next.js starter's order page reads it). The last svc one wins; null when there is none.
 */
export function svcPaymentReference(
  source: WithPayments | null | undefined
): string | null {
  if (!source) return null
  const cols = [
    ...(source.payment_collections ?? []),
    ...(source.payment_collection ? [source.payment_collection] : []),
  ]
  const candidates: WithData[] = [
    source,
    ...cols.flatMap((c) => [
      ...(c.payment_sessions ?? []),
      ...(c.payments ?? []),
    ]),
  ]
  let found: string | null = null
  for (const c of candidates) {
    if (c.provider_id != null && !isSvcProvider(c.provider_id)) continue
    const title = c.data?.title
    const m = typeof title === "string" ? REFERENCE.exec(title.trim()) : null
    if (m) found = m[1]!
  }
  return found
}
