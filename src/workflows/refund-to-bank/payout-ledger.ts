/**
 * The provider's side of `svc_payout` (refunds as payouts), through the svc
 * module's service, the table's one owner (src/modules/svc/service.ts:
 * claimPayout, recordPayoutSent, ...).
 *
 * The refund workflow (src/workflows/refund-to-bank) writes a REQUESTED row
 * with its Idempotency-Key *before* it asks Medusa for the refund; Medusa then
 * calls the provider's refundPayment with the new refund's id, and the
 * refund's metadata names the row (`svc_payout_id`). The provider claims the
 * row for that refund atomically, so one row is sent for at most one Medusa
 * refund.
 *
 * A payment provider lives in the payment module's own container, which holds
 * no svc module; the application's container (`@medusajs/framework`'s
 * `container`, where Medusa registers every module once the app has loaded)
 * does, as it holds Query for src/lib/medusa-data/medusa-reads.ts. It is resolved
 * at each call, not when the provider is built: the payment module may load
 * before the svc module. Where no svc module can be found (a provider
 * unit-tested alone) nothing is claimed and nothing is recorded, as the SQL
 * ledger did without a database connection.
 */
import { container as appContainer } from "@medusajs/framework"
import { SVC_MODULE } from "../../lib/svc-runtime/module-key"
import { emitSvcEvent, SvcEvents } from "../../lib/events/svc-events"
import type SvcModuleService from "../../modules/svc/service"
import type {
  NamedDestination,
  PayoutForRefund,
  PayoutRow,
} from "../../modules/svc/service"

export type { NamedDestination, PayoutRow }

type Resolver = { resolve: (key: string) => unknown }
type PayoutMethods = Pick<
  SvcModuleService,
  | "claimPayout"
  | "recordPayoutSent"
  | "recordPayoutNotSent"
  | "namedPayoutDestination"
  | "requestPayoutForRefund"
>

function isPayoutService(s: unknown): s is PayoutMethods {
  return (
    typeof s === "object" &&
    s !== null &&
    typeof (s as { claimPayout?: unknown }).claimPayout === "function"
  )
}

function serviceIn(c: Resolver | undefined): PayoutMethods | undefined {
  if (!c) return undefined
  try {
    const s = c.resolve(SVC_MODULE)
    return isPayoutService(s) ? s : undefined
  } catch {
    return undefined
  }
}

export class PayoutLedger {
  /** `scope`: a container holding the svc module (a job's, a route's); else the application's. */
  constructor(private readonly scope?: Resolver) {}

  private get service(): PayoutMethods | undefined {
    return serviceIn(this.scope) ?? serviceIn(appContainer)
  }

  /** The container the svc module was found in (its event bus too). */
  private get container(): Resolver | undefined {
    return serviceIn(this.scope)
      ? this.scope
      : serviceIn(appContainer)
        ? appContainer
        : undefined
  }

  /**
   * Claim a REQUESTED (or UNCERTAIN: finishing with the same key) row for a
   * refund. Null when the row does not exist or is already sent, failed or
   * claimed by a refund still running.
   */
  async claim(rowId: string, refundId: string): Promise<PayoutRow | null> {
    return (await this.service?.claimPayout(rowId, refundId)) ?? null
  }

  /** svc's answer recorded; `svc.refund_payout.sent` when this call made the payout known (once per payout). */
  async recordSent(
    rowId: string,
    p: {
      payoutId: string
      status: string
      fee?: string | null
      beneficiaryId?: string | null
    }
  ): Promise<void> {
    const made = await this.service?.recordPayoutSent(rowId, p)
    const container = this.container
    if (!made || !container) return
    await emitSvcEvent(container, SvcEvents.REFUND_PAYOUT_SENT, {
      id: made.id,
      payout_id: p.payoutId,
      refund_id: made.refund_id,
      payment_id: made.payment_id,
      order_id: made.order_id ?? null,
    })
  }

  /** FAILED (svc refused: nothing was sent) or UNCERTAIN (no answer: finish later with the same key). */
  async recordNotSent(
    rowId: string,
    status: "FAILED" | "UNCERTAIN",
    reason: string
  ): Promise<void> {
    await this.service?.recordPayoutNotSent(rowId, status, reason)
  }

  /** The destination named for this order's refunds (see SvcModuleService.namedPayoutDestination). */
  async namedDestination(
    paymentId: string,
    orderId: string | null
  ): Promise<NamedDestination | null> {
    return (
      (await this.service?.namedPayoutDestination(paymentId, orderId)) ?? null
    )
  }

  /** The payout request of a refund made by Medusa itself: one row per Medusa refund, its key stored before anything is sent. */
  async requestForRefund(args: PayoutForRefund): Promise<string> {
    const service = this.service
    if (!service)
      throw new Error(
        "svc: the svc module is not loaded, so no payout request can be stored"
      )
    return service.requestPayoutForRefund(args)
  }
}
