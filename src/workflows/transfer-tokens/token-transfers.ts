import { EVM_ADDRESS_RE, SOLANA_ADDRESS_RE } from "../../client/schemas/common"
import type { Network, TokenTransfer } from "../../client/schemas/wallet"
import { invalidData, notFound } from "../../lib/svc-runtime/errors"
import {
  eachRow,
  maybeSending,
  type OutKind,
  type OutRequest,
  outShape,
} from "../transfer-out"
import { adminDeps, type Container } from "../../lib/svc-admin/context"
import type SvcModuleService from "../../modules/svc/service"
import { adminSvcError, svcCall } from "../../lib/svc-admin/errors"
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

const text = (v: unknown) => (typeof v === "string" ? v : null)
const num = (v: unknown) => (typeof v === "number" ? v : null)

/** A stored token transfer (svc_token_transfer row). */
export type TokenTransferRow = Awaited<
  ReturnType<SvcModuleService["retrieveSvcTokenTransfer"]>
>

/** Active networks and their tokens (spec: token ids are read at runtime, never configured). */
export async function listNetworks(container: Container) {
  const networks = await svcCall("reading svc", () =>
    adminDeps(container).client.wallet.networks()
  )
  return networks.map((n) => ({
    id: n.id,
    name: n.name,
    type: n.type,
    chain_id: num(n.chainId),
    // spec gap: a token's fields beyond id are not shown; symbol, name and decimals are passed on when svc gives them
    tokens: n.tokens.map((t) => ({
      id: t.id,
      symbol: text(t.symbol),
      name: text(t.name),
      decimals: num(t.decimals),
    })),
  }))
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
  TokenTransferRequest,
  TokenTransferRow,
  {
    request_id: string
    token_id: string
    network_id: string
    network_name: string
    token_symbol: string | null
    address_to: string
    transfer_id?: string
    fee_sen?: string
    tx_hash?: string | null
  },
  TokenTransfer,
  { transfer: TokenTransferRow }
> = {
  wrap: (row) => ({ transfer: row }),
  what: "token transfer",
  texts: "transfer",
  waitsWhileSending: false,
  table: "svc_token_transfer",
  refused: "NOT_SENT",
  rows: (svc) => ({
    list: (filter) => svc.listSvcTokenTransfers(filter),
    retrieve: (id) => svc.retrieveSvcTokenTransfer(id),
    create: (data) => svc.createSvcTokenTransfers(data),
    update: (data, fields) =>
      svc.updateSvcTokenTransfers({ ...data, ...fields }),
  }),
  async check(container, input) {
    const { client } = adminDeps(container)
    const [networks, balance] = await svcCall("reading svc", () =>
      Promise.all([client.wallet.networks(), client.wallet.balance()])
    )
    const network = networks.find((n) => n.id === input.network_id)
    if (!network)
      throw invalidData(
        `network_id: ${input.network_id} is not an active svc network (choose one from the list)`
      )
    const token = network.tokens.find((t) => t.id === input.token_id)
    if (!token)
      throw invalidData(`token_id: not an active token of ${network.name}`)
    checkAddress(network, input.address_to)
    const fields = {
      request_id: input.request_id,
      token_id: token.id,
      network_id: network.id,
      network_name: network.name,
      token_symbol: text(token.symbol),
      address_to: input.address_to,
    }
    return [fields, balance.walletBalance]
  },
  same: ["token_id", "network_id", "address_to"],
  svcId: (row) => row.transfer_id,
  send: (container, row) =>
    adminDeps(container).client.wallet.tokenWithdrawals.create(
      {
        tokenId: row.token_id,
        addressTo: row.address_to,
        amount: Number(row.amount_sen),
        ...(row.reference ? { reference: row.reference } : {}),
      },
      { idempotencyKey: row.idempotency_key }
    ),
  fromSvc: (t, row) =>
    row.transfer_id === t.id &&
    row.status === t.status &&
    row.tx_hash === t.txHash
      ? null
      : { transfer_id: t.id, fee_sen: t.fee, tx_hash: t.txHash },
  sendError: (e) => adminSvcError(e, "sending the token transfer"),
}
const shape = outShape(tokenTransfer)

/** Send (or send again: same key, same body) a stored transfer (src/workflows/transfer-out). */
export const sendTokenTransfer = shape.send

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
  const transferId = row.transfer_id
  if (!transferId || [...FINAL_TRANSFER, "NOT_SENT"].includes(row.status))
    return row
  const t = await svcCall("reading svc", () =>
    client.wallet.tokenWithdrawals.retrieve(transferId)
  )
  return shape.apply(container, row, t, source)
}

/**
 * Open transfers re-read from svc (at most `max`, least recently updated first):
 * the list calls it, and a job can. A CREATING row younger than 30 s may still
 * be in its first send and is left alone.
 */
export async function sweepTokenTransfers(container: Container, max = 10) {
  const { svcModule } = adminDeps(container)
  const report = { refreshed: 0, errors: 0 }
  const open = await svcModule.listSvcTokenTransfers(
    { status: { $nin: [...FINAL_TRANSFER, "NOT_SENT"] } },
    { take: max, order: { updated_at: "ASC" } }
  )
  report.refreshed = await eachRow(
    container,
    report,
    open.filter((r) => !maybeSending(r, 30_000)),
    (r) => `refreshing token transfer ${r.id}`,
    (r) => refreshTokenTransfer(container, r.id, "poll").then(() => true)
  )
  return report
}

/** The newest transfers; the open ones (at most 10 per call) are re-read from svc first. */
export async function listTokenTransfers(
  container: Container,
  q: { limit: number; offset: number }
) {
  await sweepTokenTransfers(container, 10)
  const [rows, count] = await adminDeps(
    container
  ).svcModule.listAndCountSvcTokenTransfers(
    {},
    { take: q.limit, skip: q.offset, order: { created_at: "DESC" } }
  )
  return { transfers: rows, count, limit: q.limit, offset: q.offset }
}
