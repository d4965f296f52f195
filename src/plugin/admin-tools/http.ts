import type { AuthenticatedMedusaRequest } from "@medusajs/framework/http"
import { z } from "zod"
import type { Container } from "./context"
import { parseAdmin, svcId } from "./input"
import type { Owner } from "./trigger-addresses"

/** What the admin routes share: the container, the actor, path ids checked before any svc call. */
export const scope = (req: AuthenticatedMedusaRequest) => req.scope as unknown as Container
export const actor = (req: AuthenticatedMedusaRequest) => req.auth_context?.actor_id

export function pathId(req: AuthenticatedMedusaRequest, name: string, what: string): string {
  return parseAdmin(z.object({ [name]: svcId(what) }).passthrough(), req.params)[name] as string
}

export function ownerOf(req: AuthenticatedMedusaRequest, type: Owner["type"]): Owner {
  return { type, id: pathId(req, "id", type === "BANK_ACCOUNT" ? "a linked bank account" : "a beneficiary") }
}
