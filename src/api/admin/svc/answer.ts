import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"

/** A route that answers what `read` reads, for the admin's pages (no input of its own). */
export const answer =
  (
    read: (
      scope: MedusaContainer,
      req: AuthenticatedMedusaRequest
    ) => Promise<object>
  ) =>
  async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
    res.json(await read(req.scope, req))
  }
