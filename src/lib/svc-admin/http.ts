import type { AuthenticatedMedusaRequest } from "@medusajs/framework/http"

/** The container, the actor, a path id of the token-transfer routes. */
export const scope = (req: AuthenticatedMedusaRequest) => req.scope
export const actor = (req: AuthenticatedMedusaRequest) =>
  req.auth_context?.actor_id
export const param = (req: AuthenticatedMedusaRequest, name: string) =>
  String(req.params[name])
