/**
 * What each svc account status blocks (spec: Authentication, "Account status
 * gating"), in words an admin can act on. Values beyond ACTIVE are "not shown"
 * in the spec's Account table; the gating rule names these.
 */
export type StatusEffect = { level: "ok" | "warn" | "fail"; blocks: string; advice: string }

const CONTACT = "Contact svc support to have the account reactivated; nothing in Medusa can change it."

export const ACCOUNT_STATUS_EFFECTS: Record<string, StatusEffect> = {
  ACTIVE: { level: "ok", blocks: "nothing", advice: "" },
  SUSPENDED: {
    level: "fail",
    blocks: "routes that move money into the account: shoppers cannot pay (checkout creation is refused); refunds (payouts) and settlements (withdrawals) keep working",
    advice: CONTACT,
  },
  FROZEN: {
    level: "fail",
    blocks: "every money-moving route: checkouts, refunds (payouts), settlements and token transfers; reads keep working",
    advice: CONTACT,
  },
  PENDING_VERIFICATION: {
    level: "fail",
    blocks: "every money-moving route until svc has verified the business: checkouts, refunds, settlements, token transfers",
    advice: "Finish the business verification in svc's dashboard (or ask svc support what is missing).",
  },
  NOT_ACTIVE: {
    level: "fail",
    blocks: "every money-moving route: checkouts, refunds, settlements, token transfers",
    advice: CONTACT,
  },
  TERMINATED: {
    level: "fail",
    blocks: "every route, reads too: the account cannot be used",
    advice: "The svc account is closed: configure the API key of an active account.",
  },
}

export function statusEffect(status: string): StatusEffect {
  return (
    ACCOUNT_STATUS_EFFECTS[status] ?? {
      level: "warn",
      blocks: "unknown: the spec does not describe this status",
      advice: "Ask svc support what this account status allows.",
    }
  )
}
