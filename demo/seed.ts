// Seeds the demo store, idempotently (a second run reuses what exists):
// a "Demo web store" sales channel, a publishable key linked to it, a Malaysia
// region in MYR with the three svc providers, three products priced in MYR
// (no inventory tracking), SST 8 % on Malaysia (prices exclude tax) and the
// 33 % promotion code RAYA33 (so carts have totals with fractions of a sen,
// as real Malaysian stores do: kopi RM36.90 + SST = 39.852), and the admin user DEMO_ADMIN_EMAIL whose password
// is set to DEMO_ADMIN_PASSWORD. Writes {publishableKey, regionId} as JSON to
// DEMO_SEED_OUT. Run by demo/start.ts as `npx medusa exec demo/seed.ts`.
import { writeFileSync } from "node:fs"
import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createProductsWorkflow,
  createPromotionsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createTaxRegionsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  updateRegionsWorkflow,
} from "@medusajs/core-flows"
import { ensureAdminUser } from "./admin-user"

const PROVIDERS = ["pp_svc-wallet_svc", "pp_svc-fpx_svc", "pp_svc-fpx-direct_svc"]
const CHANNEL = "Demo web store"
const KEY_TITLE = "Demo storefront"
export const DEMO_PROMO_CODE = "RAYA33"

const PRODUCTS = [
  { title: "Batik shirt", handle: "batik-shirt", description: "Hand-drawn batik, cotton.", option: "Size", value: "M", myr: 120.5 },
  { title: "Songket scarf", handle: "songket-scarf", description: "Woven with gold thread.", option: "Colour", value: "Gold", myr: 89 },
  { title: "Kopi beans 500 g", handle: "kopi-beans", description: "Roasted in Ipoh.", option: "Grind", value: "Whole", myr: 36.9 },
]

export default async function seedDemo({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const email = process.env.DEMO_ADMIN_EMAIL || "admin@svc-demo.local"
  const password = process.env.DEMO_ADMIN_PASSWORD
  if (!password) throw new Error("DEMO_ADMIN_PASSWORD is not set")

  // Sales channel
  const { data: channels } = await query.graph({ entity: "sales_channel", fields: ["id"], filters: { name: CHANNEL } })
  let channelId = channels[0]?.id as string | undefined
  if (!channelId) {
    const { result } = await createSalesChannelsWorkflow(container).run({ input: { salesChannelsData: [{ name: CHANNEL }] } })
    channelId = result[0].id
    logger.info(`demo: created sales channel ${channelId}`)
  }

  // Publishable key
  const { data: keys } = await query.graph({
    entity: "api_key",
    fields: ["id", "token", "revoked_at"],
    filters: { title: KEY_TITLE, type: "publishable" },
  })
  let key = keys.find((k: any) => !k.revoked_at) as { id: string; token: string } | undefined
  if (!key) {
    const { result } = await createApiKeysWorkflow(container).run({
      input: { api_keys: [{ title: KEY_TITLE, type: "publishable", created_by: "demo" }] },
    })
    key = result[0]
    await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: key.id, add: [channelId] } })
    logger.info(`demo: created publishable key ${key.id}`)
  }

  // Region
  const { data: regions } = await query.graph({
    entity: "region",
    fields: ["id", "payment_providers.id"],
    filters: { name: "Malaysia" },
  })
  let regionId = regions[0]?.id as string | undefined
  if (!regionId) {
    const { result } = await createRegionsWorkflow(container).run({
      input: { regions: [{ name: "Malaysia", currency_code: "myr", countries: ["my"], payment_providers: PROVIDERS }] },
    })
    regionId = result[0].id
    logger.info(`demo: created region Malaysia ${regionId}`)
  } else {
    const have = new Set(((regions[0] as any).payment_providers ?? []).map((p: any) => p.id))
    if (PROVIDERS.some((p) => !have.has(p))) {
      await updateRegionsWorkflow(container).run({
        input: { selector: { id: regionId }, update: { payment_providers: PROVIDERS } },
      })
    }
  }

  await ensureSstAndPromotion(container)

  // Products
  const { data: existing } = await query.graph({
    entity: "product",
    fields: ["handle"],
    filters: { handle: PRODUCTS.map((p) => p.handle) },
  })
  const have = new Set(existing.map((p: any) => p.handle))
  const missing = PRODUCTS.filter((p) => !have.has(p.handle))
  if (missing.length) {
    await createProductsWorkflow(container).run({
      input: {
        products: missing.map((p) => ({
          title: p.title,
          handle: p.handle,
          description: p.description,
          status: "published" as const,
          options: [{ title: p.option, values: [p.value] }],
          variants: [
            {
              title: p.value,
              options: { [p.option]: p.value },
              manage_inventory: false,
              prices: [{ amount: p.myr, currency_code: "myr" }],
            },
          ],
          sales_channels: [{ id: channelId! }],
        })),
      },
    })
    logger.info(`demo: created products ${missing.map((p) => p.handle).join(", ")}`)
  }

  // Admin user (the password always follows .demo/demo.json)
  if (await ensureAdminUser(container, email, password)) logger.info(`demo: created admin user ${email}`)

  const out = { publishableKey: key.token, regionId, salesChannelId: channelId }
  if (process.env.DEMO_SEED_OUT) writeFileSync(process.env.DEMO_SEED_OUT, JSON.stringify(out, null, 2))
  logger.info("demo: seed done")
}

/**
 * SST 8 % on Malaysia (the region's prices exclude tax, Medusa's default) and the
 * 33 % promotion code RAYA33 on items, each made once (a second call reuses what
 * exists). The integration seed's taxed store (integration-tests/helpers/store.ts) uses it too.
 */
export async function ensureSstAndPromotion(container: ExecArgs["container"]): Promise<void> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  // SST 8 % on Malaysia (the region's prices exclude tax, Medusa's default)
  const { data: taxRegions } = await query.graph({ entity: "tax_region", fields: ["id"], filters: { country_code: "my" } })
  if (!taxRegions.length) {
    await createTaxRegionsWorkflow(container).run({
      input: [{ country_code: "my", provider_id: "tp_system", default_tax_rate: { name: "SST", code: "SST", rate: 8 } }],
    })
    logger.info("demo: created tax region Malaysia, SST 8 %")
  }

  // A 33 % promotion code on items
  const { data: promos } = await query.graph({ entity: "promotion", fields: ["id"], filters: { code: DEMO_PROMO_CODE } })
  if (!promos.length) {
    await createPromotionsWorkflow(container).run({
      input: {
        promotionsData: [
          {
            code: DEMO_PROMO_CODE,
            type: "standard",
            status: "active",
            is_automatic: false,
            application_method: { type: "percentage", target_type: "items", allocation: "across", value: 33, currency_code: "myr" },
          },
        ],
      },
    })
    logger.info(`demo: created promotion ${DEMO_PROMO_CODE} (33 % off items)`)
  }
}
