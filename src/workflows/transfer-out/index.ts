import { randomUUID } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  createHook,
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  WorkflowResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import { MAX_AMOUNT_SEN, MIN_AMOUNT_SEN } from "../../client"
import { appendEntry, parseRinggit } from "../../lib/money/admin-input"
import { sendFailure } from "../../lib/svc-runtime/errors"
import { SVC_MODULE } from "../../lib/svc-runtime/module-key"
import {
  recordAnswer,
  UnrecordedSendError,
} from "../../lib/svc-runtime/unrecorded-send"
import { english, type Said } from "../../lib/texts"
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

type Container = MedusaContainer

/** What every stored send out of the wallet has (svc_withdrawal, svc_token_transfer). */
export type OutRow = {
  id: string
  status: string
  status_history: unknown
  idempotency_key: string
}
/** The admin's request: a kind adds its own fields. */
export type OutRequest = {
  request_id?: string
  amount: string | number
  reference?: string
}
/** The fields every new row gets, beside its kind's own. */
export type NewOutRow = {
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
  status_history: Record<string, unknown>
}

/** The workflow's answer: 200 sent (or already), 202 kept with its key; the row under the kind's key. */
export type OutAnswer<K extends string, Row> = {
  httpStatus: 200 | 202
  /** the answer line, in the catalogue's words (the route answers its English and code) */
  message: Said
} & { [P in K]: Row }

/**
 * What recording a request decided: send a stored row (`created`: this request
 * recorded it; else an unsent or unanswered one again with its key), or answer
 * at once (the same request_id again, already sent or being sent).
 */
export type OutPlan<K extends string, Row> =
  | { send: { id: string; source: string }; created: boolean; answer: null }
  | { send: null; created: false; answer: OutAnswer<K, Row> }

/** What a `…Requested` hook handler receives: the stored row, and whether this run recorded it. */
export type OutRequested<K extends string, Row> = { [P in K]: Row } & {
  first: boolean
}

export type OutInput<Req> = {
  request: Req
  /** Who asked (the admin user's id), stored as `requested_by`. */
  actor_id?: string
}

/** A kind of send out of the wallet: what differs between a withdrawal and a token transfer. */
export type OutKind<
  K extends string,
  Req extends OutRequest,
  Row extends OutRow,
  Fields,
  Sent extends { id: string; status: string },
> = {
  /** The row's key in the answer and the hook's data: "withdrawal", "transfer". */
  key: K
  /** Its name in errors and logs: "withdrawal", "token transfer". */
  what: string
  table: UnsentTable
  /** Its status when svc refused it (nothing was sent). */
  refused: string
  rows: (svc: SvcModuleService) => {
    list: (filter: { request_id: string }) => Promise<Row[]>
    retrieve: (id: string) => Promise<Row>
    create: (data: NewOutRow & Fields) => Promise<Row>
    update: (data: OutUpdate) => Promise<Row>
  }
  /** Checks the request by field against svc (throws naming the field); the row's own fields. */
  check: (
    container: Container,
    input: Req,
    amountSen: number
  ) => Promise<Fields>
  /** The same request_id again must say the same thing (throws naming the field). */
  same: (row: Row, input: Req, amountSen: number) => void
  /** svc's call, with the row's stored key and body. */
  send: (container: Container, row: Row) => Promise<Sent>
  /** svc's answer written to the row. */
  recordSent: (
    container: Container,
    row: Row,
    sent: Sent,
    source: string
  ) => Promise<Row>
  /** svc's refusal as the admin reads it. */
  sendError: (e: unknown) => Error
  texts: {
    sent: (sent: Sent) => Said
    again: (row: Row) => Said
    /** The same request_id found CREATING: answered 202 with this (the first request is sending it), or (null) sent again with its key. */
    againSending: Said | null
    noAnswer: Said
    /** A later step failed before svc's answer was recorded. */
    unrecorded: Said
    /** svc was asked but its answer could not be written: the 202's message. */
    unrecordedAnswer: Said
  }
}

/** A CREATING row updated less than `ms` ago may still be in its first send: a sweep leaves it alone. */
export const maybeSending = (
  row: { status: string; updated_at: Date | string },
  ms: number
) => row.status === "CREATING" && Date.now() - +new Date(row.updated_at) < ms

/** `{[key]: value}` typed by its key. */
function keyed<K extends string, V>(key: K, value: V) {
  return { [key]: value } as { [P in K]: V }
}

/** The kind's record and send, and its rows in the svc module. */
export function outShape<
  K extends string,
  Req extends OutRequest,
  Row extends OutRow,
  F,
  S extends { id: string; status: string },
>(kind: OutKind<K, Req, Row, F, S>) {
  type Answer = OutAnswer<K, Row>
  type Plan = OutPlan<K, Row>
  const rowsOf = (container: Container) =>
    kind.rows(container.resolve<SvcModuleService>(SVC_MODULE))
  const answer = (httpStatus: 200 | 202, row: Row, message: Said): Answer => ({
    httpStatus,
    ...keyed(kind.key, row),
    message,
  })

  /** The same request_id again: an unsent or unanswered row is sent again with its key; any other is answered as it stands. */
  function planAgain(row: Row): Plan {
    const sending = row.status === "CREATING" && kind.texts.againSending
    if (!sending && (row.status === "UNCERTAIN" || row.status === "CREATING"))
      return {
        send: { id: row.id, source: "admin-retry" },
        created: false,
        answer: null,
      }
    return {
      send: null,
      created: false,
      answer: sending
        ? answer(202, row, sending)
        : answer(200, row, kind.texts.again(row)),
    }
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
    const sameRequest = async () => {
      const [row] = input.request_id
        ? await rows.list({ request_id: input.request_id })
        : []
      if (!row) return null
      kind.same(row, input, amountSen)
      return planAgain(row)
    }
    // the same form again (lost answer, double click): its row, before any check
    // that its own success would now fail (the balance it already moved)
    const again = await sameRequest()
    if (again) return again
    const fields = await kind.check(container, input, amountSen)
    let row: Row
    try {
      row = await rows.create({
        idempotency_key: randomUUID(),
        request_id: input.request_id ?? null,
        amount_sen: amountSen,
        reference: input.reference ?? null,
        status: "CREATING",
        status_history: appendEntry(null, "CREATING", "admin"),
        requested_by: actorId ?? null,
        ...fields,
      })
    } catch (e) {
      // the same form twice at the same moment: the unique request_id let one row in
      const other = await sameRequest()
      if (other) return other
      throw e
    }
    return {
      send: { id: row.id, source: "admin" },
      created: true,
      answer: null,
    }
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
  ): Promise<Answer> {
    let sent: S
    try {
      sent = await kind.send(container, row)
    } catch (e) {
      const { uncertain, status, reason } = sendFailure(e, kind.refused)
      const updated = await recordAnswer(kind.what, row, () =>
        rowsOf(container).update({
          id: row.id,
          status,
          failure_reason: reason,
          status_history: appendEntry(
            row.status_history,
            status,
            source,
            reason
          ),
        })
      )
      if (uncertain) return answer(202, updated, kind.texts.noAnswer)
      throw kind.sendError(e)
    }
    const updated = await recordAnswer(kind.what, row, () =>
      kind.recordSent(container, row, sent, source)
    )
    return answer(200, updated, kind.texts.sent(sent))
  }

  return { rowsOf, answer, record, send }
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
 * - the hook runs once the row is recorded and sent (or kept with its key). A
 *   handler that throws fails the run, but the send is never undone.
 */
export function outWorkflow<
  K extends string,
  Req extends OutRequest,
  Row extends OutRow,
  F,
  S extends { id: string; status: string },
  H extends string,
>(
  kind: OutKind<K, Req, Row, F, S>,
  ids: { workflow: string; record: string; send: string; flow: string },
  hook: H
) {
  const shape = outShape(kind)
  const requestedOf = (
    answer: OutAnswer<K, Row>,
    plan: OutPlan<K, Row>
  ): OutRequested<K, Row> => ({
    ...keyed(kind.key, answer[kind.key]),
    first: plan.created,
  })
  const recordStep = createStep(
    ids.record,
    async (input: OutInput<Req>, { container }) => {
      const plan = await shape.record(container, input.request, input.actor_id)
      return new StepResponse<OutPlan<K, Row>, string | null>(
        plan,
        plan.created && plan.send ? plan.send.id : null
      )
    },
    async (createdId, { container }) => {
      if (!createdId) return
      await container
        .resolve<SvcModuleService>(SVC_MODULE)
        .deleteUnsentSvcRequest(kind.table, createdId)
    }
  )
  type Sent = { id: string } | null
  const sendStep = createStep(
    ids.send,
    async (plan: OutPlan<K, Row>, { container }) => {
      if (!plan.send)
        return new StepResponse<OutAnswer<K, Row>, Sent>(plan.answer, null)
      const row = await shape.rowsOf(container).retrieve(plan.send.id)
      try {
        return new StepResponse<OutAnswer<K, Row>, Sent>(
          await shape.send(container, row, plan.send.source),
          { id: row.id }
        )
      } catch (e) {
        if (!(e instanceof UnrecordedSendError)) throw e
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(`svc: ${e.message}`)
        return new StepResponse<OutAnswer<K, Row>, Sent>(
          shape.answer(202, row, kind.texts.unrecordedAnswer),
          { id: row.id }
        )
      }
    },
    async (sent, { container }) => {
      if (!sent) return
      const rows = shape.rowsOf(container)
      const row = await rows.retrieve(sent.id)
      if (row.status === "CREATING") {
        const reason = english(kind.texts.unrecorded)
        await rows.update({
          id: row.id,
          status: "UNCERTAIN",
          failure_reason: reason,
          status_history: appendEntry(
            row.status_history,
            "UNCERTAIN",
            "workflow",
            reason
          ),
        })
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
      // the SDK's WorkflowData types do not resolve over a generic key: the step's own types
      const requested = transform({ answer, plan }, (v) =>
        requestedOf(v.answer as OutAnswer<K, Row>, v.plan as OutPlan<K, Row>)
      )
      return new WorkflowResponse(answer, {
        hooks: [createHook(hook, requested)],
      })
    }
  )
  return { ...shape, recordStep, sendStep, workflow }
}

/**
 * A tracking workflow's input: the id under `Id` re-reads that one row;
 * without it, the sweep (with the kind's own options). `source`: who asked,
 * written in the status history.
 */
export type TrackInput<Id extends string, SweepOptions = object> = {
  [P in Id]?: string
} & { source?: string } & SweepOptions

/**
 * A tracking workflow and its step: one row re-read from svc (`one`), or (no
 * id) the kind's sweep. Answers `{[key]: one's result, report}`, the other
 * null. No compensation: it only records what svc says has happened.
 */
export function trackWorkflow<
  Id extends string,
  O,
  K extends string,
  One,
  Report,
>(
  ids: { workflow: string; step: string },
  idKey: Id,
  key: K,
  one: (container: Container, id: string, source?: string) => Promise<One>,
  sweep: (container: Container, input: TrackInput<Id, O>) => Promise<Report>
) {
  type Result = { [P in K]: Awaited<One> | null } & {
    report: Awaited<Report> | null
  }
  const step = createStep(
    ids.step,
    async (input: TrackInput<Id, O>, { container }) => {
      const named: { [P in Id]?: string } = input
      const id = named[idKey]
      const result: Result = {
        ...keyed(key, id ? await one(container, id, input.source) : null),
        report: id ? null : await sweep(container, input),
      }
      return new StepResponse<Result, null>(result, null)
    }
  )
  const workflow = createWorkflow(
    ids.workflow,
    (input: WorkflowData<TrackInput<Id, O>>) =>
      // the SDK's WorkflowData types do not resolve over a generic key: the step's own result
      new WorkflowResponse(step(input) as WorkflowData<Result>)
  )
  return { step, workflow }
}
