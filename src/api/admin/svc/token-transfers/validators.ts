import { z } from "@medusajs/framework/zod"
import { UUID_RE } from "../../../../client/schemas/common"
import { amountInput } from "../validators"

/** `POST /admin/svc/token-transfers`: the amount's bounds are checked with the amount itself (parseRinggit). */
export const tokenTransferRequest = z
  .object({
    request_id: z
      .string()
      .regex(
        UUID_RE,
        "request_id: must be a UUID made once per transfer form, sent again on a retry"
      ),
    network_id: z.string().min(1).max(100),
    token_id: z
      .string()
      .regex(UUID_RE, "token_id: must be a token id of the network (a UUID)"),
    address_to: z.string().trim().min(1).max(100),
    amount: amountInput("150.00"),
    reference: z.string().trim().min(1).max(32).optional(),
  })
  .strict()
export type TokenTransferRequest = z.output<typeof tokenTransferRequest>
