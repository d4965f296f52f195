import { randomUUID } from "node:crypto"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { fromSen, MAX_AMOUNT_SEN, MIN_AMOUNT_SEN } from "../../client"
import { EVM_ADDRESS_RE, SOLANA_ADDRESS_RE } from "../../client/schemas/common"
import type {
  Network,
  TokenTransfer,
  TokenTransferCreateBody,
} from "../../client/schemas/wallet"
import { sendFailure } from "../../lib/svc-runtime/errors"
import {
  appendEntry,
  invalidData,
  parseRinggit,
} from "../../lib/money/admin-input"
import { recordAnswer } from "../../lib/svc-runtime/unrecorded-send"
import { adminDeps, type Container } from "../../lib/svc-admin/context"
import { adminSvcError, notFound } from "../../lib/svc-admin/errors"
import { english, say } from "../../lib/texts"

/** A token transfer as the admin asked it (src/api/admin/svc/token-transfers/validators.ts checks its shape). */
export type TokenTransferRequest = {
  request_id: string
  network_id: string
  token_id: string
  address_to: string
  amount: string | number
  reference?: string
}

/**
 * spec: Token transfer status: first CREATED (EVM) or PENDING (Solana), the
 * rest "not shown". COMPLETED is the sandbox's last step; FAILED, REJECTED and
 * CANCELLED are taken as final too (as for fiat withdrawals).
 */
export const FINAL_TRANSFER = ["COMPLETED", "FAILED", "REJECTED", "CANCELLED"]
/** Ours: not yet known to svc (CREATING), sent without an answer (UNCERTAIN), refused by svc (NOT_SENT). */
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

/** What the transfer workflow answers: 200 sent (or already), 202 kept with its key. */
export type TokenTransferAnswer = {
  httpStatus: 200 | 202
  transfer: Row
  message: string
}

/**
 * What recording a transfer request decided: send a stored transfer (`created`: this
 * request recorded it; else an unsent or unanswered one again with its key), or
 * answer at once (the same request_id again, already sent).
 */
export type TokenTransferPlan =
  | { send: { id: string; source: string }; created: boolean; answer: null }
  | { send: null; created: false; answer: TokenTransferAnswer }

/**
 * The first half of a token transfer from the svc wallet to an external address
 * (the transfer workflow, src/workflows/transfer-tokens), one per request whatever
 * is retried:
 * - the admin's `request_id` is unique: sending the same request again returns
 *   its row (and finishes it with the stored key if it was left unanswered);
 * - the row and its Idempotency-Key are stored (CREATING) before
 *   `POST /v1/wallet/token/withdrawals` (sendTokenTransfer); the client retries a
 *   timeout with the same key, and svc returns the first transfer for 24 hours;
 * - no answer at all: UNCERTAIN, finished with the same key later.
 * Every field is checked before the call (amount, reference, the network and
 * token from GET /v1/wallet/networks, the address on that network, the balance).
 */
export async function recordTokenTransfer(
  container: Container,
  input: TokenTransferRequest,
  actorId?: string
): Promise<TokenTransferPlan> {
  const { svcModule } = adminDeps(container)
  const amountSen = parseRinggit(
    input.amount,
    "amount",
    MIN_AMOUNT_SEN,
    MAX_AMOUNT_SEN
  )
  const [again] = await svcModule.listSvcTokenTransfers({
    request_id: input.request_id,
  })
  if (again) return planFor(sameRequest(again, input, amountSen), "admin-retry")

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
      english(
        say("transfer.balanceLow", {
          balance: fromSen(balance.walletBalance),
          amount: fromSen(amountSen),
        })
      )
    )
  }

  let row: Row
  try {
    row = await svcModule.createSvcTokenTransfers({
      request_id: input.request_id,
      idempotency_key: randomUUID(),
      token_id: token.id,
      network_id: network.id,
      network_name: network.name,
      token_symbol: text((token as Loose).symbol),
      address_to: input.address_to,
      amount_sen: amountSen,
      reference: input.reference ?? null,
      status: "CREATING",
      status_history: appendEntry(null, "CREATING", "admin"),
      requested_by: actorId ?? null,
    })
  } catch (e) {
    // the same request arrived twice at once: the unique request_id let one row in
    const [other] = await svcModule.listSvcTokenTransfers({
      request_id: input.request_id,
    })
    if (other)
      return planFor(sameRequest(other, input, amountSen), "admin-retry")
    throw e
  }
  return { send: { id: row.id, source: "admin" }, created: true, answer: null }
}

/** A request id names one transfer: sent again, it must say the same thing. */
function sameRequest(
  row: Row,
  input: TokenTransferRequest,
  amountSen: number
): Row {
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
  return row
}

/** An unsent or unanswered transfer is sent again with its key; any other is answered as it stands. */
function planFor(row: Row, source: string): TokenTransferPlan {
  if (UNSENT.includes(row.status))
    return { send: { id: row.id, source }, created: false, answer: null }
  return {
    send: null,
    created: false,
    answer: {
      httpStatus: 200,
      transfer: row,
      message: english(
        say("transfer.again", {
          transfer: String(row.transfer_id ?? row.id),
          status: String(row.status),
        })
      ),
    },
  }
}

/**
 * Send (or send again: same key, same body) a stored transfer. Once svc was
 * asked, a failure to record its answer is an UnrecordedSendError (the row stays
 * as it was, with its key), never taken for "nothing was sent".
 */
export async function sendTokenTransfer(
  container: Container,
  row: Row,
  source: string
): Promise<TokenTransferAnswer> {
  const { client, svcModule } = adminDeps(container)
  const body: TokenTransferCreateBody = {
    tokenId: row.token_id,
    addressTo: row.address_to,
    amount: Number(row.amount_sen),
    ...(row.reference ? { reference: row.reference } : {}),
  }
  let t: TokenTransfer
  try {
    t = await client.wallet.tokenWithdrawals.create(body, {
      idempotencyKey: row.idempotency_key,
    })
  } catch (e) {
    const { uncertain, status, reason } = sendFailure(e, "NOT_SENT")
    const updated = await recordAnswer("token transfer", row, () =>
      svcModule.updateSvcTokenTransfers({
        id: row.id,
        status,
        failure_reason: reason,
        status_history: appendEntry(row.status_history, status, source, reason),
      })
    )
    if (uncertain) {
      return {
        httpStatus: 202,
        transfer: updated,
        message: english(say("transfer.noAnswer")),
      }
    }
    throw adminSvcError(e, "sending the token transfer")
  }
  const updated = await recordAnswer("token transfer", row, () =>
    applyTransfer(container, row, t, source)
  )
  return {
    httpStatus: 200,
    transfer: updated,
    message: english(
      say("transfer.sent", { transfer: t.id, status: t.status })
    ),
  }
}

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
  if (!row) throw notFound(`id: no token transfer ${id}`)
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
  const staleBefore = Date.now() - 30_000
  const report = { refreshed: 0, errors: 0 }
  const open = await svcModule.listSvcTokenTransfers(
    { status: { $nin: [...FINAL_TRANSFER, "NOT_SENT"] } },
    { take: max, order: { updated_at: "ASC" } }
  )
  for (const r of open) {
    if (
      r.status === "CREATING" &&
      new Date(r.updated_at).getTime() > staleBefore
    )
      continue
    try {
      await refreshTokenTransfer(container, r.id, "poll")
      report.refreshed++
    } catch (e) {
      report.errors++
      logger.warn(
        `svc: refreshing token transfer ${r.id}: ${(e as Error).message}`
      )
    }
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
