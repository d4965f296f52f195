import { adminDeps } from "../../../../../../lib/svc-admin/context"
import { svcCall } from "../../../../../../lib/svc-admin/errors"
import { answerBody } from "../../../answer"
import { fieldsFromSvc, requireBeneficiary } from "../../from-svc"
import type { BeneficiaryVerify } from "../../validators"

/** POST /admin/svc/beneficiaries/:id/verify `{name_check?}`: bank check (and name check) again, recorded on it. */
export const POST = answerBody<BeneficiaryVerify>(
  async (scope, { name_check: nameCheck }, req) => {
    const { id } = req.params
    const { client, svcModule } = adminDeps(scope)
    const row = await requireBeneficiary(scope, id)
    const b = await svcCall("verifying the beneficiary", () =>
      client.payouts.beneficiaries.verify(id, nameCheck ? { nameCheck } : {})
    )
    return {
      beneficiary: await svcModule.updateSvcBeneficiaries({
        id: row.id,
        ...fieldsFromSvc(b),
        ...(nameCheck ? { name_check: nameCheck } : {}),
      }),
    }
  }
)
