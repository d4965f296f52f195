import type { MedusaContainer } from "@medusajs/framework/types"
import type { Beneficiary } from "../../../../client/schemas/payouts"
import { adminDeps } from "../../../../lib/svc-admin/context"
import { notFound } from "../../../../lib/svc-runtime/errors"
import { say } from "../../../../lib/texts"

/** What svc says of a beneficiary, as the plugin's row keeps it. */
export const fieldsFromSvc = (b: Beneficiary) => ({
  bank_account_verified:
    typeof b.bankAccountVerified === "boolean" ? b.bankAccountVerified : null,
  bank_account_verified_at: b.bankAccountVerifiedAt ?? null,
  name_match:
    b.bankAccountNameMatch === undefined || b.bankAccountNameMatch === null
      ? null
      : JSON.stringify(b.bankAccountNameMatch),
  trigger_address: b.autoWithdrawalAddress ?? null,
  bank_name: typeof b.bankName === "string" ? b.bankName : null,
})

/** A beneficiary must be one registered here (there is no svc route to list them). */
export async function requireBeneficiary(
  container: MedusaContainer,
  beneficiaryId: string
) {
  const [b] = await adminDeps(container).svcModule.listSvcBeneficiaries({
    beneficiary_id: beneficiaryId,
  })
  if (!b) throw notFound(say("tools.beneficiaryNotHere", { id: beneficiaryId }))
  return b
}
