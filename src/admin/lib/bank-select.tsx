import { Select } from "@medusajs/ui"
import type { PayoutBank } from "./types"

/**
 * The banks svc pays out to (GET /admin/svc/payout-banks), as one Select: the refund form
 * and the beneficiary form choose the buyer's or payee's bank with it. `id` names the
 * trigger for its <Label htmlFor>.
 */
export function PayoutBankSelect(props: {
  id: string
  value: string
  onValueChange: (code: string) => void
  banks: PayoutBank[] | undefined
  placeholder: string
  size?: "small" | "base"
}) {
  return (
    <Select value={props.value} onValueChange={props.onValueChange} size={props.size}>
      <Select.Trigger id={props.id}>
        <Select.Value placeholder={props.placeholder} />
      </Select.Trigger>
      <Select.Content>
        {(props.banks ?? []).map((b) => (
          <Select.Item key={b.code} value={b.code}>
            {b.name}
          </Select.Item>
        ))}
      </Select.Content>
    </Select>
  )
}
