/**
 * Seed for the load benches, run with `medusa exec bench/lib/seed.ts`: the demo's
 * store (demo/seed.ts: sales channel, publishable key, MYR region with the three
 * svc providers, products), plus Medusa's pp_system_default in that region as the
 * baseline provider. Writes {publishableKey, regionId, salesChannelId, variantId}
 * to BENCH_SEED_OUT.
 */
import { readFileSync, writeFileSync } from "node:fs"
import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { updateRegionsWorkflow } from "@medusajs/core-flows"
import seedDemo from "../../demo/seed"

const PROVIDERS = [
  "pp_svc-wallet_svc",
  "pp_svc-fpx_svc",
  "pp_svc-fpx-direct_svc",
  "pp_system_default",
]

export default async function seedBench(args: ExecArgs) {
  const out = process.env.BENCH_SEED_OUT
  if (!out) throw new Error("BENCH_SEED_OUT is not set")
  process.env.DEMO_SEED_OUT = out
  await seedDemo(args)
  const seeded = JSON.parse(readFileSync(out, "utf8")) as {
    publishableKey: string
    regionId: string
    salesChannelId: string
  }
  await updateRegionsWorkflow(args.container).run({
    input: {
      selector: { id: seeded.regionId },
      update: { payment_providers: PROVIDERS },
    },
  })
  const query = args.container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: products } = await query.graph({
    entity: "product",
    fields: ["handle", "variants.id"],
    filters: { handle: "batik-shirt" },
  })
  const variantId = (products[0] as { variants: { id: string }[] }).variants[0]
    .id
  writeFileSync(out, JSON.stringify({ ...seeded, variantId }, null, 2))
}
