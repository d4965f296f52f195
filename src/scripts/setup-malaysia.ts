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
  StoreCurrencyDTO,
} from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { ReturnWorkflow } from "@medusajs/framework/workflows-sdk"
import * as flows from "@medusajs/medusa/core-flows"
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

/** A setup that cannot go on as asked: nothing has been changed when it is thrown. */
export class SetupRefused extends Error {
  override name = "SetupRefused"
}

const rm = (sen: number) => `RM${(sen / 100).toFixed(2)}`
const ids = (rows: { id: string }[]) => rows.map((r) => r.id).join(", ")
const labels = (rows: { label: string }[]) =>
  rows.map((r) => r.label).join(", ")
/** manual_manual when among the rows, else the first. */
const preferManual = (rows: { id: string }[]) =>
  rows.find((r) => r.id === "manual_manual")?.id ?? rows[0]?.id
/**
 * The row a flag's `id` names, else the only row, else `preferred`; refused when the flag names
 * none, or there are several and no `preferred` (`several` says so).
 */
function choose<T extends { id: string }>(
  rows: T[],
  flag: "location" | "shipping-profile",
  id: string | undefined,
  preferred: T | undefined,
  several: string
) {
  const row = id
    ? rows.find((r) => r.id === id)
    : rows.length > 1
      ? preferred
      : rows[0]
  const what = flag === "location" ? "stock location" : "shipping profile"
  if (id && !row)
    throw new SetupRefused(
      `${flag}=${id}: no such ${what} (the store has ${ids(rows) || "none"})`
    )
  if (!row && rows.length > 1) throw new SetupRefused(several)
  return row
}
type Currency = StoreCurrencyDTO & { is_tax_inclusive: boolean }
type Price = PriceDTO & { price_list_id?: string; rules_count?: number }
type Rule = { attribute: string; value: unknown }
type Option = { prices?: Price[]; rules?: Rule[] }
/** The MYR price of a shipping option that is no return option. */
const myrPrice = (o: Option) =>
  o.rules?.some((r) => r.attribute === "is_return" && `${r.value}` === "true")
    ? undefined
    : o.prices?.find((p) => p.currency_code === "myr")

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
  /** Query's rows of `entity`, its `fields` space-separated. */
  const graph = async (entity: string, fields: string, filters?: object) =>
    (await query.graph({ entity, fields: fields.split(" "), filters })).data
  const run = async <I, O>(workflow: ReturnWorkflow<I, O, []>, input: I) =>
    (await workflow(container).run({ input })).result
  /** The one record a create workflow made. */
  const made = async <I, O>(workflow: ReturnWorkflow<I, O[], []>, input: I) =>
    (await run(workflow, input))[0]!
  const [changed, found, notes]: string[][] = [[], [], []]
  const [change, inPlace, note] = [changed, found, notes].map(
    (list, i) => (line: string) => {
      list.push(line)
      print(`${["changed", "in place", "note"][i]}: ${line}`)
    }
  )
  /** In place when `there`, else changed. */
  const tell = (there: unknown, line: string) =>
    (there ? inPlace : change)(line)
  /** `base`, or `base (2)`, `base (3)`…: fulfillment sets and service zones have unique names. */
  const freeName = async (entity: string, base: string) => {
    for (let i = 1; ; i++) {
      const name = i === 1 ? base : `${base} (${i})`
      if (!(await graph(entity, "id", { name })).length) return name
    }
  }

  // ---- read and check everything first: a refusal changes nothing ----
  const providerIds = ["wallet", "fpx", "fpx-direct"].map(
    (kind) => `pp_svc-${kind}_${flags.providers}`
  )
  const zones = "fulfillment_sets.service_zones"
  // fps: the enabled fulfillment providers
  const [enabled, [store], regions, locations, profiles, fps, variants, taxes] =
    await Promise.all([
      graph("payment_provider", "id", { id: providerIds, is_enabled: true }),
      graph("store", "id default_sales_channel_id supported_currencies.*"),
      graph(
        "region",
        "id name currency_code countries.iso_2 payment_providers.id"
      ),
      graph(
        "stock_location",
        `id name sales_channels.id fulfillment_providers.id fulfillment_sets.* ${zones}.* ${zones}.geo_zones.*`
      ),
      graph("shipping_profile", "id type"),
      graph("fulfillment_provider", "id", { is_enabled: true }),
      graph(
        "product_variant",
        "id title sku product.title price_set.id price_set.prices.*"
      ),
      graph("tax_region", "id province_code tax_rates.*", {
        country_code: "my",
      }),
    ])
  const absent = providerIds.filter((id) => !enabled.some((p) => p.id === id))
  if (absent.length)
    throw new SetupRefused(
      `the svc payment providers ${absent.join(", ")} are not registered: add medusa-payment-svc/providers/svc with id "${flags.providers}" to the payment module's providers in medusa-config.ts (or give providers=<its id>), start the store once, then run this again`
    )
  if (!store)
    throw new SetupRefused(
      "the store has no store record yet: start Medusa once (or run its migrations), then run this again"
    )
  const channelId: string | undefined = store.default_sales_channel_id
  const myRegion = regions.find((r) =>
    r.countries?.some((c: { iso_2: string }) => c?.iso_2 === "my")
  )
  if (myRegion && myRegion.currency_code !== "myr")
    throw new SetupRefused(
      `Malaysia (my) already belongs to the region "${myRegion.name}" (${myRegion.id}) in ${myRegion.currency_code.toUpperCase()}; a country can be in one region only and svc takes MYR. Remove "my" from that region (Settings → Regions) or change its currency to MYR, then run this again. Nothing was changed.`
    )
  const linked = locations.filter((l) =>
    l.sales_channels?.some((s: { id: string }) => s.id === channelId)
  )
  let location = choose(
    locations,
    "location",
    flags.location,
    linked.length === 1 ? linked[0] : undefined,
    `the store has ${locations.length} stock locations (${locations.map((l) => `${l.id} "${l.name}"`).join(", ")}): choose the one that ships to Malaysia with location=<id>`
  )
  let profile = choose(
    profiles,
    "shipping-profile",
    flags.shippingProfile,
    profiles.find((p) => p.type === "default"),
    `the store has ${profiles.length} shipping profiles and none of type "default": choose one with shipping-profile=<id> (${ids(profiles)})`
  )
  // Variants with a price set and no MYR price (any MYR price, with rules or not, counts as one),
  // each with the MYR price (sen) flags.prices gives it, if any
  const rule = flags.prices
  const unpriced = variants.flatMap((v) => {
    const own: Price[] = (v.price_set?.prices ?? []).filter(
      (p: Price) => !p.price_list_id
    )
    if (!v.price_set || own.some((p) => p.currency_code === "myr")) return []
    const label = `${v.product?.title ?? "product"} / ${v.title ?? v.id}${v.sku ? ` (${v.sku})` : ""} ${v.id}`
    const from = rule.kind === "from" ? rule : undefined
    const base = own.find(
      (p) =>
        p.currency_code === from?.currency &&
        !Number(p.rules_count ?? 0) &&
        p.min_quantity == null &&
        p.max_quantity == null
    )
    const amount = Number(base?.amount)
    const sen = from && base ? convertedSen(amount, from) : undefined
    return {
      label,
      priceSetId: String(v.price_set.id),
      sen: rule.kind === "flat" ? rule.sen : sen,
      line:
        sen === undefined
          ? label
          : `${label} (${from?.currency.toUpperCase()} ${amount} × ${from?.rateText})`,
    }
  })

  // ---- changes, each only where missing ----

  // 1. MYR among the store's currencies (the default stays; MYR becomes it only when there is none)
  const currencies: Currency[] = store.supported_currencies ?? []
  const hasDefault = currencies.some((c) => c.is_default)
  const hasMyr = currencies.some((c) => c.currency_code === "myr")
  const kept = currencies.map((c) => ({
    currency_code: c.currency_code,
    is_default: c.is_default,
    is_tax_inclusive: c.is_tax_inclusive,
  }))
  const myr = { currency_code: "myr", is_default: !hasDefault }
  if (!hasMyr)
    await run(flows.updateStoresWorkflow, {
      selector: { id: store.id },
      update: { supported_currencies: [...kept, myr] },
    })
  const code = (c: Currency) =>
    `${c.currency_code.toUpperCase()}${c.is_default ? " default" : ""}`
  const list = currencies.map(code).join(", ")
  tell(
    hasMyr,
    `store currency MYR ${hasMyr ? `(${list})` : `added${hasDefault ? " (the default currency is unchanged)" : " as the store's default (it had none)"}`}`
  )

  // 2. The Malaysia region with the svc providers
  const have: string[] =
    myRegion?.payment_providers.map((p: { id: string }) => p.id) ?? []
  const missing = providerIds.filter((id) => !have.includes(id))
  const payment_providers = [...have, ...missing]
  const malaysia = { name: "Malaysia", currency_code: "myr", countries: ["my"] }
  const region =
    myRegion ??
    (await made(flows.createRegionsWorkflow, {
      regions: [{ ...malaysia, payment_providers }],
    }))
  if (myRegion && missing.length)
    await run(flows.updateRegionsWorkflow, {
      selector: { id: region.id },
      update: { payment_providers },
    })
  tell(
    myRegion && !missing.length,
    `region "${region.name}" ${region.id} (MYR, my)${myRegion && missing.length ? `: payment providers ${missing.join(", ")} enabled` : ` with ${providerIds.join(", ")}`}`
  )

  // 3. The tax region for my (an existing one and its rates are kept)
  const countryTax = taxes.find((t) => !t.province_code)
  const rate = countryTax?.tax_rates?.find(
    (r: { is_default: boolean }) => r.is_default
  )
  const sst = { name: "SST", code: "SST", rate: flags.sst }
  const { id: taxRegionId } =
    countryTax ??
    (await made(flows.createTaxRegionsWorkflow, [
      { country_code: "my", provider_id: "tp_system", default_tax_rate: sst },
    ]))
  tell(
    countryTax,
    `tax region my ${taxRegionId}${!countryTax ? ` with default rate SST ${flags.sst} % (sst=${flags.sst})` : rate ? ` (default rate ${rate.name ?? ""} ${rate.rate} %, kept)` : " (no default rate, kept)"}`
  )

  // 4. The stock location, its sales channel and fulfillment provider
  const hadLocation = Boolean(location)
  const address = { address_1: "", country_code: "MY" }
  location ||= await made(flows.createStockLocationsWorkflow, {
    locations: [{ name: "Malaysia warehouse", address }],
  })
  const locationId: string = location.id
  tell(
    hadLocation,
    `stock location "${location.name}" ${locationId}${hadLocation ? "" : " (the store had none)"}`
  )
  /** Where a link is: "the stock location" when it was there, else its id. */
  const to = (there: unknown) =>
    there ? "the stock location" : `stock location ${locationId}`
  const loc = hadLocation ? location : undefined
  const channelLinked = linked.includes(loc)
  if (!channelId)
    note(
      "the store has no default sales channel: link the storefront's sales channel to the stock location yourself (Settings → Locations)"
    )
  else if (!channelLinked)
    await run(flows.linkSalesChannelsToStockLocationWorkflow, {
      id: locationId,
      add: [channelId],
    })
  if (channelId)
    tell(
      channelLinked,
      `default sales channel ${channelId} linked to ${to(channelLinked)}`
    )
  const linkedProvider = preferManual(loc?.fulfillment_providers ?? [])
  const providerId = linkedProvider ?? preferManual(fps)
  if (!providerId)
    throw new SetupRefused(
      "no fulfillment provider is registered (Medusa's manual_manual is missing): nothing more was changed"
    )
  if (!linkedProvider)
    await run(flows.batchLinksWorkflow, {
      create: [
        {
          [Modules.STOCK_LOCATION]: { stock_location_id: locationId },
          [Modules.FULFILLMENT]: { fulfillment_provider_id: providerId },
        },
      ],
    })
  tell(
    linkedProvider,
    `fulfillment provider ${providerId} linked to ${to(linkedProvider)}`
  )

  // 5. A service zone for my in a shipping fulfillment set of the location
  const sets: FulfillmentSetDTO[] = (loc?.fulfillment_sets ?? []).filter(
    (s: FulfillmentSetDTO) => s.type === "shipping"
  )
  const myZone = (s: FulfillmentSetDTO) =>
    s.service_zones?.find((z) =>
      z.geo_zones?.some((g) => g.type === "country" && g.country_code === "my")
    )
  let set = sets.find(myZone) ?? sets[0]
  let zone = set && myZone(set)
  const hadZone = Boolean(zone)
  if (!zone && set)
    inPlace(
      `fulfillment set "${set.name}" ${set.id} (shipping) of the stock location`
    )
  else if (!zone) {
    const name = await freeName("fulfillment_set", `${location.name} delivery`)
    await run(flows.createLocationFulfillmentSetWorkflow, {
      location_id: locationId,
      fulfillment_set_data: { name, type: "shipping" },
    })
    ;[set] = await graph("fulfillment_set", "id name", { name })
    change(
      `fulfillment set "${name}" ${set.id} (shipping) on stock location ${locationId}`
    )
  }
  if (!zone) {
    const name = await freeName("service_zone", "Malaysia")
    const geo_zones = [{ type: "country" as const, country_code: "my" }]
    zone = await made(flows.createServiceZonesWorkflow, {
      data: [{ name, fulfillment_set_id: set.id, geo_zones }],
    })
  }
  tell(
    hadZone,
    `service zone "${zone.name}" ${zone.id} (country my) in fulfillment set "${set.name}"`
  )

  // 6. A MYR shipping option in that zone
  if (!profile) {
    const data = [{ name: "Default Shipping Profile", type: "default" }]
    profile = await made(flows.createShippingProfilesWorkflow, { data })
    change(
      `shipping profile "Default Shipping Profile" ${profile.id} (the store had none)`
    )
  }
  const existing = (
    await graph(
      "shipping_option",
      "id name shipping_profile_id prices.currency_code prices.amount rules.*",
      { service_zone_id: zone.id }
    )
  ).find(myrPrice)
  const { id: shippingOptionId } =
    existing ??
    (await made(flows.createShippingOptionsWorkflow, [
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
        rules: [
          { attribute: "enabled_in_store", value: "true", operator: "eq" },
          { attribute: "is_return", value: "false", operator: "eq" },
        ],
      },
    ]))
  tell(
    existing,
    existing
      ? `shipping option "${existing.name}" ${shippingOptionId} (MYR ${Number(myrPrice(existing)?.amount).toFixed(2)}) in the Malaysia zone`
      : `shipping option "${OPTION_NAME}" ${shippingOptionId}, flat ${rm(flags.shippingSen)} (shipping=${flags.shippingSen / 100}), profile ${profile.id}, provider ${providerId}`
  )
  if (existing && existing.shipping_profile_id !== profile.id)
    note(
      `that shipping option uses shipping profile ${existing.shipping_profile_id}, not ${profile.id}: products of other profiles need their own option`
    )

  // 7. MYR prices, only when asked
  const toAdd = unpriced.flatMap(({ sen, ...v }) =>
    sen === undefined ? [] : { ...v, sen }
  )
  const left = unpriced.filter((v) => v.sen === undefined)
  if (!unpriced.length) inPlace("every product variant has a MYR price")
  else if (rule.kind === "none")
    note(
      `${unpriced.length} product variant(s) have no MYR price (${labels(unpriced.slice(0, 10))}${unpriced.length > 10 ? ", …" : ""}): shoppers in Malaysia cannot buy them. Give prices in the admin, or run again with prices=from:eur:<rate> or prices=flat:<RM>`
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
  if (left.length && rule.kind === "from")
    note(
      `${left.length} variant(s) have neither a MYR nor a ${rule.currency.toUpperCase()} price and were left without one: ${labels(left)}`
    )

  print(
    changed.length
      ? `${changed.length} change(s) made; ${found.length} thing(s) already in place.`
      : `Nothing changed: everything svc needs was already in place (${found.length} checked).`
  )
  return {
    changed,
    found,
    notes,
    regionId: region.id,
    taxRegionId,
    stockLocationId: locationId,
    serviceZoneId: zone.id,
    shippingOptionId,
  }
}
