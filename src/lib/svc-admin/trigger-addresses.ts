import type { AllowedSender } from "../../client/schemas/allowed-senders"
import { adminDeps, type Container } from "./context"
import { adminSvcError, notFound } from "./errors"
import { ALLOWED_SENDERS_LIMIT } from "./words"

/**
 * Trigger addresses and their allowed senders, the same tools for a linked
 * bank account (wallet area) and a beneficiary (payout area).
 */
export type Owner = { type: "BANK_ACCOUNT" | "BENEFICIARY"; id: string }

const area = (client: ReturnType<typeof adminDeps>["client"], owner: Owner) =>
  owner.type === "BANK_ACCOUNT" ? client.wallet : client.payouts

const senderView = (s: AllowedSender) => ({
  id: s.id,
  address: s.address,
  label: s.label,
  active: s.active,
  created_at: s.createdAt,
})

/** The stored trigger address of an owner (svc has no read route for one). */
export async function storedTriggerAddress(container: Container, owner: Owner) {
  const { svcModule } = adminDeps(container)
  const [row] = await svcModule.listSvcTriggerAddresses({
    owner_type: owner.type,
    owner_id: owner.id,
  })
  return row ?? null
}

/**
 * `POST …/address`: creates the owner's trigger address, or returns the one it
 * has (one for life, spec: Create trigger address), and stores it.
 */
export async function createTriggerAddress(container: Container, owner: Owner) {
  const { client, svcModule } = adminDeps(container)
  let t
  try {
    t = await area(client, owner).triggerAddresses.create(owner.id)
  } catch (e) {
    throw adminSvcError(e, "creating the trigger address")
  }
  const existing = await storedTriggerAddress(container, owner)
  const row = existing
    ? await svcModule.updateSvcTriggerAddresses({
        id: existing.id,
        address: t.address,
        network: t.network,
        active: true,
      })
    : await svcModule.createSvcTriggerAddresses({
        owner_type: owner.type,
        owner_id: owner.id,
        address: t.address,
        network: t.network,
        active: true,
      })
  if (owner.type === "BENEFICIARY") {
    const [b] = await svcModule.listSvcBeneficiaries({
      beneficiary_id: owner.id,
    })
    if (b)
      await svcModule.updateSvcBeneficiaries({
        id: b.id,
        trigger_address: t.address,
      })
  }
  return {
    address: row.address,
    network: row.network,
    destination: t.destination,
  }
}

/** The allowed senders with "n of 50" (disabled ones count, spec: Limits). No trigger address yet: an empty list, no error. */
export async function listAllowedSenders(container: Container, owner: Owner) {
  const { client } = adminDeps(container)
  const trigger = await storedTriggerAddress(container, owner)
  let senders: AllowedSender[]
  try {
    senders = await area(client, owner).allowedSenders.list(owner.id)
  } catch (e) {
    if ((e as { status?: number }).status === 404) {
      return {
        trigger_address: trigger?.address ?? null,
        allowed_senders: [],
        count: 0,
        limit: ALLOWED_SENDERS_LIMIT,
        note: "no trigger address yet: create it first",
      }
    }
    throw adminSvcError(e, "listing allowed senders")
  }
  return {
    trigger_address: trigger?.address ?? null,
    allowed_senders: senders.map(senderView),
    count: senders.length,
    limit: ALLOWED_SENDERS_LIMIT,
    note:
      senders.length >= ALLOWED_SENDERS_LIMIT
        ? `${senders.length} of ${ALLOWED_SENDERS_LIMIT}: the limit is reached (disabled senders count); remove one to add another`
        : senders.some((s) => s.active)
          ? null
          : "no active allowed sender: deposits to the trigger address start no withdrawal until one is allowed",
  }
}

export async function addAllowedSender(
  container: Container,
  owner: Owner,
  input: { address: string; label?: string }
) {
  const { client } = adminDeps(container)
  try {
    return senderView(
      await area(client, owner).allowedSenders.create(owner.id, {
        address: input.address,
        ...(input.label ? { label: input.label } : {}),
      })
    )
  } catch (e) {
    throw adminSvcError(e, "adding an allowed sender")
  }
}

export async function setAllowedSenderActive(
  container: Container,
  owner: Owner,
  senderId: string,
  active: boolean
) {
  const { client } = adminDeps(container)
  try {
    return senderView(
      await area(client, owner).allowedSenders.update(owner.id, senderId, {
        active,
      })
    )
  } catch (e) {
    throw adminSvcError(e, "changing an allowed sender")
  }
}

export async function removeAllowedSender(
  container: Container,
  owner: Owner,
  senderId: string
) {
  const { client } = adminDeps(container)
  try {
    const r = await area(client, owner).allowedSenders.remove(
      owner.id,
      senderId
    )
    return { id: senderId, removed: r.success === true }
  } catch (e) {
    throw adminSvcError(e, "removing an allowed sender")
  }
}

/** A beneficiary must be one registered here (there is no svc route to list them). */
export async function requireBeneficiary(
  container: Container,
  beneficiaryId: string
) {
  const { svcModule } = adminDeps(container)
  const [b] = await svcModule.listSvcBeneficiaries({
    beneficiary_id: beneficiaryId,
  })
  if (!b)
    throw notFound(
      `id: no beneficiary ${beneficiaryId} was registered from this store`
    )
  return b
}
