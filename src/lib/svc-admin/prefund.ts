import type { MedusaContainer } from "@medusajs/framework/types"
import { adminDeps } from "./context"
import { svcCall } from "./errors"

/** `GET /v1/payout/prefund/balance`: `available` in sen (string). */
export const prefundBalance = (container: MedusaContainer) =>
  svcCall("reading svc", async () => ({
    available_sen: (await adminDeps(container).client.payouts.prefund.balance())
      .available,
  }))
