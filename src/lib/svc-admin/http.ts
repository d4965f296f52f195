import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  addAllowedSender,
  createTriggerAddress,
  listAllowedSenders,
  type Owner,
  removeAllowedSender,
  setAllowedSenderActive,
} from "./trigger-addresses"

/**
 * What the admin routes share: the container, the actor, a path id. Path ids,
 * bodies and queries are checked before the handler runs (src/api/middlewares.ts).
 */
export const scope = (req: AuthenticatedMedusaRequest) => req.scope
export const actor = (req: AuthenticatedMedusaRequest) =>
  req.auth_context?.actor_id
export const param = (req: AuthenticatedMedusaRequest, name: string) =>
  String(req.params[name])

type Req<Body = unknown> = AuthenticatedMedusaRequest<Body>

/**
 * The routes of a trigger address and its allowed senders, the same under
 * /admin/svc/bank-accounts/:id and /admin/svc/beneficiaries/:id.
 */
export function ownerRoutes(type: Owner["type"]) {
  const owner = (req: Req): Owner => ({ type, id: param(req, "id") })
  return {
    /** POST …/:id/trigger-address: creates its trigger address, or returns the one it has (one for life; svc answers the same address again). */
    async createAddress(req: Req, res: MedusaResponse) {
      res.json({
        trigger_address: await createTriggerAddress(scope(req), owner(req)),
      })
    },
    /** GET …/:id/allowed-senders: the trigger address's allowed senders, "count of limit" (50; disabled ones count). */
    async listSenders(req: Req, res: MedusaResponse) {
      res.json(await listAllowedSenders(scope(req), owner(req)))
    },
    /** POST …/:id/allowed-senders `{address, label?}`: allow a sender (403 at 50 explained). */
    async addSender(
      req: Req<{ address: string; label?: string }>,
      res: MedusaResponse
    ) {
      res.status(201).json({
        allowed_sender: await addAllowedSender(
          scope(req),
          owner(req),
          req.validatedBody
        ),
      })
    },
    /** POST …/:id/allowed-senders/:sender_id `{active}`: disable (false) or enable (true). */
    async changeSender(req: Req<{ active: boolean }>, res: MedusaResponse) {
      res.json({
        allowed_sender: await setAllowedSenderActive(
          scope(req),
          owner(req),
          param(req, "sender_id"),
          req.validatedBody.active
        ),
      })
    },
    /** DELETE …/:id/allowed-senders/:sender_id: remove it (frees a place in the 50). */
    async removeSender(req: Req, res: MedusaResponse) {
      res.json(
        await removeAllowedSender(
          scope(req),
          owner(req),
          param(req, "sender_id")
        )
      )
    },
  }
}
