import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"

import { SVC_WEBHOOK_EVENT } from "../../../lib/svc-runtime/events"

/**
 * `POST /hooks/svc`: the webhook URL to register with svc (WALLET and PAYOUT
 * endpoints) is `POST /hooks/svc?token=…` with the store's token (Settings →
 * svc connection shows it; ./token-gate.ts). It only hands the body to the event bus, at once, and answers
 * 200; the plugin's subscriber (src/subscribers/svc-payment-webhook.ts) does
 * the rest on worker instances, never trusting the body.
 *
 * Medusa's own `/hooks/payment/<provider>` works too, but it always delays the
 * event by 5 s (a guard against the storefront's completion racing the
 * webhook; the payment module exposes no option for it in 2.21.2). The plugin
 * serializes each checkout itself, so it does not need the delay, and a
 * shopper who closed the tab gets the order 5 s sooner.
 */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  // The token was checked, and the body read, before this runs (token-gate.ts):
  // a request without a required token never gets here.
  const body = req.body
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    res
      .status(400)
      .json({ message: "svc webhook: the body must be a JSON object" })
    return
  }
  await req.scope.resolve(Modules.EVENT_BUS).emit(
    {
      name: SVC_WEBHOOK_EVENT,
      data: {
        provider: "svc",
        receivedAt: Date.now(),
        payload: { data: body },
      },
    },
    { attempts: 3 }
  )
  res.sendStatus(200)
}
