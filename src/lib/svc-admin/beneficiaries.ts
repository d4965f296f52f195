import { randomUUID } from "node:crypto"
import type {
  Beneficiary,
  BeneficiaryCreateBody,
} from "../../client/schemas/payouts"
import { adminDeps, mask, type Container } from "./context"
import { adminSvcError } from "./errors"

/** A beneficiary as the admin gave it (src/api/admin/svc/beneficiaries/validators.ts checks its shape). */
export type BeneficiaryRegister = {
  name: string
  bank_code?: string
  account_number?: string
  proxy_type?: "MOBILE" | "NRIC" | "PASSPORT" | "BRN" | "ARMY"
  proxy_value?: string
  name_check?: "strict" | "loose"
}
import { requireBeneficiary } from "./trigger-addresses"

type Loose = Record<string, unknown>
const str = (v: unknown) => (typeof v === "string" ? v : null)

function fieldsFromSvc(b: Beneficiary) {
  const l = b as Loose
  return {
    bank_account_verified:
      typeof b.bankAccountVerified === "boolean" ? b.bankAccountVerified : null,
    bank_account_verified_at: b.bankAccountVerifiedAt ?? null,
    name_match:
      b.bankAccountNameMatch === undefined || b.bankAccountNameMatch === null
        ? null
        : JSON.stringify(b.bankAccountNameMatch),
    trigger_address: b.autoWithdrawalAddress ?? null,
    bank_name: str(l.bankName),
  }
}

/**
 * Register a beneficiary with svc (`POST /v1/payouts/beneficiaries`; svc checks
 * the account with the bank, and the name when `name_check` is given), then
 * record it here: svc has no list route. Registering the same destination again
 * returns the existing beneficiary (spec: known rule 4), recorded once.
 * A 503 (bank unreachable) is retried by the client with the same key.
 */
export async function registerBeneficiary(
  container: Container,
  input: BeneficiaryRegister,
  actorId?: string
) {
  const { client, svcModule } = adminDeps(container)
  const body: BeneficiaryCreateBody = { name: input.name }
  if (input.account_number)
    Object.assign(body, {
      bankCode: input.bank_code,
      accountNumber: input.account_number,
    })
  else
    Object.assign(body, {
      proxyType: input.proxy_type,
      proxyValue: input.proxy_value,
    })
  if (input.name_check) body.nameCheck = input.name_check
  let b: Beneficiary
  try {
    b = await client.payouts.beneficiaries.create(body, {
      idempotencyKey: randomUUID(),
    })
  } catch (e) {
    throw adminSvcError(e, "registering the beneficiary")
  }
  const row = {
    name: input.name,
    kind: input.account_number ? "BANK_ACCOUNT" : "PROXY",
    bank_code: input.bank_code ?? null,
    account_number_masked: input.account_number
      ? mask(input.account_number)
      : null,
    proxy_type: input.proxy_type ?? null,
    proxy_value_masked: input.proxy_value ? mask(input.proxy_value) : null,
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

/** `POST …/{id}/verify`: bank check and, with `name_check`, the name check, recorded on the beneficiary. */
export async function verifyBeneficiary(
  container: Container,
  beneficiaryId: string,
  nameCheck?: "strict" | "loose"
) {
  const { client, svcModule } = adminDeps(container)
  const row = await requireBeneficiary(container, beneficiaryId)
  let b: Beneficiary
  try {
    b = await client.payouts.beneficiaries.verify(
      beneficiaryId,
      nameCheck ? { nameCheck } : {}
    )
  } catch (e) {
    throw adminSvcError(e, "verifying the beneficiary")
  }
  return svcModule.updateSvcBeneficiaries({
    id: row.id,
    ...fieldsFromSvc(b),
    ...(nameCheck ? { name_check: nameCheck } : {}),
  })
}

/**
 * Remove a beneficiary. spec gap: the spec names "a beneficiary deletion route"
 * without method or path; assumed `DELETE /v1/payouts/beneficiaries/{id}`
 * (a spec gap: assumed). svc deactivates its trigger address with it.
 */
export async function removeBeneficiary(
  container: Container,
  beneficiaryId: string
) {
  const { client, svcModule } = adminDeps(container)
  const row = await requireBeneficiary(container, beneficiaryId)
  try {
    await client.payouts.beneficiaries.remove(beneficiaryId)
  } catch (e) {
    // already removed at svc: record it here too
    if ((e as { status?: number }).status !== 404)
      throw adminSvcError(e, "removing the beneficiary")
  }
  const [t] = await svcModule.listSvcTriggerAddresses({
    owner_type: "BENEFICIARY",
    owner_id: beneficiaryId,
  })
  if (t) await svcModule.updateSvcTriggerAddresses({ id: t.id, active: false })
  return svcModule.updateSvcBeneficiaries({
    id: row.id,
    removed_at: new Date(),
  })
}

export async function listBeneficiaries(
  container: Container,
  q: { limit: number; offset: number }
) {
  const { svcModule } = adminDeps(container)
  const [rows, count] = await svcModule.listAndCountSvcBeneficiaries(
    {},
    { take: q.limit, skip: q.offset, order: { created_at: "DESC" } }
  )
  return { beneficiaries: rows, count, limit: q.limit, offset: q.offset }
}
