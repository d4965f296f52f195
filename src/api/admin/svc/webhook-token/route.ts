import { invalidData } from "../../../../lib/svc-runtime/errors"
import { say } from "../../../../lib/texts"
import { configuredWebhookToken } from "../../../hooks/svc/webhook-guard"
import { webhookTokenSettings } from "../../../hooks/svc/webhook-token"
import { SVC_MODULE, type SvcModuleService } from "../../../../modules/svc"
import type { WebhookTokenChange } from "./validators"
import { answerBody } from "../answer"

/**
 * POST /admin/svc/webhook-token `{ required: boolean }`: Settings → svc
 * connection's "Require the token" (and "Stop requiring it"). With it on,
 * webhook requests without the store's generated token are refused before any
 * work, on this instance at once and on the others within 30 s (their
 * background re-read; src/api/hooks/svc/webhook-token.ts says why this is an admin
 * action). The answer never carries the token (the doctor shows the URL).
 * With the provider option `webhookToken` the token is always required: 400.
 */
export const POST = answerBody<WebhookTokenChange>(
  async (scope, { required }, req) => {
    if (configuredWebhookToken(scope)) {
      throw invalidData(say("tools.webhookTokenOption"))
    }
    const s = await webhookTokenSettings.setRequired(
      scope.resolve<SvcModuleService>(SVC_MODULE),
      required,
      req.auth_context?.actor_id ?? null
    )
    return {
      webhook_token: {
        source: "generated",
        required: s.required,
        required_at: s.required_at,
      },
    }
  }
)
