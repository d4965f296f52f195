import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { SVC_MODULE } from "../../../modules/svc"
import type SvcModuleService from "../../../modules/svc/service"
import { appendEntry } from "../../../lib/money/admin-input"
import { UnrecordedSendError } from "../../../lib/svc-runtime/unrecorded-send"
import { english, say } from "../../../lib/texts"
import {
  sendTokenTransfer,
  type TokenTransferAnswer,
  type TokenTransferPlan,
  type TokenTransferRow,
} from "../token-transfers"

export const sendTokenTransferStepId = "svc-send-token-transfer"

type Sent = { id: string } | null

/**
 * `POST /v1/wallet/token/withdrawals` with the stored key and body, svc's answer
 * recorded (CREATED, PENDING…; UNCERTAIN when svc did not answer: 202, sent again
 * with the same key later; NOT_SENT with the reason when svc refused, and the error
 * thrown). A plan that only answers (the same request_id again) sends nothing.
 *
 * When svc was asked but its answer could not be written, the step does not fail
 * (a failure would let the record step remove a row svc may have acted on): it
 * answers 202 and the row keeps its key for the job.
 *
 * Compensation (a later step failed, e.g. a store's hook handler): tokens may have
 * moved, so nothing is undone. A row whose answer was not written is flagged
 * UNCERTAIN, which keeps it from the record step's compensation and has the job
 * send it again with the same key.
 */
export const sendTokenTransferStep = createStep(
  sendTokenTransferStepId,
  async (plan: TokenTransferPlan, { container }) => {
    if (!plan.send)
      return new StepResponse<TokenTransferAnswer, Sent>(plan.answer, null)
    const row = await container
      .resolve<SvcModuleService>(SVC_MODULE)
      .retrieveSvcTokenTransfer(plan.send.id)
    try {
      return new StepResponse<TokenTransferAnswer, Sent>(
        await sendTokenTransfer(container, row, plan.send.source),
        { id: row.id }
      )
    } catch (e) {
      if (!(e instanceof UnrecordedSendError)) throw e
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`svc: ${e.message}`)
      const answer: TokenTransferAnswer = {
        httpStatus: 202,
        transfer: row,
        message:
          "svc was asked, but its answer could not be recorded; the transfer is kept with its key. Send the same request again or refresh it later: svc makes at most one transfer for it.",
      }
      return new StepResponse<TokenTransferAnswer, Sent>(answer, { id: row.id })
    }
  },
  async (sent, { container }) => {
    if (!sent) return
    const svcModule = container.resolve<SvcModuleService>(SVC_MODULE)
    const row: TokenTransferRow = await svcModule.retrieveSvcTokenTransfer(
      sent.id
    )
    if (row.status === "CREATING") {
      const reason = english(say("transfer.unrecorded"))
      await svcModule.updateSvcTokenTransfers({
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
        `svc: token transfer ${row.id} was sent to svc (${row.status}) before a later step of the transfer workflow failed; it is kept, not undone`
      )
  }
)
