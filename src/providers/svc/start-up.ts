import { container as appContainer } from "@medusajs/framework"
import type { LoaderOptions } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { observeSvcLedger } from "../../client/telemetry"
import { findSvcProviderConfig } from "../../lib/svc-runtime/config"
import { probeSvcHealth } from "../../lib/svc-runtime/health-probe"
import { sharedSvcClient } from "../../lib/svc-runtime/registry"
import { OPEN } from "../../lib/svc-runtime/status"
import { SvcModuleService, svcModuleFrom } from "../../modules/svc"
import { pruneWebhookLogs } from "../../api/hooks/svc/guard"
import { webhookTokenSettings } from "../../api/hooks/svc/webhook-token"
import {
  FINAL_WITHDRAWAL_STATUS,
  UNSETTLED_PAYOUT,
} from "../../modules/svc/statuses"

/**
 * The provider's loader (Medusa runs it when the payment module loads this
 * provider, migrations included): what it starts waits for the app's start
 * (the svc module's onApplicationStart runs it): svc is probed once
 * (`GET /v1/health`, not awaited: svc being slow or down must not hold the
 * boot up; src/lib/svc-runtime/health-probe.ts), the rate ceiling follows svc's
 * environment from the start, the ledger's counts become OpenTelemetry
 * gauges (read only when a store's metric reader collects), and what the
 * webhook path reads once per process (the webhook token's setting, the
 * hourly pruning of its log) is done here, not by the first webhook.
 */
export default async function svcStartUp({ container }: LoaderOptions) {
  const configModule = container.resolve(
    ContainerRegistrationKeys.CONFIG_MODULE
  )
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  SvcModuleService.atStart.push(() => {
    observeSvcLedger(ledgerCounts)
    const svc = svcModuleFrom()
    if (svc) void webhookTokenSettings.get(svc).catch(() => undefined)
    void pruneWebhookLogs(appContainer)
    void probeSvcHealth({ configModule, logger }).catch(() => undefined)
    try {
      // With no accountRateLimit, svc's networks are read once (the token id the first checkout
      // needs anyway, cached an hour), so the ceiling follows svc's environment before the first
      // shopper or settlement needs it; a failure leaves the lower ceiling, the next read tries again.
      const o = findSvcProviderConfig(configModule)?.options
      if (o && !o.accountRateLimit)
        void sharedSvcClient(o, logger)
          .catalog.tokenId()
          .catch(() => undefined)
    } catch {
      // invalid options stop the payment module with the reason
    }
  })
}

/** What the ledger holds that is not final (the svc module's tables). */
async function ledgerCounts() {
  const svc = svcModuleFrom()
  if (!svc) throw new Error("the svc module is not loaded")
  const count = { take: 1, select: ["id"] }
  const [, open_checkouts] = await svc.listAndCountSvcCheckouts(
    { status: [...OPEN] },
    count
  )
  const [, unsettled_payouts] = await svc.listAndCountSvcPayouts(
    { status: [...UNSETTLED_PAYOUT] },
    count
  )
  const [, unsettled_withdrawals] = await svc.listAndCountSvcWithdrawals(
    { status: { $nin: [...FINAL_WITHDRAWAL_STATUS] } },
    count
  )
  return { open_checkouts, unsettled_payouts, unsettled_withdrawals }
}
