import { z } from "@medusajs/framework/zod"

/**
 * The provider option `paymentLinks` (docs/payment-links.md): how many days a
 * lasting link of "Request payment" stays valid (svc's own checkout links last
 * 20 minutes; the store's link makes a fresh one when opened), and the public
 * address the link starts with (default: the admin's `backendUrl` when
 * absolute, else MEDUSA_BACKEND_URL, else the address the admin's request came
 * to). A storefront may be given, if it passes `/svc/pay/…` on to Medusa.
 */
export const paymentLinksSchema = z
  .object({
    lifetimeDays: z
      .number()
      .int("must be a whole number of days")
      .min(1, "must be at least 1 (day)")
      .max(90, "must be at most 90 (days)")
      .default(7),
    baseUrl: z
      .string()
      .url("must be an http(s) URL, e.g. https://shop.example")
      .refine((v) => /^https?:\/\//i.test(v) && !/[?#]/.test(v), {
        message:
          "must be an http(s) URL with no query or fragment, e.g. https://shop.example",
      })
      .optional(),
  })
  .strict()
  .prefault({})

export type PaymentLinksOptions = z.infer<typeof paymentLinksSchema>
