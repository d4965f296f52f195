import { z } from "@medusajs/framework/zod"
import { SVC_PROVIDER } from "../../../../workflows/balance-payment-link/order-balance"

/** `POST /admin/svc/orders/:order_id/balance/payment-link {provider_id, payment_collection_id?}`. */
export const paymentLinkBody = z
  .object({
    provider_id: z
      .string()
      .regex(SVC_PROVIDER, "provider_id: must be an svc payment provider id (pp_svc-wallet_… or pp_svc-fpx_…)")
      .refine(
        (id) => !id.startsWith("pp_svc-fpx-direct_"),
        "provider_id: FPX direct needs the buyer's bank and account holder's name, which only the buyer gives; send an svc wallet or FPX online banking link (the buyer picks the bank on svc's page)"
      ),
    payment_collection_id: z
      .string()
      .regex(/^pay_col_[0-9A-Za-z]+$/, "payment_collection_id: must be a payment collection id (pay_col_…)")
      .optional(),
  })
  .strict()
export type PaymentLinkBody = z.output<typeof paymentLinkBody>
