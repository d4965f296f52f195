import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { SVC_MODULE } from "../../../modules/svc"
import type SvcModuleService from "../../../modules/svc/service"
import { appendEntry } from "../../../lib/money/admin-input"
import { UnrecordedSendError } from "../../../lib/svc-runtime/unrecorded-send"
import { english, say } from "../../../lib/texts"
import {
  sendWithdrawal,
  type WithdrawalAnswer,
  type WithdrawalPlan,
  type WithdrawalRow,
} from "../withdrawals"

export const sendWithdrawalStepId = "svc-send-withdrawal"

type Sent = { id: string; unrecorded: boolean } | null

/**
 * `POST /v1/wallet/fiat/withdrawals` with the stored key and body, svc's answer
 * recorded (PENDING…; UNCERTAIN when svc did not answer: 202, the job finishes it;
 * FAILED with the reason when svc refused, and the error thrown). A plan that only
 * answers (the same request_id again) sends nothing.
 *
 * When svc was asked but its answer could not be written, the step does not fail
 * (a failure would let the record step remove a row svc may have acted on): it
 * answers 202 and the row stays CREATING with its key for the job.
 *
 * Compensation (a later step failed, e.g. a store's hook handler): money may have
 * moved, so nothing is undone. A row whose answer was not written is flagged
 * UNCERTAIN, which keeps it from the record step's compensation and has the job
 * finish it with the same key.
 */
export const sendWithdrawalStep = createStep(
  sendWithdrawalStepId,
  async (plan: WithdrawalPlan, { container }) => {
    if (!plan.send)
      return new StepResponse<WithdrawalAnswer, Sent>(plan.answer, null)
    try {
      const answer = await sendWithdrawal(
        container,
        plan.send.id,
        plan.send.source
      )
      return new StepResponse<WithdrawalAnswer, Sent>(answer, {
        id: plan.send.id,
        unrecorded: false,
      })
    } catch (e) {
      if (!(e instanceof UnrecordedSendError)) throw e
      const row = e.row as WithdrawalRow
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`svc: ${e.message}`)
      return new StepResponse<WithdrawalAnswer, Sent>(
        {
          httpStatus: 202,
          withdrawal: row,
          message:
            "svc was asked, but its answer could not be recorded; the withdrawal is kept with its key and the reconciliation job will finish it (no second withdrawal can be made)",
        },
        { id: row.id, unrecorded: true }
      )
    }
  },
  async (sent, { container }) => {
    if (!sent) return
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const svcModule = container.resolve<SvcModuleService>(SVC_MODULE)
    const row = await svcModule.retrieveSvcWithdrawal(sent.id)
    if (row.status === "CREATING") {
      const reason = english(say("withdrawal.unrecorded"))
      await svcModule.updateSvcWithdrawals({
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
    logger.warn(
      `svc: withdrawal ${row.id} was sent to svc (${row.status}) before a later step of the withdraw workflow failed; it is kept, not undone`
    )
  }
)
