import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { svcFromContainer } from "../../../../../../lib/svc-runtime/config"
import { SaidError } from "../../../../../../lib/svc-runtime/errors"
import { english, say } from "../../../../../../lib/texts"
import { shopperGuard } from "../../../shopper-limits/guard"
import { tooManyAttempts } from "../../../shopper-limits/shopper-limits"

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
 * 15 s loses its place). `{status: "full", retry_after_seconds, message}`: 429
 * with Retry-After. Costs no svc call; joining counts against the
 * storefront client's share (`storefrontLimits`: 429 past it).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const id = await openCart(req)
  const { line } = svcFromContainer(req.scope)
  const { joined, ...answer } = await line.visit(id)
  // joining counts against the client's share (as a payment session does), asking again does not
  const refused = joined && (await shopperGuard(req.scope)?.takeClient(req))
  if (refused) {
    await line.done(id)
    return tooManyAttempts(res, refused)
  }
  if (answer.status === "full") {
    res.status(429).setHeader("Retry-After", answer.retry_after_seconds)
    // a client keeping only an error's message (the JS SDK) learns when to come back too
    const wait = answer.retry_after_seconds
    return res.json({
      ...answer,
      message: english(say("error.lineFull", { wait })),
    })
  }
  res.json(answer)
}

/** DELETE /store/svc/carts/:id/line: the shopper left (Cancel); the place goes to the next. */
export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  const id = String(req.params.id)
  await svcFromContainer(req.scope).line.done(id)
  res.json({ status: "left" })
}
