import type { PayoutBank } from "./types"

/**
 * The banks svc pays out to (GET /admin/svc/payout-banks) as a SelectField's
 * choices: the refund form and the beneficiary form choose the buyer's or
 * payee's bank with them.
 */
export const bankChoices = (banks: PayoutBank[] | undefined) =>
  (banks ?? []).map((b) => [b.code, b.name] as const)
