import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { svcFromContainer } from "../../../../../../lib/svc-runtime/config"
import { english, say } from "../../../../../../lib/texts"
import { shopperGuard } from "../../../shopper-limits/guard"
import { tooManyAttempts } from "../../../shopper-limits/shopper-limits"
import { openCart } from "../open-cart"

/**
 * POST /store/svc/carts/:id/line: the cart's place in the line for svc's
 * checkout budget (src/lib/svc-runtime/checkout-line.ts), joined or kept;
 * the cart is read (404, 409) only when it joins.
 * `{status: "turn"}`: start the svc payment now. `{status: "waiting", place,
 * length, wait_seconds}`: ask again within a few seconds (a cart not seen for
 * 15 s loses its place). `{status: "full", retry_after_seconds, message}`:
 * 429 with Retry-After. Costs no svc call; joining counts against the
 * storefront client's share (`storefrontLimits`: 429 past it).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const id = String(req.params.id)
  const { line } = svcFromContainer(req.scope)
  const { joined, ...answer } = await line.visit(id)
  // a cart is read once, when it joins; asking again costs no read
  if (joined) {
    // joining counts against the client's share (as a payment session does)
    const refused = await shopperGuard(req.scope)?.takeClient(req)
    const bad = refused ? null : await openCart(req.scope, id).catch((e) => e)
    if (refused || bad) await line.done(id)
    if (refused) return tooManyAttempts(res, refused)
    if (bad) throw bad
  }
  if (answer.status !== "full") return res.json(answer)
  res.status(429).setHeader("Retry-After", answer.retry_after_seconds)
  // a client keeping only an error's message (the JS SDK) learns when to come back too
  const wait = answer.retry_after_seconds
  res.json({ ...answer, message: english(say("error.lineFull", { wait })) })
}

/** DELETE /store/svc/carts/:id/line: the shopper left (Cancel); the place goes to the next. */
export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  const id = String(req.params.id)
  await svcFromContainer(req.scope).line.done(id)
  res.json({ status: "left" })
}
