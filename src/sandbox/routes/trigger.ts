import { z } from "@medusajs/framework/zod"
import type { Engine } from "../engine"
import { ApiError, notFound } from "../errors"
import type { RouteDef } from "../signed-api/router"
import type { AllowedSenderRec, TriggerAddressRec } from "../state"
import { iso, randomEvmAddress, uuid } from "../util"
import { ownRate, route, showById, withBody } from "./define"

// Trigger addresses and allowed senders, shared by the wallet area (bank accounts) and the payout
// area (beneficiaries). spec: Wallet; Payout area: deposit trigger addresses and deposits.

type Area = "WALLET" | "PAYOUT"

const senderBody = z.object({
  address: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, "must be 0x plus 40 hexadecimal characters"),
  label: z
    .string()
    .min(1, "must be 1-120 characters")
    .max(120, "must be 1-120 characters")
    .nullish(),
})
const patchBody = z.object({
  active: z.boolean({
    error: (i) => (i.input === undefined ? "is required" : "must be a boolean"),
  }),
})

export const triggerView = (t: TriggerAddressRec) => ({
  address: t.address,
  network: "EVM",
  destination: {
    type: t.area === "WALLET" ? "BANK_ACCOUNT" : "BENEFICIARY",
    id: t.destinationId,
  },
})

export const senderView = (x: AllowedSenderRec) => ({
  id: x.id,
  address: x.address,
  label: x.label,
  active: x.active,
  createdAt: iso(x.createdAt),
})

function destinationActive(engine: Engine, area: Area, id: string): boolean {
  if (area === "WALLET") return Boolean(engine.state.bankAccounts[id]?.active)
  return Boolean(engine.state.beneficiaries[id]?.active)
}

/** The route fields of an area's trigger-address and deposit routes. */
const areaFields = (area: Area) =>
  area === "WALLET"
    ? { area: "wallet" as const, feature: "autoWithdrawal" as const }
    : { area: "payout" as const, feature: "payoutAutoWithdrawal" as const }

export function triggerOf(
  engine: Engine,
  area: Area,
  destinationId: string
): TriggerAddressRec | undefined {
  return Object.values(engine.state.triggerAddresses).find(
    (t) => t.area === area && t.destinationId === destinationId
  )
}

function requireTrigger(
  engine: Engine,
  area: Area,
  destinationId: string
): TriggerAddressRec {
  const t = triggerOf(engine, area, destinationId)
  if (!t) throw notFound("trigger address")
  return t
}

export function triggerRoutes(area: Area): RouteDef[] {
  const param = area === "WALLET" ? "bankAccountId" : "beneficiaryId"
  const base =
    area === "WALLET"
      ? "/v1/wallet/bank-accounts/{bankAccountId}/address"
      : "/v1/payouts/beneficiaries/{beneficiaryId}/address"
  const common = areaFields(area)
  const wl = { key: `${area} whitelist writes`, limit: 60 }
  const senders = (engine: Engine, t: TriggerAddressRec) =>
    Object.values(engine.state.allowedSenders)
      .filter((x) => x.triggerAddress === t.address)
      .sort((a, b) => a.createdAt - b.createdAt || a.seq - b.seq)
  /** The allowed sender `{senderId}` of the destination's trigger address. */
  const findSender = (engine: Engine, params: Record<string, string>) => {
    const t = requireTrigger(engine, area, params[param])
    const x = engine.state.allowedSenders[params.senderId]
    if (!x || x.triggerAddress !== t.address) throw notFound("allowed sender")
    return x
  }
  return [
    route("POST", base, {
      ...common,
      rate: ownRate("POST", base, 20),
      handler: ({ engine, params }) => {
        if (!destinationActive(engine, area, params[param]))
          throw notFound(area === "WALLET" ? "bank account" : "beneficiary")
        let t = triggerOf(engine, area, params[param])
        if (!t) {
          t = {
            address: randomEvmAddress(),
            area,
            destinationId: params[param],
            active: true,
            createdAt: engine.now(),
          }
          engine.state.triggerAddresses[t.address] = t
          if (area === "PAYOUT")
            engine.state.beneficiaries[params[param]].autoWithdrawalAddress =
              t.address
        }
        return { status: 201, body: triggerView(t) }
      },
    }),
    route("GET", `${base}/whitelist`, {
      ...common,
      handler: ({ engine, params }) => ({
        status: 200,
        body: senders(engine, requireTrigger(engine, area, params[param])).map(
          senderView
        ),
      }),
    }),
    route("POST", `${base}/whitelist`, {
      ...common,
      rate: wl,
      handler: withBody(senderBody, ({ engine, params }, b) => {
        const t = requireTrigger(engine, area, params[param])
        const list = senders(engine, t)
        const address = b.address.toLowerCase()
        if (list.some((x) => x.address === address))
          throw new ApiError(
            400,
            "CONFLICT",
            "address is already an allowed sender"
          )
        if (list.length >= engine.state.limits.allowedSendersPerAddress)
          throw new ApiError(
            403,
            "LIMIT_EXCEEDED",
            `at most ${engine.state.limits.allowedSendersPerAddress} allowed senders per trigger address`
          )
        const x: AllowedSenderRec = {
          seq: engine.nextSeq(),
          id: uuid(),
          triggerAddress: t.address,
          address,
          label: b.label ?? null,
          active: true,
          createdAt: engine.now(),
        }
        engine.state.allowedSenders[x.id] = x
        return { status: 201, body: senderView(x) }
      }),
    }),
    route("PATCH", `${base}/whitelist/{senderId}`, {
      ...common,
      rate: wl,
      gate: "whitelistPatch",
      handler: withBody(patchBody, ({ engine, params }, body) => {
        const x = findSender(engine, params)
        x.active = body.active
        return { status: 200, body: senderView(x) }
      }),
    }),
    route("DELETE", `${base}/whitelist/{senderId}`, {
      ...common,
      rate: wl,
      handler: ({ engine, params }) => {
        const x = findSender(engine, params)
        delete engine.state.allowedSenders[x.id]
        return { status: 200, body: { success: true } }
      },
    }),
  ]
}

export const depositRoutes = (area: Area): RouteDef[] => {
  const prefix =
    area === "WALLET" ? "/v1/wallet/deposits" : "/v1/payouts/deposits"
  const common = areaFields(area)
  const checkBody = z.object({
    txHash: z
      .string()
      .regex(
        /^0x[0-9a-fA-F]{64}$/,
        "must be 0x plus 64 hexadecimal characters"
      ),
    chainId: z.number().int("must be an integer").positive("must be positive"),
  })
  return [
    route("GET", `${prefix}/{id}`, {
      ...common,
      handler: showById(
        "deposit",
        (engine, id) => {
          const d = engine.state.deposits[id]
          return d?.area === area && d.detected ? d : null
        },
        (engine, d) => engine.wallet.depositView(d)
      ),
    }),
    route("POST", `${prefix}/check-missed`, {
      ...common,
      rate: ownRate("POST", `${prefix}/check-missed`, 30),
      handler: withBody(checkBody, ({ engine }, b) => {
        return {
          status: 201,
          body: engine.wallet.checkMissed(area, b.txHash, b.chainId),
        }
      }),
    }),
    route("POST", `${prefix}/{id}/redrive`, {
      ...common,
      rate: ownRate("POST", `${prefix}/{id}/redrive`, 60),
      handler: ({ engine, params }) => ({
        status: 201,
        body: engine.wallet.redrive(area, params.id),
      }),
    }),
  ]
}
