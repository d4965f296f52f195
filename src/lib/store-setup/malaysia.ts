// What a store needs before a Malaysian shopper can check out with svc, created or completed
// through Medusa's own workflows (no SQL), each change and each thing found in place reported:
// MYR among the store's currencies, a Malaysia region (MYR, `my`) with the three svc providers,
// a tax region for `my`, a service zone for `my` in a fulfillment set of the store's stock
// location with a MYR shipping option (linked as Medusa's seed links its own), and, when asked,
// MYR prices for the variants that have none. Everything is read and checked before the first
// change; a second run finds everything and changes nothing.
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  batchLinksWorkflow,
  createLocationFulfillmentSetWorkflow,
  createRegionsWorkflow,
  createServiceZonesWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateRegionsWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"
import { convertedSen, type SetupFlags } from "./flags"

export const MALAYSIA = {
  country: "my",
  currency: "myr",
  regionName: "Malaysia",
  zoneName: "Malaysia",
} as const
const SHIPPING_OPTION_NAME = "Standard Shipping (Malaysia)"
const MANUAL_PROVIDER = "manual_manual"

/** The three svc payment providers as Medusa names them for the provider `id` of medusa-config.ts. */
export const svcProviderIds = (id: string): string[] => [
  `pp_svc-wallet_${id}`,
  `pp_svc-fpx_${id}`,
  `pp_svc-fpx-direct_${id}`,
]

export type SetupReport = {
  /** One line per change made, in order. */
  changed: string[]
  /** One line per thing found already in place. */
  found: string[]
  /** What was left alone and why (e.g. variants without a MYR price when prices=none). */
  notes: string[]
  regionId: string
  taxRegionId: string
  stockLocationId: string
  serviceZoneId: string
  shippingOptionId: string
}

/** A setup that cannot go on as asked: nothing has been changed when it is thrown. */
export class SetupRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = "SetupRefused"
  }
}

type Row = Record<string, any>
const rm = (sen: number) => `RM${(sen / 100).toFixed(2)}`

// Adds prices to price sets and nothing else (the product workflows replace a variant's whole list).
const addMyrPricesStep = createStep(
  "svc-add-myr-prices",
  async (input: { priceSetId: string; amount: number }[], { container }) => {
    const pricing = container.resolve(Modules.PRICING)
    const added: string[] = []
    for (const { priceSetId, amount } of input) {
      const set = await pricing.addPrices({
        priceSetId,
        prices: [{ amount, currency_code: MALAYSIA.currency }],
      })
      const price = (set?.prices ?? []).find(
        (p: Row) =>
          p.currency_code === MALAYSIA.currency && Number(p.amount) === amount
      )
      if (price?.id) added.push(price.id)
    }
    return new StepResponse(added, added)
  },
  async (added, { container }) => {
    if (added?.length)
      await container.resolve(Modules.PRICING).removePrices(added)
  }
)
const addMyrPricesWorkflow = createWorkflow(
  "svc-add-myr-prices",
  (input: { prices: { priceSetId: string; amount: number }[] }) => {
    return new WorkflowResponse(addMyrPricesStep(input.prices))
  }
)

/**
 * Creates or completes what svc needs in a Malaysian store (above). `print` gets every line as it
 * happens. Throws SetupRefused, before any change, when the store cannot be completed as asked
 * (`my` in a region of another currency, the svc providers not configured, several stock
 * locations and no `location=`).
 */
export async function setupMalaysia(
  container: MedusaContainer,
  flags: SetupFlags,
  print: (line: string) => void = () => {}
): Promise<SetupReport> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const changed: string[] = []
  const found: string[] = []
  const notes: string[] = []
  const change = (line: string) => {
    changed.push(line)
    print(`changed: ${line}`)
  }
  const inPlace = (line: string) => {
    found.push(line)
    print(`in place: ${line}`)
  }
  const note = (line: string) => {
    notes.push(line)
    print(`note: ${line}`)
  }
  const graph = async (
    entity: string,
    fields: string[],
    filters?: Row
  ): Promise<Row[]> =>
    (await query.graph({ entity, fields, ...(filters ? { filters } : {}) }))
      .data as Row[]

  // ---- read and check everything first: a refusal changes nothing ----
  const providerIds = svcProviderIds(flags.providers)
  const providers = await graph("payment_provider", ["id", "is_enabled"], {
    id: providerIds,
  })
  const missingProviders = providerIds.filter(
    (id) => !providers.some((p) => p.id === id && p.is_enabled !== false)
  )
  if (missingProviders.length) {
    throw new SetupRefused(
      `the svc payment providers ${missingProviders.join(", ")} are not registered: add medusa-payment-svc/providers/svc with id "${flags.providers}" to the payment module's providers in medusa-config.ts (or give providers=<its id>), start the store once, then run this again`
    )
  }

  const [store] = await graph("store", [
    "id",
    "name",
    "default_sales_channel_id",
    "supported_currencies.currency_code",
    "supported_currencies.is_default",
    "supported_currencies.is_tax_inclusive",
  ])
  if (!store)
    throw new SetupRefused(
      "the store has no store record yet: start Medusa once (or run its migrations), then run this again"
    )

  const regions = await graph("region", [
    "id",
    "name",
    "currency_code",
    "countries.iso_2",
    "payment_providers.id",
  ])
  const myRegion = regions.find((r) =>
    (r.countries ?? []).some((c: Row) => c?.iso_2 === MALAYSIA.country)
  )
  if (myRegion && myRegion.currency_code !== MALAYSIA.currency) {
    throw new SetupRefused(
      `Malaysia (my) already belongs to the region "${myRegion.name}" (${myRegion.id}) in ${String(myRegion.currency_code).toUpperCase()}; a country can be in one region only and svc takes MYR. Remove "my" from that region (Settings → Regions) or change its currency to MYR, then run this again. Nothing was changed.`
    )
  }

  const locations = await graph("stock_location", ["id", "name"])
  let location: Row | undefined
  if (flags.location) {
    location = locations.find((l) => l.id === flags.location)
    if (!location)
      throw new SetupRefused(
        `location=${flags.location}: no such stock location (the store has ${locations.map((l) => l.id).join(", ") || "none"})`
      )
  } else if (locations.length > 1) {
    const channelId = store.default_sales_channel_id as string | undefined
    const linked = channelId
      ? ((
          await graph("sales_channel", ["id", "stock_locations.id"], {
            id: channelId,
          })
        )[0]?.stock_locations ?? [])
      : []
    if (linked.length === 1)
      location = locations.find((l) => l.id === linked[0].id)
    if (!location) {
      throw new SetupRefused(
        `the store has ${locations.length} stock locations (${locations.map((l) => `${l.id} "${l.name}"`).join(", ")}): choose the one that ships to Malaysia with location=<id>`
      )
    }
  } else {
    location = locations[0]
  }

  let profile: Row | undefined
  const profiles = await graph("shipping_profile", ["id", "name", "type"])
  if (flags.shippingProfile) {
    profile = profiles.find((p) => p.id === flags.shippingProfile)
    if (!profile)
      throw new SetupRefused(
        `shipping-profile=${flags.shippingProfile}: no such shipping profile (the store has ${profiles.map((p) => p.id).join(", ") || "none"})`
      )
  } else {
    profile =
      profiles.find((p) => p.type === "default") ??
      (profiles.length === 1 ? profiles[0] : undefined)
    if (!profile && profiles.length > 1) {
      throw new SetupRefused(
        `the store has ${profiles.length} shipping profiles and none of type "default": choose one with shipping-profile=<id> (${profiles.map((p) => p.id).join(", ")})`
      )
    }
  }

  const fulfillmentProviders = await graph("fulfillment_provider", [
    "id",
    "is_enabled",
  ])
  const variantsToPrice = await variantsWithoutMyr(graph)

  // ---- changes, each only where missing ----

  // 1. MYR among the store's currencies (the default stays; MYR becomes it only when there is none)
  const currencies = (store.supported_currencies ?? []) as Row[]
  if (currencies.some((c) => c.currency_code === MALAYSIA.currency)) {
    inPlace(
      `store currency MYR (${currencies.map((c) => `${String(c.currency_code).toUpperCase()}${c.is_default ? " default" : ""}`).join(", ")})`
    )
  } else {
    const hasDefault = currencies.some((c) => c.is_default)
    await updateStoresWorkflow(container).run({
      input: {
        selector: { id: store.id },
        update: {
          supported_currencies: [
            ...currencies.map((c) => ({
              currency_code: c.currency_code,
              is_default: Boolean(c.is_default),
              is_tax_inclusive: Boolean(c.is_tax_inclusive),
            })),
            { currency_code: MALAYSIA.currency, is_default: !hasDefault },
          ],
        },
      },
    })
    change(
      `store currency MYR added${hasDefault ? " (the default currency is unchanged)" : " as the store's default (it had none)"}`
    )
  }

  // 2. The Malaysia region with the svc providers
  let regionId: string
  if (myRegion) {
    regionId = myRegion.id
    const have = ((myRegion.payment_providers ?? []) as Row[]).map(
      (p) => p.id as string
    )
    const missing = providerIds.filter((id) => !have.includes(id))
    if (missing.length) {
      await updateRegionsWorkflow(container).run({
        input: {
          selector: { id: regionId },
          update: { payment_providers: [...have, ...missing] },
        },
      })
      change(
        `region "${myRegion.name}" ${regionId} (MYR, my): payment providers ${missing.join(", ")} enabled`
      )
    } else {
      inPlace(
        `region "${myRegion.name}" ${regionId} (MYR, my) with ${providerIds.join(", ")}`
      )
    }
  } else {
    const { result } = await createRegionsWorkflow(container).run({
      input: {
        regions: [
          {
            name: MALAYSIA.regionName,
            currency_code: MALAYSIA.currency,
            countries: [MALAYSIA.country],
            payment_providers: providerIds,
          },
        ],
      },
    })
    regionId = result[0]!.id
    change(
      `region "${MALAYSIA.regionName}" ${regionId} (MYR, my) with ${providerIds.join(", ")}`
    )
  }

  // 3. The tax region for my (an existing one and its rates are kept)
  const taxRegions = await graph(
    "tax_region",
    [
      "id",
      "province_code",
      "tax_rates.rate",
      "tax_rates.is_default",
      "tax_rates.name",
    ],
    { country_code: MALAYSIA.country }
  )
  const countryTax = taxRegions.find((t) => !t.province_code)
  let taxRegionId: string
  if (countryTax) {
    taxRegionId = countryTax.id
    const rate = ((countryTax.tax_rates ?? []) as Row[]).find(
      (r) => r.is_default
    )
    inPlace(
      `tax region my ${taxRegionId}${rate ? ` (default rate ${rate.name ?? ""} ${rate.rate} %, kept)` : " (no default rate, kept)"}`
    )
  } else {
    const { result } = await createTaxRegionsWorkflow(container).run({
      input: [
        {
          country_code: MALAYSIA.country,
          provider_id: "tp_system",
          default_tax_rate: { name: "SST", code: "SST", rate: flags.sst },
        },
      ],
    })
    taxRegionId = result[0]!.id
    change(
      `tax region my ${taxRegionId} with default rate SST ${flags.sst} % (sst=${flags.sst})`
    )
  }

  // 4. The stock location, its sales channel and fulfillment provider
  if (!location) {
    const { result } = await createStockLocationsWorkflow(container).run({
      input: {
        locations: [
          {
            name: "Malaysia warehouse",
            address: { address_1: "", country_code: "MY" },
          },
        ],
      },
    })
    location = result[0] as Row
    change(
      `stock location "Malaysia warehouse" ${location.id} (the store had none)`
    )
  } else {
    inPlace(`stock location "${location.name}" ${location.id}`)
  }
  const locationId = location.id as string
  const [loc] = await graph(
    "stock_location",
    [
      "id",
      "sales_channels.id",
      "fulfillment_providers.id",
      "fulfillment_sets.id",
      "fulfillment_sets.name",
      "fulfillment_sets.type",
      "fulfillment_sets.service_zones.id",
      "fulfillment_sets.service_zones.name",
      "fulfillment_sets.service_zones.geo_zones.type",
      "fulfillment_sets.service_zones.geo_zones.country_code",
    ],
    { id: locationId }
  )

  const channelId = store.default_sales_channel_id as string | undefined
  if (!channelId) {
    note(
      "the store has no default sales channel: link the storefront's sales channel to the stock location yourself (Settings → Locations)"
    )
  } else if (
    ((loc?.sales_channels ?? []) as Row[]).some((s) => s.id === channelId)
  ) {
    inPlace(`default sales channel ${channelId} linked to the stock location`)
  } else {
    await linkSalesChannelsToStockLocationWorkflow(container).run({
      input: { id: locationId, add: [channelId] },
    })
    change(
      `default sales channel ${channelId} linked to stock location ${locationId}`
    )
  }

  const linkedProviders = ((loc?.fulfillment_providers ?? []) as Row[]).map(
    (p) => p.id as string
  )
  let fulfillmentProviderId = linkedProviders.includes(MANUAL_PROVIDER)
    ? MANUAL_PROVIDER
    : linkedProviders[0]
  if (fulfillmentProviderId) {
    inPlace(
      `fulfillment provider ${fulfillmentProviderId} linked to the stock location`
    )
  } else {
    const available = fulfillmentProviders
      .filter((p) => p.is_enabled !== false)
      .map((p) => p.id as string)
    fulfillmentProviderId = available.includes(MANUAL_PROVIDER)
      ? MANUAL_PROVIDER
      : available[0]
    if (!fulfillmentProviderId)
      throw new SetupRefused(
        "no fulfillment provider is registered (Medusa's manual_manual is missing): nothing more was changed"
      )
    await batchLinksWorkflow(container).run({
      input: {
        create: [
          {
            [Modules.STOCK_LOCATION]: { stock_location_id: locationId },
            [Modules.FULFILLMENT]: {
              fulfillment_provider_id: fulfillmentProviderId,
            },
          },
        ],
      },
    })
    change(
      `fulfillment provider ${fulfillmentProviderId} linked to stock location ${locationId}`
    )
  }

  // 5. A service zone for my in a shipping fulfillment set of the location
  const sets = ((loc?.fulfillment_sets ?? []) as Row[]).filter(
    (s) => s.type === "shipping"
  )
  let zone: Row | undefined
  for (const s of sets) {
    zone = ((s.service_zones ?? []) as Row[]).find((z) =>
      ((z.geo_zones ?? []) as Row[]).some(
        (g) => g.type === "country" && g.country_code === MALAYSIA.country
      )
    )
    if (zone) {
      inPlace(
        `service zone "${zone.name}" ${zone.id} (country my) in fulfillment set "${s.name}"`
      )
      break
    }
  }
  if (!zone) {
    let set = sets[0]
    if (set) {
      inPlace(
        `fulfillment set "${set.name}" ${set.id} (shipping) of the stock location`
      )
    } else {
      const name = await freeName(
        graph,
        "fulfillment_set",
        `${location.name} delivery`
      )
      await createLocationFulfillmentSetWorkflow(container).run({
        input: {
          location_id: locationId,
          fulfillment_set_data: { name, type: "shipping" },
        },
      })
      ;[set] = await graph("fulfillment_set", ["id", "name"], { name })
      change(
        `fulfillment set "${name}" ${set!.id} (shipping) on stock location ${locationId}`
      )
    }
    const name = await freeName(graph, "service_zone", MALAYSIA.zoneName)
    const { result } = await createServiceZonesWorkflow(container).run({
      input: {
        data: [
          {
            name,
            fulfillment_set_id: set!.id,
            geo_zones: [{ type: "country", country_code: MALAYSIA.country }],
          },
        ],
      },
    })
    zone = result[0] as Row
    change(
      `service zone "${name}" ${zone.id} (country my) in fulfillment set "${set!.name}"`
    )
  }

  // 6. A MYR shipping option in that zone
  if (!profile) {
    const { result } = await createShippingProfilesWorkflow(container).run({
      input: { data: [{ name: "Default Shipping Profile", type: "default" }] },
    })
    profile = result[0] as Row
    change(
      `shipping profile "Default Shipping Profile" ${profile.id} (the store had none)`
    )
  }
  const options = await graph(
    "shipping_option",
    [
      "id",
      "name",
      "shipping_profile_id",
      "prices.currency_code",
      "prices.amount",
      "rules.attribute",
      "rules.value",
    ],
    {
      service_zone_id: zone.id,
    }
  )
  const isReturn = (o: Row) =>
    ((o.rules ?? []) as Row[]).some(
      (r) => r.attribute === "is_return" && String(r.value) === "true"
    )
  const existingOption = options.find(
    (o) =>
      !isReturn(o) &&
      ((o.prices ?? []) as Row[]).some(
        (p) => p.currency_code === MALAYSIA.currency
      )
  )
  let shippingOptionId: string
  if (existingOption) {
    shippingOptionId = existingOption.id
    const price = ((existingOption.prices ?? []) as Row[]).find(
      (p) => p.currency_code === MALAYSIA.currency
    )
    inPlace(
      `shipping option "${existingOption.name}" ${shippingOptionId} (MYR ${Number(price?.amount).toFixed(2)}) in the Malaysia zone`
    )
    if (existingOption.shipping_profile_id !== profile.id)
      note(
        `that shipping option uses shipping profile ${existingOption.shipping_profile_id}, not ${profile.id}: products of other profiles need their own option`
      )
  } else {
    const { result } = await createShippingOptionsWorkflow(container).run({
      input: [
        {
          name: SHIPPING_OPTION_NAME,
          price_type: "flat",
          provider_id: fulfillmentProviderId,
          service_zone_id: zone.id,
          shipping_profile_id: profile.id,
          type: {
            label: "Standard",
            description: "Ship in 2-3 days.",
            code: "standard",
          },
          prices: [
            {
              currency_code: MALAYSIA.currency,
              amount: flags.shippingSen / 100,
            },
          ],
          rules: [
            { attribute: "enabled_in_store", value: "true", operator: "eq" },
            { attribute: "is_return", value: "false", operator: "eq" },
          ],
        },
      ],
    })
    shippingOptionId = result[0]!.id
    change(
      `shipping option "${SHIPPING_OPTION_NAME}" ${shippingOptionId}, flat ${rm(flags.shippingSen)} (shipping=${flags.shippingSen / 100}), profile ${profile.id}, provider ${fulfillmentProviderId}`
    )
  }

  // 7. MYR prices, only when asked
  if (!variantsToPrice.length) {
    inPlace("every product variant has a MYR price")
  } else if (flags.prices.kind === "none") {
    const list = variantsToPrice
      .slice(0, 10)
      .map((v) => v.label)
      .join(", ")
    note(
      `${variantsToPrice.length} product variant(s) have no MYR price (${list}${variantsToPrice.length > 10 ? ", …" : ""}): shoppers in Malaysia cannot buy them. Give prices in the admin, or run again with prices=from:eur:<rate> or prices=flat:<RM>`
    )
  } else {
    const rule = flags.prices
    const toAdd: {
      priceSetId: string
      amount: number
      label: string
      from: string
    }[] = []
    const skipped: string[] = []
    for (const v of variantsToPrice) {
      if (rule.kind === "flat") {
        toAdd.push({
          priceSetId: v.priceSetId,
          amount: rule.sen / 100,
          label: v.label,
          from: "flat",
        })
        continue
      }
      const source = v.basePrices.find((p) => p.currency_code === rule.currency)
      if (!source) {
        skipped.push(v.label)
        continue
      }
      const sen = convertedSen(Number(source.amount), rule)
      toAdd.push({
        priceSetId: v.priceSetId,
        amount: sen / 100,
        label: v.label,
        from: `${rule.currency.toUpperCase()} ${Number(source.amount)} × ${rule.rateText}`,
      })
    }
    if (toAdd.length) {
      await addMyrPricesWorkflow(container).run({
        input: {
          prices: toAdd.map(({ priceSetId, amount }) => ({
            priceSetId,
            amount,
          })),
        },
      })
      for (const p of toAdd)
        change(
          `MYR price ${rm(Math.round(p.amount * 100))} for ${p.label}${p.from === "flat" ? "" : ` (${p.from})`}`
        )
    }
    if (skipped.length && rule.kind === "from")
      note(
        `${skipped.length} variant(s) have neither a MYR nor a ${rule.currency.toUpperCase()} price and were left without one: ${skipped.join(", ")}`
      )
  }

  print(
    changed.length
      ? `${changed.length} change(s) made; ${found.length} thing(s) already in place.`
      : `Nothing changed: everything svc needs was already in place (${found.length} checked).`
  )
  return {
    changed,
    found,
    notes,
    regionId,
    taxRegionId,
    stockLocationId: locationId,
    serviceZoneId: zone.id,
    shippingOptionId,
  }
}

/** `base`, or `base (2)`, `base (3)`…: fulfillment sets and service zones have unique names. */
async function freeName(
  graph: (entity: string, fields: string[], filters?: Row) => Promise<Row[]>,
  entity: string,
  base: string
): Promise<string> {
  for (let i = 1; ; i++) {
    const name = i === 1 ? base : `${base} (${i})`
    if (!(await graph(entity, ["id"], { name })).length) return name
  }
}

type VariantToPrice = {
  id: string
  label: string
  priceSetId: string
  basePrices: Row[]
}

/** Variants with a price set and no MYR price (any MYR price, with rules or not, counts as one). */
async function variantsWithoutMyr(
  graph: (entity: string, fields: string[], filters?: Row) => Promise<Row[]>
): Promise<VariantToPrice[]> {
  const variants = await graph("product_variant", [
    "id",
    "title",
    "sku",
    "product.title",
    "price_set.id",
    "price_set.prices.currency_code",
    "price_set.prices.amount",
    "price_set.prices.rules_count",
    "price_set.prices.min_quantity",
    "price_set.prices.max_quantity",
    "price_set.prices.price_list_id",
  ])
  const out: VariantToPrice[] = []
  for (const v of variants) {
    const priceSetId = v.price_set?.id as string | undefined
    if (!priceSetId) continue
    const prices = ((v.price_set?.prices ?? []) as Row[]).filter(
      (p) => !p.price_list_id
    )
    if (prices.some((p) => p.currency_code === MALAYSIA.currency)) continue
    const basePrices = prices.filter(
      (p) =>
        !Number(p.rules_count ?? 0) &&
        p.min_quantity == null &&
        p.max_quantity == null
    )
    out.push({
      id: v.id,
      label: `${v.product?.title ?? "product"} / ${v.title ?? v.id}${v.sku ? ` (${v.sku})` : ""} ${v.id}`,
      priceSetId,
      basePrices,
    })
  }
  return out
}
