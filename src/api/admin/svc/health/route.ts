import { answer } from "../answer"
import { runDoctor } from "./doctor"

/**
 * GET /admin/svc/health: the connection doctor. API key, account type and
 * status (and what it blocks), features, sandbox or production, clock skew,
 * rate budget, the last webhook per event type and the URL to register; each
 * check ok / warn / fail with what to do. Never a secret (the key is masked).
 */
export const GET = answer(async (scope, req) => ({
  health: await runDoctor(scope, req),
}))
