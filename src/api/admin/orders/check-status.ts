import type {
  AuthenticatedMedusaRequest,
  MedusaNextFunction,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  ContainerRegistrationKeys,
  PaymentSessionStatus,
} from "@medusajs/framework/utils"
import { getOrderDetailWorkflow } from "@medusajs/core-flows"
import type { PaymentSessionDTO } from "@medusajs/framework/types"
import { settleCheckoutEvent } from "../../../workflows/settle-checkout"
import { graphOne } from "../../../lib/medusa-data/medusa-reads"

const sessionOf = (req: AuthenticatedMedusaRequest, id: string) =>
  graphOne<Pick<PaymentSessionDTO, "status" | "provider_id" | "data">>(
    req.scope.resolve(ContainerRegistrationKeys.QUERY),
    "payment_session",
    id,
    ["id", "status", "provider_id", "data"]
  )

/**
 * Medusa's "Check status" banner on an order placed awaiting payment (Medusa 2.17 and later:
 * `POST /admin/orders/:id/payment-sessions/authorize`) for an svc payment session: the press
 * runs the one settle path (`svc-settle-checkout`, under the checkout's lock, one svc read),
 * so a press while the webhook settles the same payment waits for it instead of racing it,
 * and a press the webhook has just answered (the banner still on screen) is told the payment
 * is in, not refused as Medusa's route refuses a session no longer awaiting authorization.
 * Answers as Medusa's route does: `{ order, is_authorized }`. Another provider's session goes
 * on to Medusa's route unchanged.
 */
export async function svcCheckStatus(
  req: AuthenticatedMedusaRequest<{ payment_session_id?: string }>,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    const sessionId = req.validatedBody?.payment_session_id
    if (typeof sessionId !== "string") return next()
    const session = await sessionOf(req, sessionId)
    const checkoutId = session?.data?.checkoutId
    if (
      !session ||
      !session.provider_id.startsWith("pp_svc-") ||
      typeof checkoutId !== "string"
    )
      return next()
    if (session.status === PaymentSessionStatus.PENDING_AUTHORIZATION)
      await settleCheckoutEvent(req.scope, checkoutId, null, "admin")
    const now = await sessionOf(req, sessionId)
    const isAuthorized =
      now?.status === PaymentSessionStatus.AUTHORIZED ||
      now?.status === PaymentSessionStatus.CAPTURED
    const { result: order } = await getOrderDetailWorkflow(req.scope).run({
      input: {
        order_id: String(req.params.id),
        fields: req.queryConfig?.fields ?? ["id", "status", "payment_status"],
      },
    })
    res.status(200).json({ order, is_authorized: isAuthorized })
  } catch (e) {
    next(e)
  }
}
