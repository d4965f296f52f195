/**
 * What each svc account status blocks (spec: Authentication, "Account status
 * gating"), in words an admin can act on. Values beyond ACTIVE are "not shown"
 * in the spec's Account table; the gating rule names these.
 */
import { say, type Said } from "../texts"

export type StatusEffect = {
  level: "ok" | "warn" | "fail"
  blocks: Said
  advice: Said | null
}

const CONTACT = say("account.contactSupport")

export const ACCOUNT_STATUS_EFFECTS: Record<string, StatusEffect> = {
  ACTIVE: { level: "ok", blocks: say("account.blocksNothing"), advice: null },
  SUSPENDED: {
    level: "fail",
    blocks: say("account.blocksSuspended"),
    advice: CONTACT,
  },
  FROZEN: {
    level: "fail",
    blocks: say("account.blocksFrozen"),
    advice: CONTACT,
  },
  PENDING_VERIFICATION: {
    level: "fail",
    blocks: say("account.blocksPendingVerification"),
    advice: say("account.finishVerification"),
  },
  NOT_ACTIVE: {
    level: "fail",
    blocks: say("account.blocksNotActive"),
    advice: CONTACT,
  },
  TERMINATED: {
    level: "fail",
    blocks: say("account.blocksTerminated"),
    advice: say("account.closed"),
  },
}

export function statusEffect(status: string): StatusEffect {
  return (
    ACCOUNT_STATUS_EFFECTS[status] ?? {
      level: "warn",
      blocks: say("account.blocksUnknown"),
      advice: say("account.askSupport"),
    }
  )
}
