import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { SvcNotFoundError } from "../../../client/errors"
import type { AllowedSender } from "../../../client/schemas/allowed-senders"
import { adminDeps } from "../../../lib/svc-admin/context"
import {
  adminSvcError,
  ALLOWED_SENDERS_LIMIT,
  svcCall,
} from "../../../lib/svc-admin/errors"
import type { AllowedSenderAdd, AllowedSenderChange } from "./validators"

/**
 * Trigger addresses and their allowed senders, the same routes under
 * /admin/svc/bank-accounts/:id (wallet area) and /admin/svc/beneficiaries/:id
 * (payout area).
 */
type Owner = { type: "BANK_ACCOUNT" | "BENEFICIARY"; id: string }
type Req<Body = unknown> = AuthenticatedMedusaRequest<Body>

/** The owner, svc's area of it, the plugin's tables, and the owner as they store it. */
function ownerDeps(container: MedusaContainer, owner: Owner) {
  const { client, svcModule } = adminDeps(container)
  const area = owner.type === "BANK_ACCOUNT" ? client.wallet : client.payouts
  const owned = { owner_type: owner.type, owner_id: owner.id }
  return { owner, area, svcModule, owned }
}

const senderView = (s: AllowedSender) => ({
  id: s.id,
  address: s.address,
  label: s.label,
  active: s.active,
  created_at: s.createdAt,
})

/** The allowed senders with "n of 50" (disabled ones count, spec: Limits). No trigger address yet: an empty list, no error. */
export async function listAllowedSenders(
  container: MedusaContainer,
  owner: Owner
) {
  const { area, svcModule, owned } = ownerDeps(container, owner)
  // the stored trigger address (svc has no read route for one)
  const [stored] = await svcModule.listSvcTriggerAddresses(owned)
  const trigger_address = stored?.address ?? null
  let senders: AllowedSender[] | null = null
  try {
    senders = await area.allowedSenders.list(owner.id)
  } catch (e) {
    if (!(e instanceof SvcNotFoundError))
      throw adminSvcError(e, "listing allowed senders")
  }
  const n = senders?.length ?? 0
  return {
    trigger_address,
    allowed_senders: (senders ?? []).map(senderView),
    count: n,
    limit: ALLOWED_SENDERS_LIMIT,
    note: !senders
      ? "no trigger address yet: create it first"
      : n >= ALLOWED_SENDERS_LIMIT
        ? `${n} of ${ALLOWED_SENDERS_LIMIT}: the limit is reached (disabled senders count); remove one to add another`
        : senders.some((s) => s.active)
          ? null
          : "no active allowed sender: deposits to the trigger address start no withdrawal until one is allowed",
  }
}

/** The routes of an owner type; path ids and bodies are checked in src/api/middlewares.ts. */
export function ownerRoutes(type: Owner["type"]) {
  const of = (req: Req) => ownerDeps(req.scope, { type, id: req.params.id })
  return {
    /**
     * POST …/:id/trigger-address: creates its trigger address, or returns the
     * one it has (one for life, spec: Create trigger address), and stores it.
     */
    async createAddress(req: Req, res: MedusaResponse) {
      const { owner, area, svcModule, owned } = of(req)
      const { address, network, destination } = await svcCall(
        "creating the trigger address",
        () => area.triggerAddresses.create(owner.id)
      )
      const data = { address, network, active: true }
      const [updated] = await svcModule.updateSvcTriggerAddresses({
        selector: owned,
        data,
      })
      if (!updated)
        await svcModule.createSvcTriggerAddresses({ ...owned, ...data })
      if (owner.type === "BENEFICIARY")
        await svcModule.updateSvcBeneficiaries({
          selector: { beneficiary_id: owner.id },
          data: { trigger_address: address },
        })
      res.json({ trigger_address: { address, network, destination } })
    },
    /** GET …/:id/allowed-senders: the trigger address's allowed senders, "count of limit". */
    async listSenders(req: Req, res: MedusaResponse) {
      res.json(await listAllowedSenders(req.scope, of(req).owner))
    },
    /** POST …/:id/allowed-senders `{address, label?}`: allow a sender (403 at 50 explained). */
    async addSender(req: Req<AllowedSenderAdd>, res: MedusaResponse) {
      const { owner, area } = of(req)
      // the body as checked is the body svc takes ({address, label?})
      const s = await svcCall("adding an allowed sender", () =>
        area.allowedSenders.create(owner.id, req.validatedBody)
      )
      res.status(201).json({ allowed_sender: senderView(s) })
    },
    /** POST …/:id/allowed-senders/:sender_id `{active}`: disable (false) or enable (true). */
    async changeSender(req: Req<AllowedSenderChange>, res: MedusaResponse) {
      const { owner, area } = of(req)
      const s = await svcCall("changing an allowed sender", () =>
        area.allowedSenders.update(owner.id, req.params.sender_id, {
          active: req.validatedBody.active,
        })
      )
      res.json({ allowed_sender: senderView(s) })
    },
    /** DELETE …/:id/allowed-senders/:sender_id: remove it (frees a place in the 50). */
    async removeSender(req: Req, res: MedusaResponse) {
      const { owner, area } = of(req)
      const id = req.params.sender_id
      const r = await svcCall("removing an allowed sender", () =>
        area.allowedSenders.remove(owner.id, id)
      )
      res.json({ id, removed: r.success === true })
    },
  }
}
