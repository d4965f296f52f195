import { randomUUID } from "node:crypto"
import type { Container } from "../../lib/svc-admin/context"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  createHook,
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import { fromSen, MAX_AMOUNT_SEN, MIN_AMOUNT_SEN } from "../../client"
import { appendEntry, parseRinggit } from "../../lib/money/admin-input"
import { invalidData, sendFailure } from "../../lib/svc-runtime/errors"
import { SVC_MODULE } from "../../lib/svc-runtime/module-key"
import { sweepStep } from "../../lib/svc-runtime/sweep"
import {
  recordAnswer,
  UnrecordedSendError,
} from "../../lib/svc-runtime/unrecorded-send"
import { english, say, type Said } from "../../lib/texts"
import type SvcModuleService from "../../modules/svc/service"
import type { UnsentTable } from "../../modules/svc/service"

/**
 * One shape for money sent out of the svc wallet on an admin's request: a
 * withdrawal to a linked bank account (src/workflows/withdraw) and a token
 * transfer to an external address (src/workflows/transfer-tokens). Each is
 * checked by field, recorded with its Idempotency-Key (CREATING) before svc is
 * asked, then sent with that key: the same request_id never makes a second
 * one, and a send without an answer (UNCERTAIN) is finished with the same key.
 * A kind (OutKind) says only what differs: svc's call, the fields, the texts.
 */

/** What every stored send out of the wallet has (svc_withdrawal, svc_token_transfer). */
export type OutRow = {
  id: string
  status: string
  status_history: unknown
  idempotency_key: string
  amount_sen: unknown
  reference: string | null
}
/** The admin's request: a kind adds its own fields. */
export type OutRequest = {
  request_id?: string
  amount: string | number
  reference?: string
}
/** The fields every new row gets, beside its kind's own. */
type NewOutRow = {
  idempotency_key: string
  request_id: string | null
  amount_sen: number
  reference: string | null
  status: string
  status_history: Record<string, unknown>
  requested_by: string | null
}
type OutUpdate = {
  id: string
  status: string
  failure_reason: string | null
  status_history?: Record<string, unknown>
}

/** The workflow's answer: sent (or already), or `kept` with its key (svc did not answer: the job finishes it; a route answers 202); the row under the kind's key (`A`: `{withdrawal}`, `{transfer}`). */
export type OutAnswer<A> = {
  kept: boolean
  /** the answer line, in the catalogue's words (the route answers its English and code) */
  message: Said
} & A

/**
 * What recording a request decided: send a stored row (`created`: this request
 * recorded it; else an unsent or unanswered one again with its key), or answer
 * at once (the same request_id again, already sent or being sent).
 */
export type OutPlan<A> =
  | { send: { id: string; source: string }; created: boolean }
  | { send?: never; created: false; answer: OutAnswer<A> }

export type OutInput<Req> = {
  request: Req
  /** Who asked (the admin user's id), stored as `requested_by`. */
  actor_id?: string
}

/** A kind of send out of the wallet: what differs between a withdrawal and a token transfer. */
export type OutKind<
  Req extends OutRequest,
  Row extends OutRow,
  Fields,
  Sent extends { id: string; status: string },
  A,
> = {
  /** The answer's and the hook's body for a row: `{withdrawal: row}`, `{transfer: row}`. */
  wrap: (row: Row) => A
  /** Its name in errors and logs: "withdrawal", "token transfer". */
  what: string
  /** Its sentences' area in src/lib/texts (`<area>.sent`, `.again`, `.noAnswer`, …). */
  texts: "withdrawal" | "transfer"
  /** The same request_id found CREATING: answered 202 (the first request is sending it), or (false) sent again with its key. */
  waitsWhileSending: boolean
  table: UnsentTable
  /** Its status when svc refused it (nothing was sent). */
  refused: string
  rows: (svc: SvcModuleService) => {
    list: (filter: { request_id: string }) => Promise<Row[]>
    retrieve: (id: string) => Promise<Row>
    create: (data: NewOutRow & Fields) => Promise<Row>
    update: (data: OutUpdate, fields?: Partial<Fields>) => Promise<Row>
  }
  /** Checks the request by field against svc (throws naming the field): the row's own fields (`Fields`: also those svc's answer sets), and the wallet balance in sen the amount must fit in (checked last). */
  check: (
    container: Container,
    input: Req,
    amountSen: number
  ) => Promise<[fields: Fields, balance: string]>
  /** The same request_id again must say the same thing: these fields, the amount and the reference. */
  same: readonly (keyof Req & keyof Row & string)[]
  /** svc's id of the row (once known), and svc's call with the row's stored key and body. */
  svcId: (row: Row) => string | null
  send: (container: Container, row: Row) => Promise<Sent>
  /** The row's fields svc's answer sets beside its status, or null when the row says them already. */
  fromSvc: (sent: Sent, row: Row) => Partial<Fields> | null
  /** svc's refusal as the admin reads it. */
  sendError: (e: unknown) => Error
}

/** A CREATING row updated less than `ms` ago may still be in its first send: a sweep leaves it alone. */
export const maybeSending = (
  row: { status: string; updated_at: Date | string },
  ms: number
) => row.status === "CREATING" && Date.now() - +new Date(row.updated_at) < ms

/** Each row's step (a sweep's), failures counted in `report.errors` and logged, never thrown: how many did something. */
export async function eachRow<R>(
  container: Container,
  report: { errors: number },
  rows: R[],
  what: (r: R) => string,
  step: (r: R) => Promise<boolean>
) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  let done = 0
  for (const r of rows)
    if (await sweepStep(report, logger, what(r), () => step(r))) done++
  return done
}

/** The kind's record and send, and its rows in the svc module. */
export function outShape<
  Req extends OutRequest,
  Row extends OutRow,
  F,
  S extends { id: string; status: string },
  A,
>(kind: OutKind<Req, Row, F, S, A>) {
  type Plan = OutPlan<A>
  const rowsOf = (container: Container) =>
    kind.rows(container.resolve<SvcModuleService>(SVC_MODULE))
  const answer = (
    how: "sent" | "kept",
    row: Row,
    message: Said
  ): OutAnswer<A> => ({ kept: how === "kept", message, ...kind.wrap(row) })
  const said = (name: "noAnswer" | "unrecordedAnswer" | "unrecorded") =>
    say(`${kind.texts}.${name}`)
  const status = (row: Row, svcId = kind.svcId(row)) => ({
    [kind.texts]: svcId ?? row.id,
    status: row.status,
  })

  /** A stored row's status written with its history entry (and the reason, or none). */
  const mark = (
    container: Container,
    row: Row,
    status: string,
    source: string,
    reason: string | null
  ) =>
    rowsOf(container).update({
      id: row.id,
      status,
      failure_reason: reason,
      status_history: appendEntry(
        row.status_history,
        status,
        source,
        reason ?? undefined
      ),
    })

  /** The same request_id again: an unsent or unanswered row is sent again with its key; any other is answered as it stands. */
  function planAgain(row: Row): Plan {
    const sending = row.status === "CREATING" && kind.waitsWhileSending
    if (!sending && (row.status === "UNCERTAIN" || row.status === "CREATING"))
      return { send: { id: row.id, source: "admin-retry" }, created: false }
    const again = sending
      ? answer("kept", row, say("withdrawal.againSending"))
      : answer("sent", row, say(`${kind.texts}.again`, status(row)))
    return { created: false, answer: again }
  }

  /**
   * The first half: checks by field, then the row stored with its key
   * (CREATING) before any svc request. The same request_id again plans no new
   * row: its row is answered, or sent again with its own key.
   */
  async function record(
    container: Container,
    input: Req,
    actorId?: string
  ): Promise<Plan> {
    const amountSen = parseRinggit(
      input.amount,
      "amount",
      MIN_AMOUNT_SEN,
      MAX_AMOUNT_SEN
    )
    const rows = rowsOf(container)
    // a request_id names one send: another body is refused, naming what differs
    const sameRequest = async () => {
      const [row] = input.request_id
        ? await rows.list({ request_id: input.request_id })
        : []
      if (!row) return null
      // what differs ("amount (RM… then, RM… now)"), or null
      const f = kind.same.find((f) => String(row[f]) !== String(input[f]))
      const field = f
        ? `${f} (${String(row[f])} then, ${String(input[f])} now)`
        : Number(row.amount_sen) !== amountSen
          ? english(
              say("refund.amountThenNow", {
                then: fromSen(Number(row.amount_sen)),
                now: fromSen(amountSen),
              })
            )
          : (row.reference ?? null) !== (input.reference ?? null)
            ? `reference (${row.reference ?? "none"} then, ${input.reference ?? "none"} now)`
            : null
      if (field)
        throw invalidData(
          kind.texts === "withdrawal"
            ? say("withdrawal.requestIdUsed", { field })
            : `request_id: already used for another transfer; ${field} differs. A new transfer needs a new request_id`
        )
      return planAgain(row)
    }
    // the same form again (lost answer, double click): its row, before any check
    // that its own success would now fail (the balance it already moved)
    const again = await sameRequest()
    if (again) return again
    const [fields, balance] = await kind.check(container, input, amountSen)
    if (/^\d+$/.test(balance) && BigInt(balance) < BigInt(amountSen))
      throw invalidData(
        say(`${kind.texts}.balanceLow`, {
          balance: fromSen(balance),
          amount: fromSen(amountSen),
        })
      )
    try {
      const row = await rows.create({
        idempotency_key: randomUUID(),
        request_id: input.request_id ?? null,
        amount_sen: amountSen,
        reference: input.reference ?? null,
        status: "CREATING",
        status_history: appendEntry(null, "CREATING", "admin"),
        requested_by: actorId ?? null,
        ...fields,
      })
      return { send: { id: row.id, source: "admin" }, created: true }
    } catch (e) {
      // the same form twice at the same moment: the unique request_id let one row in
      const other = await sameRequest()
      if (other) return other
      throw e
    }
  }

  /** svc's answer written to the row (nothing written when it says what the row says). */
  async function apply(
    container: Container,
    row: Row,
    sent: S,
    source: string
  ) {
    const fields = kind.fromSvc(sent, row)
    if (!fields) return row
    const moved = row.status !== sent.status
    const history = appendEntry(row.status_history, sent.status, source)
    return rowsOf(container).update(
      {
        id: row.id,
        status: sent.status,
        failure_reason: null,
        ...(moved ? { status_history: history } : {}),
      },
      fields
    )
  }

  /**
   * Send (or send again: same key, same body) a stored row. Once svc was asked,
   * a failure to record its answer is an UnrecordedSendError (the row stays as
   * it was, with its key, for the job), never taken for "nothing was sent".
   */
  async function send(
    container: Container,
    row: Row,
    source: string
  ): Promise<OutAnswer<A>> {
    let sent: S
    try {
      sent = await kind.send(container, row)
    } catch (e) {
      const { uncertain, status, reason } = sendFailure(e, kind.refused)
      const updated = await recordAnswer(kind.what, row, () =>
        mark(container, row, status, source, reason)
      )
      if (uncertain) return answer("kept", updated, said("noAnswer"))
      throw kind.sendError(e)
    }
    const updated = await recordAnswer(kind.what, row, () =>
      apply(container, row, sent, source)
    )
    return answer(
      "sent",
      updated,
      say(`${kind.texts}.sent`, status(updated, sent.id))
    )
  }

  return { rowsOf, answer, said, mark, record, apply, send }
}

/**
 * The kind's workflow and its two steps, with their ids (public: a store runs
 * them and registers its handlers on the hook):
 * - the record step: checks by field (amount, what svc lists, the balance),
 *   then stores the row with its Idempotency-Key (CREATING) before any svc
 *   request. Compensation: a row this step recorded is removed only while
 *   nothing was sent for it (still CREATING, no svc id; one statement in the
 *   service). Once svc may have been asked, the send step has moved it on (or
 *   flagged it), so it stays.
 * - the send step: svc's call with the stored key and body, its answer
 *   recorded (UNCERTAIN when svc did not answer: 202, finished with the same
 *   key later; the refused status with the reason when svc refused, and the
 *   error thrown). A plan that only answers sends nothing. When svc was asked
 *   but its answer could not be written, the step does not fail (a failure
 *   would let the record step remove a row svc may have acted on): it answers
 *   202 and the row keeps its key for the job. Compensation (a later step
 *   failed, e.g. a store's hook handler): money may have moved, so nothing is
 *   undone; a row whose answer was not written is flagged UNCERTAIN, which
 *   keeps it from the record step's compensation and has the job finish it.
 * - the hook (`requested`: its data from the answer and the plan, e.g.
 *   `{withdrawal, first}`) runs once the row is recorded and sent (or kept with
 *   its key). A handler that throws fails the run, but the send is never undone.
 */
export function outWorkflow<
  Req extends OutRequest,
  Row extends OutRow,
  F,
  S extends { id: string; status: string },
  A,
  H extends string,
  D,
>(
  kind: OutKind<Req, Row, F, S, A>,
  ids: { workflow: string; record: string; send: string; flow: string },
  hook: H,
  requested: (
    answer: WorkflowData<OutAnswer<A>>,
    plan: WorkflowData<OutPlan<A>>
  ) => D
) {
  const shape = outShape(kind)
  const recordStep = createStep(
    ids.record,
    async (input: OutInput<Req>, { container }) => {
      const plan = await shape.record(container, input.request, input.actor_id)
      const created = plan.created && plan.send ? plan.send.id : null
      return new StepResponse(plan, created)
    },
    async (createdId, { container }) => {
      if (!createdId) return
      await container
        .resolve<SvcModuleService>(SVC_MODULE)
        .deleteUnsentSvcRequest(kind.table, createdId)
    }
  )
  const sendStep = createStep(
    ids.send,
    async (plan: OutPlan<A>, { container }) => {
      if (!plan.send)
        return new StepResponse<OutAnswer<A>, string | null>(plan.answer, null)
      const row = await shape.rowsOf(container).retrieve(plan.send.id)
      let answer: OutAnswer<A>
      try {
        answer = await shape.send(container, row, plan.send.source)
      } catch (e) {
        if (!(e instanceof UnrecordedSendError)) throw e
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(`svc: ${e.message}`)
        answer = shape.answer("kept", row, shape.said("unrecordedAnswer"))
      }
      return new StepResponse(answer, row.id)
    },
    async (sentId, { container }) => {
      if (!sentId) return
      const row = await shape.rowsOf(container).retrieve(sentId)
      if (row.status === "CREATING") {
        const reason = english(shape.said("unrecorded"))
        await shape.mark(container, row, "UNCERTAIN", "workflow", reason)
      }
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `svc: ${kind.what} ${row.id} was sent to svc (${row.status}) before a later step of the ${ids.flow} workflow failed; it is kept, not undone`
        )
    }
  )
  const workflow = createWorkflow(
    ids.workflow,
    (input: WorkflowData<OutInput<Req>>) => {
      const plan = recordStep(input)
      const answer = sendStep(plan)
      return new WorkflowResponse(answer, {
        hooks: [createHook(hook, requested(answer, plan))],
      })
    }
  )
  return { ...shape, recordStep, sendStep, workflow }
}

/** What a tracking workflow takes: one row's id (the kind's own key), or none for the sweep; `source` written in its history. */
export type TrackInput = {
  id?: string
  withdrawal_id?: string
  source?: string
  finish_only?: boolean
  max?: number
}

/**
 * A tracking workflow and its one step (`track`: one row re-read from svc, or
 * without its id the kind's sweep). No compensation: it only records what svc
 * says has happened.
 */
export function trackWorkflow<R>(
  ids: { workflow: string; step: string },
  track: (container: Container, input: TrackInput) => Promise<R>
) {
  const step = createStep(
    ids.step,
    async (input: TrackInput, { container }) =>
      new StepResponse(await track(container, input), null)
  )
  const workflow = createWorkflow(
    ids.workflow,
    (input: WorkflowData<TrackInput>) => new WorkflowResponse(step(input))
  )
  return { step, workflow }
}
