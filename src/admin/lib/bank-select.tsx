import { ChoiceSelect, type ChoiceSelectProps } from "./fields"
import type { PayoutBank } from "./types"

/**
 * The banks svc pays out to (GET /admin/svc/payout-banks), as one Select: the refund form
 * and the beneficiary form choose the buyer's or payee's bank with it. `id` names the
 * trigger for its <Label htmlFor>.
 */
export const PayoutBankSelect = ({
  banks,
  ...select
}: { id: string; banks: PayoutBank[] | undefined } & Omit<
  ChoiceSelectProps,
  "choices" | "ariaLabel"
>) => (
  <ChoiceSelect
    {...select}
    choices={(banks ?? []).map((b) => [b.code, b.name] as const)}
  />
)
