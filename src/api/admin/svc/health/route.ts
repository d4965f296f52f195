import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { runDoctor } from "../../../../lib/doctor/doctor"

/**
 * GET /admin/svc/health: the connection doctor. API key, account type and
 * status (and what it blocks), features, sandbox or production, clock skew,
 * rate budget, the last webhook per event type and the URL to register; each
 * check ok / warn / fail with what to do. Never a secret (the key is masked).
 */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.json({ health: await runDoctor(req.scope, backendUrl(req)) })
}

/** The store's public backend address: `admin.backendUrl` when absolute, else the address this request came to. */
function backendUrl(req: AuthenticatedMedusaRequest): string {
  const config = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as {
    admin?: { backendUrl?: string }
  }
  const configured = config.admin?.backendUrl
  if (configured && /^https?:\/\//.test(configured)) return configured
  const proto = (req.get("x-forwarded-proto") ?? req.protocol ?? "http")
    .split(",")[0]!
    .trim()
  return `${proto}://${req.get("x-forwarded-host") ?? req.get("host")}`
}
