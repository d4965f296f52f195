import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { spoken, type Said } from "../../../lib/texts"

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

/** A list route: what `read` answers for the route's validated query `Q`. */
export const answerQuery =
  <Q>(
    read: (
      scope: MedusaContainer,
      query: Q,
      req: AuthenticatedMedusaRequest<unknown, Q>
    ) => Promise<object>
  ) =>
  async (req: AuthenticatedMedusaRequest<unknown, Q>, res: MedusaResponse) => {
    res.json(await read(req.scope, req.validatedQuery, req))
  }

/** A route with a body: what `read` answers for the route's validated body `B`. */
export const answerBody =
  <B>(
    read: (
      scope: MedusaContainer,
      body: B,
      req: AuthenticatedMedusaRequest<B>
    ) => Promise<object>
  ) =>
  async (req: AuthenticatedMedusaRequest<B>, res: MedusaResponse) => {
    res.json(await read(req.scope, req.validatedBody, req))
  }

/**
 * A route that sends money out through `run` (a workflow's `run`, given the
 * validated body as `request` and the admin as `actor_id`): answered with the
 * workflow's HTTP status (200 sent, 202 kept with its key), its row and its
 * message in the admin's words.
 */
export const sendOut =
  <B>(
    run: (
      scope: MedusaContainer,
      input: { request: B; actor_id?: string }
    ) => Promise<{ result: { kept: boolean; message: Said } }>
  ) =>
  async (req: AuthenticatedMedusaRequest<B>, res: MedusaResponse) => {
    const { result } = await run(req.scope, {
      request: req.validatedBody,
      actor_id: req.auth_context?.actor_id,
    })
    const { kept, message, ...row } = result
    res.status(kept ? 202 : 200).json({ ...row, ...spoken("message", message) })
  }
