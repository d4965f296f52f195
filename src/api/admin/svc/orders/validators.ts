import { z } from "@medusajs/framework/zod"
import type { MedusaRequest } from "@medusajs/framework/http"
import { SVC_PROVIDER } from "../../../../workflows/balance-payment-link/order-balance"
import {
  paymentLinkBase,
  type revokeLastingLink,
} from "../../../../workflows/balance-payment-link/lasting-link"
import { answerBody } from "../answer"

/** `POST /admin/svc/orders/:order_id/balance/payment-link {provider_id, payment_collection_id?}`. */
export const paymentLinkBody = z
  .object({
    provider_id: z
      .string()
      .regex(
        SVC_PROVIDER,
        "provider_id: must be an svc payment provider id (pp_svc-wallet_… or pp_svc-fpx_…)"
      )
      .refine(
        (id) => !id.startsWith("pp_svc-fpx-direct_"),
        "provider_id: FPX direct needs the buyer's bank and account holder's name, which only the buyer gives; send an svc wallet or FPX online banking link (the buyer picks the bank on svc's page)"
      ),
    payment_collection_id: z
      .string()
      .regex(
        /^pay_col_[0-9A-Za-z]+$/,
        "payment_collection_id: must be a payment collection id (pay_col_…)"
      )
      .optional(),
  })
  .strict()
export type PaymentLinkBody = z.output<typeof paymentLinkBody>

/** `POST /admin/svc/orders/:order_id/einvoice` and the store's cart and order routes: `{requested}`, the buyer's own e-invoice request. */
export const einvoiceFlagBody = z
  .object({
    requested: z.boolean({
      error: (i) =>
        i.input === undefined
          ? "requested: is required: true or false"
          : "requested: must be true or false (JSON boolean)",
    }),
  })
  .strict()
export type EinvoiceFlagBody = z.output<typeof einvoiceFlagBody>

/** `POST …/balance/payment-link/send` and `…/revoke` `{payment_link_id}`: the lasting link to e-mail to the buyer, or to revoke. */
export const sendPaymentLinkBody = z
  .object({
    payment_link_id: z
      .string({
        error: (i) =>
          i.input === undefined
            ? "payment_link_id: is required"
            : "payment_link_id: must be a string",
      })
      .regex(
        /^svcpl_[0-9A-Za-z]{10,40}$/,
        "payment_link_id: must be a payment link id (svcpl_…)"
      ),
  })
  .strict()
export type SendPaymentLinkBody = z.output<typeof sendPaymentLinkBody>

/** Where the store's links start for an admin's request (the address it came to when no option or backendUrl names one). */
export function linkBase(req: MedusaRequest): string {
  const host = typeof req.get === "function" ? req.get("host") : undefined
  const origin = `${req.protocol ?? "http"}://${host ?? "localhost:9000"}`
  return paymentLinkBase(req.scope, origin)
}

/** `…/payment-link/send` and `…/revoke`: `act` on the order's link `payment_link_id`, answered `{payment_link}`. */
export const linkAction = (act: typeof revokeLastingLink) =>
  answerBody<SendPaymentLinkBody>(async (scope, { payment_link_id }, req) => ({
    payment_link: await act(scope, {
      order_id: String(req.params.order_id),
      payment_link_id,
      base: linkBase(req),
      by: req.auth_context?.actor_id ?? null,
    }),
  }))
