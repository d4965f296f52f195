import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { svcFromContainer } from "../../../../../../lib/svc-runtime/config"
import { SaidError } from "../../../../../../lib/svc-runtime/errors"
import { say } from "../../../../../../lib/texts"

/** The cart, which must exist and not be an order yet: a database read, no svc call. */
async function openCart(req: MedusaRequest): Promise<string> {
  const id = String(req.params.id)
  const { data } = await req.scope
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity: "cart", fields: ["id", "completed_at"], filters: { id } })
  if (!data[0])
    throw new SaidError(
      MedusaError.Types.NOT_FOUND,
      say("input.noCart", { id })
    )
  if (data[0].completed_at)
    throw new SaidError(
      MedusaError.Types.NOT_ALLOWED,
      say("input.cartIsOrder", { id })
    )
  return id
}

/**
 * POST /store/svc/carts/:id/line: the cart's place in the line for svc's
 * checkout budget (src/lib/svc-runtime/checkout-line.ts), joined or kept.
 * `{status: "turn"}`: start the svc payment now. `{status: "waiting", place,
 * length, wait_seconds}`: ask again within a few seconds (a cart not seen for
 * 15 s loses its place). `{status: "full", retry_after_seconds}`: 429 with
 * Retry-After. Costs no svc call.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const answer = await svcFromContainer(req.scope).line.visit(
    await openCart(req)
  )
  if (answer.status === "full")
    res.status(429).setHeader("Retry-After", answer.retry_after_seconds)
  res.json(answer)
}

/** DELETE /store/svc/carts/:id/line: the shopper left (Cancel); the place goes to the next. */
export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  const id = String(req.params.id)
  await svcFromContainer(req.scope).line.done(id)
  res.json({ status: "left" })
}
