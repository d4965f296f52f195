import { randomUUID } from "node:crypto"
import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { adminDeps, mask } from "../../../../lib/svc-admin/context"
import { svcCall } from "../../../../lib/svc-admin/errors"
import type { ListQuery } from "../validators"
import { fieldsFromSvc } from "./from-svc"
import type { BeneficiaryRegister } from "./validators"
import { answerQuery } from "../answer"

export async function listBeneficiaries(
  container: MedusaContainer,
  { limit, offset }: ListQuery
) {
  const [rows, count] = await adminDeps(
    container
  ).svcModule.listAndCountSvcBeneficiaries(
    {},
    { take: limit, skip: offset, order: { created_at: "DESC" } }
  )
  return { beneficiaries: rows, count, limit, offset }
}

/**
 * Register a beneficiary with svc (`POST /v1/payouts/beneficiaries`; svc checks
 * the account with the bank, and the name when `name_check` is given), then
 * record it here: svc has no list route. Registering the same destination again
 * returns the existing beneficiary (spec: known rule 4), recorded once.
 * A 503 (bank unreachable) is retried by the client with the same key.
 */
export async function registerBeneficiary(
  container: MedusaContainer,
  input: BeneficiaryRegister,
  actorId?: string
) {
  const { client, svcModule } = adminDeps(container)
  const { name, bank_code, account_number, proxy_type, proxy_value } = input
  const b = await svcCall("registering the beneficiary", () =>
    client.payouts.beneficiaries.create(
      {
        name,
        ...(account_number
          ? { bankCode: bank_code, accountNumber: account_number }
          : { proxyType: proxy_type, proxyValue: proxy_value }),
        ...(input.name_check ? { nameCheck: input.name_check } : {}),
      },
      { idempotencyKey: randomUUID() }
    )
  )
  const row = {
    name,
    kind: account_number ? "BANK_ACCOUNT" : "PROXY",
    bank_code: bank_code ?? null,
    account_number_masked: account_number ? mask(account_number) : null,
    proxy_type: proxy_type ?? null,
    proxy_value_masked: proxy_value ? mask(proxy_value) : null,
    name_check: input.name_check ?? null,
    removed_at: null,
    ...fieldsFromSvc(b),
  }
  const [existing] = await svcModule.listSvcBeneficiaries({
    beneficiary_id: b.id,
  })
  const saved = existing
    ? await svcModule.updateSvcBeneficiaries({ id: existing.id, ...row })
    : await svcModule.createSvcBeneficiaries({
        beneficiary_id: b.id,
        registered_by: actorId ?? null,
        ...row,
      })
  return { beneficiary: saved, existing: Boolean(existing) }
}

/** GET /admin/svc/beneficiaries?limit=&offset=: the beneficiaries registered from this store (svc has no list route). */
export const GET = answerQuery<ListQuery>(listBeneficiaries)

/**
 * POST /admin/svc/beneficiaries `{name, bank_code + account_number | proxy_type + proxy_value, name_check?}`:
 * register with svc (bank-checked; name-checked with name_check). 201 new, 200 already registered.
 */
export async function POST(
  req: AuthenticatedMedusaRequest<BeneficiaryRegister>,
  res: MedusaResponse
) {
  const r = await registerBeneficiary(
    req.scope,
    req.validatedBody,
    req.auth_context?.actor_id
  )
  res.status(r.existing ? 200 : 201).json(r)
}
