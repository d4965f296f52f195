import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { SvcCatalog } from "../../../../lib/svc-runtime/catalog"
import { svcFromContainer } from "../../../../lib/svc-runtime/config"
import { SvcError } from "../../../../client/errors"

/**
 * GET /store/svc/fpx-banks: the FPX banks a shopper can pick for FPX direct,
 * grouped retail (type 01) and corporate (02), active banks only unless
 * `?include_inactive=true` (a storefront may show offline banks disabled).
 * Read from svc and cached about an hour (svc itself caches it that long).
 * `retail_max_sen`: FPX's cap on one personal-banking payment, in sen.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const includeInactive = String(req.query.include_inactive ?? "") === "true"
  let banks: Awaited<ReturnType<SvcCatalog["fpxBanks"]>>
  let retailMaxSen: number
  try {
    const { catalog, options } = svcFromContainer(req.scope)
    retailMaxSen = options.fpxRetailMaxSen
    banks = await catalog.fpxBanks()
  } catch (e) {
    const o = e instanceof SvcError ? e : null
    res.status(502).json({
      code: "svc_banks_unavailable",
      message:
        "The list of FPX banks cannot be loaded from svc right now; please try again in a minute or choose another payment method.",
      ...(o?.code ? { svc_code: o.code } : {}),
      ...(o?.requestId ? { svc_request_id: o.requestId } : {}),
    })
    return
  }
  const shown = banks
    .filter((b) => includeInactive || b.active)
    .map((b) => ({
      code: b.code,
      name: b.displayName || b.name,
      display_name: b.displayName,
      bank_name: b.name,
      logo_url: b.logoUrl,
      type: b.type,
      bank_type: b.type === "02" ? "CORPORATE" : "RETAIL",
      active: b.active,
    }))
    .sort((a, b) => a.name.localeCompare(b.name))
  res.setHeader("Cache-Control", "public, max-age=300")
  res.json({
    retail: shown.filter((b) => b.type === "01"),
    corporate: shown.filter((b) => b.type === "02"),
    // FPX's cap on one personal-banking payment (option fpxRetailMaxSen): a
    // storefront disables personal banking above it with the provider's sentence
    retail_max_sen: retailMaxSen,
  })
}
