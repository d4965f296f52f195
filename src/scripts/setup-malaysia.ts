// Sets up what svc needs in a store that was seeded any way (Medusa's starter seeds a Europe
// region), as Medusa's own seed script does, through core workflows (no SQL): MYR as a store
// currency, a Malaysia region with the three svc providers, a tax region for my, a Malaysia
// service zone in a fulfillment set of the store's stock location with a MYR shipping option
// (linked as Medusa's seed links its own) and, when asked, MYR prices. Everything is read and
// checked before the first change; a second run finds everything, changes nothing and says so.
// Shipped in the package:
//
//   npx medusa exec ./node_modules/medusa-payment-svc/.medusa/server/src/scripts/setup-malaysia.js [sst=8] [shipping=10] [prices=from:eur:4.9]
//
// `medusa exec` hands over positional words only, so flags are name=value (`help` lists them).
import type {
  ExecArgs,
  FulfillmentSetDTO,
  MedusaContainer,
  PriceDTO,
  RegionDTO,
} from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
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
import {
  convertedSen,
  parseSetupFlags,
  USAGE,
  type SetupFlags,
} from "./setup-malaysia-flags"

export default async function setupMalaysiaScript({
  container,
  args,
}: ExecArgs): Promise<void> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const flags = parseSetupFlags(args)
  if (flags.help)
    return logger.info(`medusa-payment-svc setup-malaysia:\n${USAGE}`)
  await setupMalaysia(container, flags, (l) => logger.info(`svc setup: ${l}`))
}

const OPTION_NAME = "Standard Shipping (Malaysia)"
const MANUAL = "manual_manual"

/** A setup that cannot go on as asked: nothing has been changed when it is thrown. */
export class SetupRefused extends Error {
  override name = "SetupRefused"
}

const rm = (sen: number) => `RM${(sen / 100).toFixed(2)}`
const ids = (rows: { id: string }[]) => rows.map((r) => r.id).join(", ")
/** manual_manual when among `idsOf`, else the first. */
const preferManual = (idsOf: string[]) =>
  idsOf.includes(MANUAL) ? MANUAL : idsOf[0]
/** The row a flag names, refused when there is none. */
function named<T extends { id: string }>(rows: T[], flag: string, id: string) {
  const row = rows.find((r) => r.id === id)
  if (row) return row
  const what = flag === "location" ? "stock location" : "shipping profile"
  throw new SetupRefused(
    `${flag}=${id}: no such ${what} (the store has ${ids(rows) || "none"})`
  )
}

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
) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const graph = async (entity: string, fields: string[], filters?: object) =>
    (await query.graph({ entity, fields, filters })).data
  const [changed, found, notes]: string[][] = [[], [], []]
  const say = (list: string[], prefix: string) => (line: string) => {
    list.push(line)
    print(`${prefix}: ${line}`)
  }
  const [change, inPlace, note] = [
    say(changed, "changed"),
    say(found, "in place"),
    say(notes, "note"),
  ]
  /** `base`, or `base (2)`, `base (3)`…: fulfillment sets and service zones have unique names. */
  const freeName = async (entity: string, base: string) => {
    for (let i = 1; ; i++) {
      const name = i === 1 ? base : `${base} (${i})`
      if (!(await graph(entity, ["id"], { name })).length) return name
    }
  }

  // ---- read and check everything first: a refusal changes nothing ----
  const providerIds = ["wallet", "fpx", "fpx-direct"].map(
    (kind) => `pp_svc-${kind}_${flags.providers}`
  )
  const providers = await graph("payment_provider", ["id", "is_enabled"], {
    id: providerIds,
  })
  const missingProviders = providerIds.filter(
    (id) => !providers.some((p) => p.id === id && p.is_enabled !== false)
  )
  if (missingProviders.length)
    throw new SetupRefused(
      `the svc payment providers ${missingProviders.join(", ")} are not registered: add medusa-payment-svc/providers/svc with id "${flags.providers}" to the payment module's providers in medusa-config.ts (or give providers=<its id>), start the store once, then run this again`
    )
  const [store] = await graph("store", [
    "id",
    "default_sales_channel_id",
    "supported_currencies.*",
  ])
  if (!store)
    throw new SetupRefused(
      "the store has no store record yet: start Medusa once (or run its migrations), then run this again"
    )
  const channelId: string | undefined = store.default_sales_channel_id
  const regions: RegionDTO[] = await graph("region", [
    "id",
    "name",
    "currency_code",
    "countries.iso_2",
    "payment_providers.id",
  ])
  const myRegion = regions.find((r) =>
    r.countries?.some((c) => c?.iso_2 === "my")
  )
  if (myRegion && myRegion.currency_code !== "myr")
    throw new SetupRefused(
      `Malaysia (my) already belongs to the region "${myRegion.name}" (${myRegion.id}) in ${myRegion.currency_code.toUpperCase()}; a country can be in one region only and svc takes MYR. Remove "my" from that region (Settings → Regions) or change its currency to MYR, then run this again. Nothing was changed.`
    )

  const locations = await graph("stock_location", ["id", "name"])
  let location = flags.location
    ? named(locations, "location", flags.location)
    : locations[0]
  if (!flags.location && locations.length > 1) {
    const [channel] = channelId
      ? await graph("sales_channel", ["stock_locations.id"], { id: channelId })
      : []
    const linked = channel?.stock_locations ?? []
    location =
      linked.length === 1
        ? locations.find((l) => l.id === linked[0].id)
        : undefined
    if (!location)
      throw new SetupRefused(
        `the store has ${locations.length} stock locations (${locations.map((l) => `${l.id} "${l.name}"`).join(", ")}): choose the one that ships to Malaysia with location=<id>`
      )
  }
  const profiles = await graph("shipping_profile", ["id", "type"])
  let profile = flags.shippingProfile
    ? named(profiles, "shipping-profile", flags.shippingProfile)
    : (profiles.find((p) => p.type === "default") ??
      (profiles.length === 1 ? profiles[0] : undefined))
  if (!profile && profiles.length > 1)
    throw new SetupRefused(
      `the store has ${profiles.length} shipping profiles and none of type "default": choose one with shipping-profile=<id> (${ids(profiles)})`
    )
  const fulfillmentProviders = await graph("fulfillment_provider", [
    "id",
    "is_enabled",
  ])
  // Variants with a price set and no MYR price (any MYR price, with rules or not, counts as one)
  const variants = await graph("product_variant", [
    "id",
    "title",
    "sku",
    "product.title",
    "price_set.id",
    "price_set.prices.*",
  ])
  type Price = PriceDTO & { price_list_id?: string; rules_count?: number }
  const variantsToPrice = variants.flatMap((v) => {
    const prices: Price[] = v.price_set?.prices ?? []
    const own = prices.filter((p) => !p.price_list_id)
    if (!v.price_set || own.some((p) => p.currency_code === "myr")) return []
    return {
      label: `${v.product?.title ?? "product"} / ${v.title ?? v.id}${v.sku ? ` (${v.sku})` : ""} ${v.id}`,
      priceSetId: String(v.price_set.id),
      basePrices: own.filter(
        (p) =>
          !Number(p.rules_count ?? 0) &&
          p.min_quantity == null &&
          p.max_quantity == null
      ),
    }
  })

  // ---- changes, each only where missing ----

  // 1. MYR among the store's currencies (the default stays; MYR becomes it only when there is none)
  const currencies: {
    currency_code: string
    is_default: boolean
    is_tax_inclusive: boolean
  }[] = store.supported_currencies ?? []
  const hasDefault = currencies.some((c) => c.is_default)
  if (currencies.some((c) => c.currency_code === "myr")) {
    const list = currencies.map(
      (c) => `${c.currency_code.toUpperCase()}${c.is_default ? " default" : ""}`
    )
    inPlace(`store currency MYR (${list.join(", ")})`)
  } else {
    const supported = [
      ...currencies.map((c) => ({
        currency_code: c.currency_code,
        is_default: Boolean(c.is_default),
        is_tax_inclusive: Boolean(c.is_tax_inclusive),
      })),
      { currency_code: "myr", is_default: !hasDefault },
    ]
    await updateStoresWorkflow(container).run({
      input: {
        selector: { id: store.id },
        update: { supported_currencies: supported },
      },
    })
    change(
      `store currency MYR added${hasDefault ? " (the default currency is unchanged)" : " as the store's default (it had none)"}`
    )
  }

  // 2. The Malaysia region with the svc providers
  let regionId: string
  const providersText = providerIds.join(", ")
  if (myRegion) {
    regionId = myRegion.id
    const have = myRegion.payment_providers.map((p) => p.id)
    const missing = providerIds.filter((id) => !have.includes(id))
    const region = `region "${myRegion.name}" ${regionId} (MYR, my)`
    if (!missing.length) inPlace(`${region} with ${providersText}`)
    else {
      await updateRegionsWorkflow(container).run({
        input: {
          selector: { id: regionId },
          update: { payment_providers: [...have, ...missing] },
        },
      })
      change(`${region}: payment providers ${missing.join(", ")} enabled`)
    }
  } else {
    const { result } = await createRegionsWorkflow(container).run({
      input: {
        regions: [
          {
            name: "Malaysia",
            currency_code: "myr",
            countries: ["my"],
            payment_providers: providerIds,
          },
        ],
      },
    })
    regionId = result[0]!.id
    change(`region "Malaysia" ${regionId} (MYR, my) with ${providersText}`)
  }

  // 3. The tax region for my (an existing one and its rates are kept)
  const taxRegions = await graph(
    "tax_region",
    ["id", "province_code", "tax_rates.*"],
    { country_code: "my" }
  )
  const countryTax = taxRegions.find((t) => !t.province_code)
  let taxRegionId: string
  if (countryTax) {
    taxRegionId = countryTax.id
    const rate = countryTax.tax_rates?.find(
      (r: { is_default: boolean }) => r.is_default
    )
    inPlace(
      `tax region my ${taxRegionId}${rate ? ` (default rate ${rate.name ?? ""} ${rate.rate} %, kept)` : " (no default rate, kept)"}`
    )
  } else {
    const { result } = await createTaxRegionsWorkflow(container).run({
      input: [
        {
          country_code: "my",
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
  if (location) inPlace(`stock location "${location.name}" ${location.id}`)
  else {
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
    location = result[0]!
    change(
      `stock location "Malaysia warehouse" ${location.id} (the store had none)`
    )
  }
  const locationId: string = location.id
  const [loc] = await graph(
    "stock_location",
    [
      "sales_channels.id",
      "fulfillment_providers.id",
      "fulfillment_sets.*",
      "fulfillment_sets.service_zones.*",
      "fulfillment_sets.service_zones.geo_zones.*",
    ],
    { id: locationId }
  )
  if (!channelId)
    note(
      "the store has no default sales channel: link the storefront's sales channel to the stock location yourself (Settings → Locations)"
    )
  else if (loc?.sales_channels?.some((s: { id: string }) => s.id === channelId))
    inPlace(`default sales channel ${channelId} linked to the stock location`)
  else {
    await linkSalesChannelsToStockLocationWorkflow(container).run({
      input: { id: locationId, add: [channelId] },
    })
    change(
      `default sales channel ${channelId} linked to stock location ${locationId}`
    )
  }
  const linkedProviders: { id: string }[] = loc?.fulfillment_providers ?? []
  let providerId = preferManual(linkedProviders.map((p) => p.id))
  if (providerId)
    inPlace(`fulfillment provider ${providerId} linked to the stock location`)
  else {
    providerId = preferManual(
      fulfillmentProviders
        .filter((p) => p.is_enabled !== false)
        .map((p) => p.id)
    )
    if (!providerId)
      throw new SetupRefused(
        "no fulfillment provider is registered (Medusa's manual_manual is missing): nothing more was changed"
      )
    await batchLinksWorkflow(container).run({
      input: {
        create: [
          {
            [Modules.STOCK_LOCATION]: { stock_location_id: locationId },
            [Modules.FULFILLMENT]: { fulfillment_provider_id: providerId },
          },
        ],
      },
    })
    change(
      `fulfillment provider ${providerId} linked to stock location ${locationId}`
    )
  }

  // 5. A service zone for my in a shipping fulfillment set of the location
  const sets: FulfillmentSetDTO[] = loc?.fulfillment_sets ?? []
  const shipping = sets.filter((s) => s.type === "shipping")
  const inMy = (s: FulfillmentSetDTO) =>
    s.service_zones?.find((z) =>
      z.geo_zones?.some((g) => g.type === "country" && g.country_code === "my")
    )
  const withZone = shipping.find(inMy)
  let zone = withZone && inMy(withZone)
  if (withZone && zone)
    inPlace(
      `service zone "${zone.name}" ${zone.id} (country my) in fulfillment set "${withZone.name}"`
    )
  else {
    let set = shipping[0]
    if (set)
      inPlace(
        `fulfillment set "${set.name}" ${set.id} (shipping) of the stock location`
      )
    else {
      const name = await freeName(
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
        `fulfillment set "${name}" ${set.id} (shipping) on stock location ${locationId}`
      )
    }
    const name = await freeName("service_zone", "Malaysia")
    const geo_zones = [{ type: "country" as const, country_code: "my" }]
    const { result } = await createServiceZonesWorkflow(container).run({
      input: { data: [{ name, fulfillment_set_id: set.id, geo_zones }] },
    })
    zone = result[0]!
    change(
      `service zone "${name}" ${zone.id} (country my) in fulfillment set "${set.name}"`
    )
  }

  // 6. A MYR shipping option in that zone
  if (!profile) {
    const { result } = await createShippingProfilesWorkflow(container).run({
      input: { data: [{ name: "Default Shipping Profile", type: "default" }] },
    })
    profile = result[0]!
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
      "rules.*",
    ],
    { service_zone_id: zone.id }
  )
  type Option = {
    prices?: { currency_code: string; amount: number }[]
    rules?: { attribute: string; value: unknown }[]
  }
  const myrPrice = (o: Option) =>
    o.prices?.find((p) => p.currency_code === "myr")
  const isReturn = (o: Option) =>
    o.rules?.some(
      (r) => r.attribute === "is_return" && String(r.value) === "true"
    )
  const existing = options.find((o) => myrPrice(o) && !isReturn(o))
  let shippingOptionId: string
  if (existing) {
    shippingOptionId = existing.id
    const amount = Number(myrPrice(existing)?.amount).toFixed(2)
    inPlace(
      `shipping option "${existing.name}" ${shippingOptionId} (MYR ${amount}) in the Malaysia zone`
    )
    if (existing.shipping_profile_id !== profile.id)
      note(
        `that shipping option uses shipping profile ${existing.shipping_profile_id}, not ${profile.id}: products of other profiles need their own option`
      )
  } else {
    const rule = (attribute: string, value: string) => ({
      attribute,
      value,
      operator: "eq" as const,
    })
    const { result } = await createShippingOptionsWorkflow(container).run({
      input: [
        {
          name: OPTION_NAME,
          price_type: "flat",
          provider_id: providerId,
          service_zone_id: zone.id,
          shipping_profile_id: profile.id,
          type: {
            label: "Standard",
            description: "Ship in 2-3 days.",
            code: "standard",
          },
          prices: [{ currency_code: "myr", amount: flags.shippingSen / 100 }],
          rules: [rule("enabled_in_store", "true"), rule("is_return", "false")],
        },
      ],
    })
    shippingOptionId = result[0]!.id
    change(
      `shipping option "${OPTION_NAME}" ${shippingOptionId}, flat ${rm(flags.shippingSen)} (shipping=${flags.shippingSen / 100}), profile ${profile.id}, provider ${providerId}`
    )
  }

  // 7. MYR prices, only when asked
  const rule = flags.prices
  if (!variantsToPrice.length) inPlace("every product variant has a MYR price")
  else if (rule.kind === "none") {
    const list = variantsToPrice.slice(0, 10).map((v) => v.label)
    note(
      `${variantsToPrice.length} product variant(s) have no MYR price (${list.join(", ")}${variantsToPrice.length > 10 ? ", …" : ""}): shoppers in Malaysia cannot buy them. Give prices in the admin, or run again with prices=from:eur:<rate> or prices=flat:<RM>`
    )
  } else {
    const toAdd = variantsToPrice.flatMap(
      ({ priceSetId, label, basePrices }) => {
        if (rule.kind === "flat")
          return { priceSetId, sen: rule.sen, line: label }
        const source = basePrices.find((p) => p.currency_code === rule.currency)
        if (!source) return []
        const amount = Number(source.amount)
        const rate = `${rule.currency.toUpperCase()} ${amount} × ${rule.rateText}`
        return {
          priceSetId,
          sen: convertedSen(amount, rule),
          line: `${label} (${rate})`,
        }
      }
    )
    if (toAdd.length) {
      // Adds prices and nothing else (the product workflows replace a variant's whole list),
      // in one call: the pricing module's one transaction.
      await container.resolve(Modules.PRICING).addPrices(
        toAdd.map(({ priceSetId, sen }) => ({
          priceSetId,
          prices: [{ amount: sen / 100, currency_code: "myr" }],
        }))
      )
      for (const p of toAdd) change(`MYR price ${rm(p.sen)} for ${p.line}`)
    }
    const skipped = variantsToPrice.length - toAdd.length
    if (skipped && rule.kind === "from")
      note(
        `${skipped} variant(s) have neither a MYR nor a ${rule.currency.toUpperCase()} price and were left without one: ${variantsToPrice
          .filter((v) => !toAdd.some((a) => a.priceSetId === v.priceSetId))
          .map((v) => v.label)
          .join(", ")}`
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
