import { z } from "@medusajs/framework/zod"
import { amountInput, attentionQuery } from "../validators"

/**
 * `POST /admin/svc/withdrawals` (spec: POST /v1/wallet/fiat/withdrawals;
 * reference at most 20). The amount's bounds (RM10.00 to RM1,000,000.00, an
 * individual account's RM300,000) are checked with the amount (src/workflows/withdraw/withdrawals.ts).
 */
export const withdrawalRequest = z
  .object({
    request_id: z
      .string()
      .uuid(
        "request_id: must be a UUID made once per withdrawal form (the same one when the form is sent again)"
      )
      .optional(),
    bank_account_id: z
      .string()
      .uuid(
        "bank_account_id: must be the id of a linked bank account (a UUID)"
      ),
    amount: amountInput("1500.00"),
    reference: z.string().trim().min(1).max(20).optional(),
  })
  .strict()
export type WithdrawalRequest = z.output<typeof withdrawalRequest>

/** `GET /admin/svc/withdrawals?limit`. */
export const withdrawalsQuery = attentionQuery.pick({ limit: true }).strict()
export type WithdrawalsQuery = z.output<typeof withdrawalsQuery>
