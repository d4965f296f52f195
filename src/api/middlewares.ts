import {
  defineMiddlewares,
  type MedusaNextFunction,
  type MedusaRequest,
  type MedusaResponse,
} from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { refuseCancelWithSvcMoney } from "../refunds/order-guards"

type SessionBody = { provider_id?: unknown; data?: { cart_id?: unknown } | null }

/**
 * Storefront session data may carry `cart_id`, which the provider puts in the
 * redirect URL (`{cart_id}`) that svc sends the shopper back to. It must be the
 * cart of the payment collection the session is made on: otherwise a shopper
 * could point svc's redirect, after paying one cart, at another cart. The
 * provider cannot check it (Medusa gives it no cart), so it is checked here,
 * before the payment module is called. Malformed ids are left to the
 * provider's own rule ("cart_id: must be a Medusa cart id").
 */
async function svcSessionCartIsThisCollections(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const body = (req.body ?? {}) as SessionBody
  const cartId = body.data && typeof body.data === "object" ? body.data.cart_id : undefined
  if (typeof body.provider_id !== "string" || !body.provider_id.startsWith("pp_svc-")) return next()
  if (typeof cartId !== "string" || !/^cart_[0-9A-Za-z]{10,40}$/.test(cartId)) return next()
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id"],
    filters: { payment_collection_id: req.params.id },
  })
  if (!data.some((l: { cart_id?: string }) => l.cart_id === cartId)) {
    return next(new MedusaError(MedusaError.Types.INVALID_DATA, "cart_id: must be the cart this payment collection belongs to"))
  }
  next()
}

/**
 * Medusa's cancel (`POST /admin/orders/:id/cancel`, the dashboard's "Cancel
 * order") refunds captured payments through the provider and, when the
 * provider refuses, still shows the refund. An order paid with svc whose
 * captured money is not all refunded is refused here, before anything
 * changes, with the way out (refund first in the "svc refunds" panel).
 */
async function svcPaidOrderIsRefundedBeforeCancel(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    await refuseCancelWithSvcMoney(req.scope as never, String(req.params.id))
  } catch (e) {
    return next(e)
  }
  next()
}

export default defineMiddlewares({
  routes: [
    {
      matcher: "/store/payment-collections/:id/payment-sessions",
      methods: ["POST"],
      middlewares: [svcSessionCartIsThisCollections],
    },
    {
      matcher: "/admin/orders/:id/cancel",
      methods: ["POST"],
      middlewares: [svcPaidOrderIsRefundedBeforeCancel],
    },
  ],
})
