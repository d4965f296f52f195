// Sets up what svc needs in a store that was seeded any way (Medusa's starter seeds a Europe
// region): MYR as a store currency, a Malaysia region with the three svc providers, a tax region
// for my, a Malaysia service zone with a MYR shipping option and, when asked, MYR prices.
// Idempotent: a second run changes nothing and says so. Shipped in the package:
//
//   npx medusa exec ./node_modules/medusa-payment-svc/.medusa/server/src/scripts/setup-malaysia.js [sst=8] [shipping=10] [prices=from:eur:4.9]
//
// `medusa exec` hands over positional words only, so flags are name=value (`help` lists them).
import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { parseSetupFlags, USAGE } from "../lib/store-setup/flags"
import { setupMalaysia } from "../lib/store-setup/malaysia"

export default async function setupMalaysiaScript({
  container,
  args,
}: ExecArgs): Promise<void> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const flags = parseSetupFlags(args)
  if (flags.help) {
    logger.info(`medusa-payment-svc setup-malaysia:\n${USAGE}`)
    return
  }
  await setupMalaysia(container, flags, (line) =>
    logger.info(`svc setup: ${line}`)
  )
}
