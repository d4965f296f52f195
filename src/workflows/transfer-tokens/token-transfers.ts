import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { fromSen } from "../../client"
import { EVM_ADDRESS_RE, SOLANA_ADDRESS_RE } from "../../client/schemas/common"
import type {
  Network,
  TokenTransfer,
  TokenTransferCreateBody,
} from "../../client/schemas/wallet"
import { appendEntry, invalidData } from "../../lib/money/admin-input"
import {
  maybeSending,
  type OutKind,
  type OutRequest,
  outShape,
} from "../transfer-out"
import { sweepStep } from "../../lib/svc-runtime/sweep"
import { adminDeps, type Container } from "../../lib/svc-admin/context"
import { adminSvcError, notFound } from "../../lib/svc-admin/errors"
import { say } from "../../lib/texts"

/** A token transfer as the admin asked it (src/api/admin/svc/token-transfers/validators.ts checks its shape). */
export type TokenTransferRequest = OutRequest & {
  request_id: string
  network_id: string
  token_id: string
  address_to: string
}

/**
 * spec: Token transfer status: first CREATED (EVM) or PENDING (Solana), the
 * rest "not shown". COMPLETED is the sandbox's last step; FAILED, REJECTED and
 * CANCELLED are taken as final too (as for fiat withdrawals).
 */
export const FINAL_TRANSFER = ["COMPLETED", "FAILED", "REJECTED", "CANCELLED"]
/** Ours: not yet known to svc (CREATING), sent without an answer (UNCERTAIN); refused by svc: NOT_SENT. */
const UNSENT = ["CREATING", "UNCERTAIN"]

type Loose = Record<string, unknown>
const text = (v: unknown) => (typeof v === "string" ? v : null)
const num = (v: unknown) => (typeof v === "number" ? v : null)

/** A stored token transfer (svc_token_transfer row). */
export type TokenTransferRow = Awaited<
  ReturnType<
    ReturnType<typeof adminDeps>["svcModule"]["retrieveSvcTokenTransfer"]
  >
>
type Row = TokenTransferRow

/** Active networks and their tokens (spec: token ids are read at runtime, never configured). */
export async function listNetworks(container: Container) {
  const { client } = adminDeps(container)
  try {
    const networks = await client.wallet.networks()
    return networks.map((n) => ({
      id: n.id,
      name: n.name,
      type: n.type,
      chain_id: num((n as Loose).chainId),
      // spec gap: a token's fields beyond id are not shown; symbol, name and decimals are passed on when svc gives them
      tokens: n.tokens.map((t) => ({
        id: t.id,
        symbol: text((t as Loose).symbol),
        name: text((t as Loose).name),
        decimals: num((t as Loose).decimals),
      })),
    }))
  } catch (e) {
    throw adminSvcError(e, "reading svc")
  }
}

function checkAddress(network: Network, address: string) {
  const evm = network.type === "EVM"
  const ok = evm
    ? EVM_ADDRESS_RE.test(address)
    : network.type === "SOLANA"
      ? SOLANA_ADDRESS_RE.test(address)
      : EVM_ADDRESS_RE.test(address) || SOLANA_ADDRESS_RE.test(address)
  if (!ok) {
    throw invalidData(
      evm
        ? `address_to: must be an EVM address on ${network.name}: 0x followed by 40 hexadecimal characters`
        : `address_to: must be a Solana address on ${network.name}: base58, 32-44 characters`
    )
  }
}

/**
 * A token transfer to an external address as a send out of the wallet
 * (src/workflows/transfer-out): `POST /v1/wallet/token/withdrawals` with the
 * stored key (the client retries a timeout with it, and svc returns the first
 * transfer for 24 hours); the network and token checked against
 * GET /v1/wallet/networks, the address on that network, the balance. An unsent
 * or unanswered one found again is sent again with its key.
 */
export const tokenTransfer: OutKind<
  "transfer",
  TokenTransferRequest,
  Row,
  {
    request_id: string
    token_id: string
    network_id: string
    network_name: string
    token_symbol: string | null
    address_to: string
  },
  TokenTransfer
> = {
  key: "transfer",
  what: "token transfer",
  table: "svc_token_transfer",
  refused: "NOT_SENT",
  rows: (svc) => ({
    list: (filter) => svc.listSvcTokenTransfers(filter),
    retrieve: (id) => svc.retrieveSvcTokenTransfer(id),
    create: (data) => svc.createSvcTokenTransfers(data),
    update: (data) => svc.updateSvcTokenTransfers(data),
  }),
  async check(container, input, amountSen) {
    const { client } = adminDeps(container)
    let networks: Network[]
    let balance: { walletBalance: string }
    try {
      ;[networks, balance] = await Promise.all([
        client.wallet.networks(),
        client.wallet.balance(),
      ])
    } catch (e) {
      throw adminSvcError(e, "reading svc")
    }
    const network = networks.find((n) => n.id === input.network_id)
    if (!network)
      throw invalidData(
        `network_id: ${input.network_id} is not an active svc network (choose one from the list)`
      )
    const token = network.tokens.find((t) => t.id === input.token_id)
    if (!token)
      throw invalidData(`token_id: not an active token of ${network.name}`)
    checkAddress(network, input.address_to)
    if (
      /^\d+$/.test(balance.walletBalance) &&
      BigInt(balance.walletBalance) < BigInt(amountSen)
    ) {
      throw invalidData(
        say("transfer.balanceLow", {
          balance: fromSen(balance.walletBalance),
          amount: fromSen(amountSen),
        })
      )
    }
    return {
      request_id: input.request_id,
      token_id: token.id,
      network_id: network.id,
      network_name: network.name,
      token_symbol: text((token as Loose).symbol),
      address_to: input.address_to,
    }
  },
  // a request id names one transfer: sent again, it must say the same thing
  same(row, input, amountSen) {
    const same =
      row.token_id === input.token_id &&
      row.network_id === input.network_id &&
      row.address_to === input.address_to &&
      Number(row.amount_sen) === amountSen &&
      (row.reference ?? null) === (input.reference ?? null)
    if (!same)
      throw invalidData(
        `request_id: already used for another transfer (${fromSen(Number(row.amount_sen))} to ${row.address_to}); a new transfer needs a new request_id`
      )
  },
  send(container, row) {
    const body: TokenTransferCreateBody = {
      tokenId: row.token_id,
      addressTo: row.address_to,
      amount: Number(row.amount_sen),
      ...(row.reference ? { reference: row.reference } : {}),
    }
    return adminDeps(container).client.wallet.tokenWithdrawals.create(body, {
      idempotencyKey: row.idempotency_key,
    })
  },
  recordSent: (container, row, t, source) =>
    applyTransfer(container, row, t, source),
  sendError: (e) => adminSvcError(e, "sending the token transfer"),
  texts: {
    sent: (t) => say("transfer.sent", { transfer: t.id, status: t.status }),
    again: (row) =>
      say("transfer.again", {
        transfer: String(row.transfer_id ?? row.id),
        status: String(row.status),
      }),
    againSending: null,
    noAnswer: say("transfer.noAnswer"),
    unrecorded: say("transfer.unrecorded"),
    unrecordedAnswer: say("transfer.unrecordedAnswer"),
  },
}
const shape = outShape(tokenTransfer)

/** Send (or send again: same key, same body) a stored transfer (src/workflows/transfer-out). */
export const sendTokenTransfer = shape.send

async function applyTransfer(
  container: Container,
  row: Row,
  t: TokenTransfer,
  source: string
) {
  const { svcModule } = adminDeps(container)
  if (
    row.transfer_id === t.id &&
    row.status === t.status &&
    row.tx_hash === t.txHash
  )
    return row
  return svcModule.updateSvcTokenTransfers({
    id: row.id,
    transfer_id: t.id,
    status: t.status,
    fee_sen: t.fee,
    tx_hash: t.txHash,
    failure_reason: null,
    status_history:
      row.status === t.status
        ? row.status_history
        : appendEntry(row.status_history, t.status, source),
  })
}

/**
 * Follow a transfer to its final status: svc sends no token-transfer event
 * (spec: Events), so it is polled (GET /v1/wallet/token/withdrawals/{id}: a
 * CREATED EVM transfer is absent from the transactions list, read it by id).
 * An unsent or unanswered one is sent again with its stored key.
 */
export async function refreshTokenTransfer(
  container: Container,
  id: string,
  source: string
) {
  const { client, svcModule } = adminDeps(container)
  const [row] = await svcModule.listSvcTokenTransfers({ id })
  if (!row) throw notFound(say("tools.noTokenTransfer", { id }))
  if (UNSENT.includes(row.status))
    return (await sendTokenTransfer(container, row, source)).transfer
  if (
    !row.transfer_id ||
    FINAL_TRANSFER.includes(row.status) ||
    row.status === "NOT_SENT"
  )
    return row
  try {
    return await applyTransfer(
      container,
      row,
      await client.wallet.tokenWithdrawals.retrieve(row.transfer_id),
      source
    )
  } catch (e) {
    throw adminSvcError(e, "reading svc")
  }
}

/**
 * Open transfers re-read from svc (at most `max`, least recently updated first):
 * the list calls it, and a job can. A CREATING row younger than 30 s may still
 * be in its first send and is left alone.
 */
export async function sweepTokenTransfers(container: Container, max = 10) {
  const { svcModule } = adminDeps(container)
  const logger = container.resolve<{ warn: (m: string) => void }>(
    ContainerRegistrationKeys.LOGGER
  )
  const report = { refreshed: 0, errors: 0 }
  const open = await svcModule.listSvcTokenTransfers(
    { status: { $nin: [...FINAL_TRANSFER, "NOT_SENT"] } },
    { take: max, order: { updated_at: "ASC" } }
  )
  for (const r of open) {
    if (maybeSending(r, 30_000)) continue
    if (
      await sweepStep(report, logger, `refreshing token transfer ${r.id}`, () =>
        refreshTokenTransfer(container, r.id, "poll").then(() => true)
      )
    )
      report.refreshed++
  }
  return report
}

/** The newest transfers; the open ones (at most 10 per call) are re-read from svc first. */
export async function listTokenTransfers(
  container: Container,
  q: { limit: number; offset: number }
) {
  const { svcModule } = adminDeps(container)
  await sweepTokenTransfers(container, 10)
  const [rows, count] = await svcModule.listAndCountSvcTokenTransfers(
    {},
    { take: q.limit, skip: q.offset, order: { created_at: "DESC" } }
  )
  return { transfers: rows, count, limit: q.limit, offset: q.offset }
}
