import { FPX_RETAIL_MAX_SEN } from "./fpx-rules.js"
import { storeError } from "./errors.js"
import { svcText, type SvcTextOptions } from "./i18n/text.js"
import type { StoreSdk } from "./sdk.js"

/** One FPX bank as `GET /store/svc/fpx-banks` returns it; `name` is svc's `displayName`. */
export type FpxBank = {
  code: string
  name: string
  display_name?: string
  bank_name?: string
  logo_url: string
  /** svc's type code: "01" personal (retail), "02" corporate */
  type?: string
  bank_type: "RETAIL" | "CORPORATE"
  active: boolean
}

export type FpxBankList = {
  retail: FpxBank[]
  corporate: FpxBank[]
  /** FPX's cap on one personal-banking payment in sen, as the store is configured (default RM30,000). */
  retail_max_sen: number
}

/**
 * The FPX banks for FPX direct, grouped as the store route returns them.
 * `includeInactive` keeps offline banks in the list (`active: false`) so a
 * picker shows them disabled instead of dropping them.
 */
export async function listFpxBanks(
  sdk: StoreSdk,
  opts: { includeInactive?: boolean } & SvcTextOptions = {}
): Promise<FpxBankList> {
  let body: Partial<FpxBankList>
  try {
    body = await sdk.client.fetch<Partial<FpxBankList>>(
      "/store/svc/fpx-banks",
      {
        query: opts.includeInactive ? { include_inactive: true } : {},
      }
    )
  } catch (e) {
    throw storeError(e, "banksUnavailable", svcText(opts))
  }
  return {
    retail: body.retail ?? [],
    corporate: body.corporate ?? [],
    retail_max_sen:
      typeof body.retail_max_sen === "number"
        ? body.retail_max_sen
        : FPX_RETAIL_MAX_SEN,
  }
}

/** A search as `filterFpxBanks` compares it: lower case, accents dropped, runs of spaces as one. */
function searchable(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
}

/**
 * The banks whose name holds `query` anywhere, ignoring case (and accents, and extra
 * spaces), in their order; an empty query keeps them all. Offline banks are kept
 * (a picker shows them disabled): PayNet wants every issuer offered.
 */
export function filterFpxBanks<B extends Pick<FpxBank, "name">>(
  banks: readonly B[],
  query: string
): B[] {
  const q = searchable(query)
  return q ? banks.filter((b) => searchable(b.name).includes(q)) : [...banks]
}
