import { z } from "@medusajs/framework/zod"

/** `POST /admin/svc/webhook-token {required}`. */
export const webhookTokenChange = z.object({ required: z.boolean() }).strict()
export type WebhookTokenChange = z.output<typeof webhookTokenChange>
