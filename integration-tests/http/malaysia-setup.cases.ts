/**
 * The Malaysia setup script (src/scripts/setup-malaysia.ts) on a store seeded the way Medusa's
 * official starter seeds one: EUR/USD store currencies, a Europe region in EUR with the system
 * payment provider, tax regions without rates, a stock location with a fulfillment set and a
 * Europe service zone, a standard shipping option in EUR/USD, a product priced in EUR and USD
 * only. After the script every piece svc needs exists; a second run changes nothing and says so;
 * a shopper in Malaysia gets past delivery (the new MYR option on the cart), opens an svc
 * session and pays: the order is placed. A store whose Europe region holds `my` is refused with
 * nothing changed.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"
import type { SvcSuite } from "../helpers/suite"
import { capturedOrder, completeCart, SVC_PROVIDERS } from "../helpers/store"
import { parseSetupFlags } from "../../src/scripts/setup-malaysia-flags"
import { setupMalaysia, SetupRefused } from "../../src/scripts/setup-malaysia"
import { SHOPPER_ADDRESS } from "../../testing/store-api"

const EUROPE = ["gb", "de", "dk", "se", "fr", "es", "it"]

/** The starter's seed (medusajs/dtc-starter, Medusa 2.18), trimmed to what checkout touches. */
async function seedLikeStarter(container: MedusaContainer, countries = EUROPE) {
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const [store] = await container.resolve(Modules.STORE).listStores()
  const {
    result: [channel],
  } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: "Default Sales Channel" }] },
  })
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store!.id },
      update: {
        supported_currencies: [
          { currency_code: "eur", is_default: true },
          { currency_code: "usd" },
        ],
        default_sales_channel_id: channel!.id,
      },
    },
  })
  const {
    result: [region],
  } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        {
          name: "Europe",
          currency_code: "eur",
          countries,
          payment_providers: ["pp_system_default"],
        },
      ],
    },
  })
  await createTaxRegionsWorkflow(container).run({
    input: countries.map((country_code) => ({
      country_code,
      provider_id: "tp_system",
    })),
  })
  const {
    result: [location],
  } = await createStockLocationsWorkflow(container).run({
    input: {
      locations: [
        {
          name: "European Warehouse",
          address: { city: "Copenhagen", country_code: "DK", address_1: "" },
        },
      ],
    },
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location!.id },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
  })
  const [existingProfile] = await fulfillment.listShippingProfiles({
    type: "default",
  })
  const profile =
    existingProfile ??
    (
      await createShippingProfilesWorkflow(container).run({
        input: {
          data: [{ name: "Default Shipping Profile", type: "default" }],
        },
      })
    ).result[0]!
  const set = await fulfillment.createFulfillmentSets({
    name: "European Warehouse delivery",
    type: "shipping",
    service_zones: [
      {
        name: "Europe",
        geo_zones: countries.map((country_code) => ({
          country_code,
          type: "country" as const,
        })),
      },
    ],
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location!.id },
    [Modules.FULFILLMENT]: { fulfillment_set_id: set.id },
  })
  await createShippingOptionsWorkflow(container).run({
    input: [
      {
        name: "Standard Shipping",
        price_type: "flat",
        provider_id: "manual_manual",
        service_zone_id: set.service_zones[0]!.id,
        shipping_profile_id: profile.id,
        type: {
          label: "Standard",
          description: "Ship in 2-3 days.",
          code: "standard",
        },
        prices: [
          { currency_code: "usd", amount: 10 },
          { currency_code: "eur", amount: 10 },
          { region_id: region!.id, amount: 10 },
        ],
        rules: [
          { attribute: "enabled_in_store", value: "true", operator: "eq" },
          { attribute: "is_return", value: "false", operator: "eq" },
        ],
      },
    ],
  })
  await linkSalesChannelsToStockLocationWorkflow(container).run({
    input: { id: location!.id, add: [channel!.id] },
  })
  const {
    result: [key],
  } = await createApiKeysWorkflow(container).run({
    input: {
      api_keys: [{ title: "Webshop", type: "publishable", created_by: "" }],
    },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({
    input: { id: key!.id, add: [channel!.id] },
  })
  const {
    result: [product],
  } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: "Medusa T-Shirt",
          status: "published",
          shipping_profile_id: profile.id,
          options: [{ title: "Size", values: ["M"] }],
          variants: [
            {
              title: "M",
              sku: "SHIRT-M",
              options: { Size: "M" },
              manage_inventory: false,
              prices: [
                { amount: 10, currency_code: "eur" },
                { amount: 15, currency_code: "usd" },
              ],
            },
          ],
          sales_channels: [{ id: channel!.id }],
        },
      ],
    },
  })
  return {
    channelId: channel!.id,
    locationId: location!.id,
    europeZoneId: set.service_zones[0]!.id,
    headers: { headers: { "x-publishable-api-key": key!.token } },
    variantId: product!.variants[0]!.id,
  }
}

/** What the script may create, counted and listed by id. */
async function snapshot(container: MedusaContainer) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const ids = async (entity: string, fields = ["id"]) =>
    ((await query.graph({ entity, fields } as never)).data as any[])
      .map((r) => r.id)
      .sort()
  const {
    data: [store],
  } = await query.graph({
    entity: "store",
    fields: [
      "supported_currencies.currency_code",
      "supported_currencies.is_default",
    ],
  })
  const { data: variants } = await query.graph({
    entity: "product_variant",
    fields: ["id", "price_set.prices.id"],
  })
  return {
    currencies: (store as any).supported_currencies
      .map((c: any) => `${c.currency_code}${c.is_default ? "*" : ""}`)
      .sort(),
    regions: await ids("region"),
    taxRegions: await ids("tax_region"),
    taxRates: await ids("tax_rate"),
    locations: await ids("stock_location"),
    fulfillmentSets: await ids("fulfillment_set"),
    serviceZones: await ids("service_zone"),
    geoZones: await ids("geo_zone"),
    shippingOptions: await ids("shipping_option"),
    shippingProfiles: await ids("shipping_profile"),
    prices: (variants as any[])
      .flatMap((v) => v.price_set.prices.map((p: any) => p.id))
      .sort(),
  }
}

export function malaysiaSetup({ api, getContainer, sb }: SvcSuite): void {
  it("completes a starter-seeded store for svc, changes nothing the second time, and a Malaysian cart gets past delivery and pays", async () => {
    const container = getContainer()
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const seeded = await seedLikeStarter(container)
    const before = await snapshot(container)

    const flags = parseSetupFlags([
      "sst=6",
      "shipping=12.50",
      "prices=from:eur:4.9",
    ])
    const first: string[] = []
    const report = await setupMalaysia(container, flags, (l) => first.push(l))
    console.log(first.join("\n"))
    expect(report.changed).toEqual([
      "store currency MYR added (the default currency is unchanged)",
      expect.stringMatching(
        /^region "Malaysia" reg_\w+ \(MYR, my\) with pp_svc-wallet_svc, pp_svc-fpx_svc, pp_svc-fpx-direct_svc$/
      ),
      expect.stringMatching(
        /^tax region my txreg_\w+ with default rate SST 6 % \(sst=6\)$/
      ),
      expect.stringMatching(
        /^service zone "Malaysia" serzo_\w+ \(country my\) in fulfillment set "European Warehouse delivery"$/
      ),
      expect.stringMatching(
        /^shipping option "Standard Shipping \(Malaysia\)" so_\w+, flat RM12\.50 \(shipping=12\.5\), profile sp_\w+, provider manual_manual$/
      ),
      expect.stringMatching(
        /^MYR price RM49\.00 for Medusa T-Shirt \/ M \(SHIRT-M\) variant_\w+ \(EUR 10 × 4\.9\)$/
      ),
    ])
    expect(report.found).toEqual(
      expect.arrayContaining([
        `stock location "European Warehouse" ${seeded.locationId}`,
        `default sales channel ${seeded.channelId} linked to the stock location`,
        "fulfillment provider manual_manual linked to the stock location",
        expect.stringMatching(
          /^fulfillment set "European Warehouse delivery" fuset_\w+ \(shipping\) of the stock location$/
        ),
      ])
    )
    expect(first.at(-1)).toMatch(
      /^6 change\(s\) made; \d+ thing\(s\) already in place\.$/
    )

    // every piece, read back through Query
    const after = await snapshot(container)
    expect(after.currencies).toEqual(["eur*", "myr", "usd"])
    const {
      data: [region],
    } = await query.graph({
      entity: "region",
      fields: [
        "currency_code",
        "countries.iso_2",
        "payment_providers.id",
        "payment_providers.is_enabled",
      ],
      filters: { id: report.regionId },
    })
    expect(region).toMatchObject({
      currency_code: "myr",
      countries: [{ iso_2: "my" }],
    })
    expect(
      (region as any).payment_providers.map((p: any) => p.id).sort()
    ).toEqual(Object.values(SVC_PROVIDERS).sort())
    const {
      data: [tax],
    } = await query.graph({
      entity: "tax_region",
      fields: [
        "country_code",
        "tax_rates.rate",
        "tax_rates.is_default",
        "tax_rates.code",
      ],
      filters: { id: report.taxRegionId },
    })
    expect(tax).toMatchObject({
      country_code: "my",
      tax_rates: [{ rate: 6, is_default: true, code: "SST" }],
    })
    const {
      data: [zone],
    } = await query.graph({
      entity: "service_zone",
      fields: [
        "geo_zones.type",
        "geo_zones.country_code",
        "fulfillment_set.id",
      ],
      filters: { id: report.serviceZoneId },
    })
    expect(zone).toMatchObject({
      geo_zones: [{ type: "country", country_code: "my" }],
    })
    const {
      data: [option],
    } = await query.graph({
      entity: "shipping_option",
      fields: [
        "price_type",
        "provider_id",
        "prices.currency_code",
        "prices.amount",
        "rules.attribute",
        "rules.value",
      ],
      filters: { id: report.shippingOptionId },
    })
    expect(option).toMatchObject({
      price_type: "flat",
      provider_id: "manual_manual",
      prices: [{ currency_code: "myr", amount: 12.5 }],
    })
    expect(
      (option as any).rules.map((r: any) => `${r.attribute}=${r.value}`).sort()
    ).toEqual(["enabled_in_store=true", "is_return=false"])
    const {
      data: [variant],
    } = await query.graph({
      entity: "product_variant",
      fields: ["price_set.prices.currency_code", "price_set.prices.amount"],
      filters: { id: seeded.variantId },
    })
    expect(
      (variant as any).price_set.prices
        .map((p: any) => `${p.currency_code} ${p.amount}`)
        .sort()
    ).toEqual(["eur 10", "myr 49", "usd 15"])
    // what was there stays: one more of each, nothing removed
    expect(after.regions).toEqual(expect.arrayContaining(before.regions))
    expect(after.regions.length).toBe(before.regions.length + 1)
    expect(after.taxRegions.length).toBe(before.taxRegions.length + 1)
    expect(after.serviceZones.length).toBe(before.serviceZones.length + 1)
    expect(after.shippingOptions.length).toBe(before.shippingOptions.length + 1)
    expect(after.prices).toEqual(expect.arrayContaining(before.prices))
    expect(after.prices.length).toBe(before.prices.length + 1)
    expect(after.locations).toEqual(before.locations)
    expect(after.fulfillmentSets).toEqual(before.fulfillmentSets)

    // a second run: nothing changed, and it says so
    const second: string[] = []
    const again = await setupMalaysia(container, flags, (l) => second.push(l))
    console.log(second.join("\n"))
    expect(again.changed).toEqual([])
    expect(second.at(-1)).toMatch(
      /^Nothing changed: everything svc needs was already in place \(\d+ checked\)\.$/
    )
    expect(second.filter((l) => l.startsWith("changed:"))).toEqual([])
    expect(again).toMatchObject({
      regionId: report.regionId,
      taxRegionId: report.taxRegionId,
      serviceZoneId: report.serviceZoneId,
      shippingOptionId: report.shippingOptionId,
    })
    expect(await snapshot(container)).toEqual(after)

    // a shopper in Malaysia: the MYR option is offered, taken, and an svc session opens on the cart
    const {
      data: { cart },
    } = await api.post(
      "/store/carts",
      {
        region_id: report.regionId,
        email: "buyer@example.my",
        items: [{ variant_id: seeded.variantId, quantity: 1 }],
        shipping_address: SHOPPER_ADDRESS,
      },
      seeded.headers
    )
    expect(cart.currency_code).toBe("myr")
    const {
      data: { shipping_options },
    } = await api.get(
      `/store/shipping-options?cart_id=${cart.id}`,
      seeded.headers
    )
    expect(shipping_options.map((o: any) => [o.id, o.amount])).toEqual([
      [report.shippingOptionId, 12.5],
    ])
    const {
      data: { cart: delivered },
    } = await api.post(
      `/store/carts/${cart.id}/shipping-methods`,
      { option_id: report.shippingOptionId },
      seeded.headers
    )
    expect(delivered.shipping_methods.map((m: any) => m.amount)).toEqual([12.5])
    // RM49 + RM12.50, SST 6 % on both
    expect(delivered.total).toBeCloseTo(61.5 * 1.06, 6)
    const {
      data: { payment_collection },
    } = await api.post(
      "/store/payment-collections",
      { cart_id: cart.id },
      seeded.headers
    )
    const {
      data: { payment_collection: withSession },
    } = await api.post(
      `/store/payment-collections/${payment_collection.id}/payment-sessions`,
      { provider_id: SVC_PROVIDERS.wallet, data: { cart_id: cart.id } },
      seeded.headers
    )
    const session = withSession.payment_sessions.find(
      (s: any) => s.provider_id === SVC_PROVIDERS.wallet
    )
    expect(session.data.checkoutId).toEqual(expect.any(String))
    sb().pay(session.data.checkoutId)
    const done = await completeCart(
      api,
      { headers: seeded.headers } as never,
      cart.id
    )
    expect(done.type).toBe("order")
    const order = await capturedOrder(container, cart.id)
    expect(order.payment_collections[0].payments[0].captures).toHaveLength(1)
  })

  it("completes an existing MYR region holding my (providers added, its own kept) and keeps an existing tax rate", async () => {
    const container = getContainer()
    const seeded = await seedLikeStarter(container)
    const {
      result: [own],
    } = await createRegionsWorkflow(container).run({
      input: {
        regions: [
          {
            name: "Semenanjung",
            currency_code: "myr",
            countries: ["my"],
            payment_providers: ["pp_system_default"],
          },
        ],
      },
    })
    await createTaxRegionsWorkflow(container).run({
      input: [
        {
          country_code: "my",
          provider_id: "tp_system",
          default_tax_rate: { name: "SST", code: "SST", rate: 10 },
        },
      ],
    })
    const lines: string[] = []
    const report = await setupMalaysia(
      container,
      parseSetupFlags(["prices=flat:25"]),
      (l) => lines.push(l)
    )
    console.log(lines.join("\n"))
    expect(report.regionId).toBe(own!.id)
    expect(report.changed).toEqual(
      expect.arrayContaining([
        `region "Semenanjung" ${own!.id} (MYR, my): payment providers pp_svc-wallet_svc, pp_svc-fpx_svc, pp_svc-fpx-direct_svc enabled`,
        expect.stringMatching(
          new RegExp(
            `^MYR price RM25\\.00 for Medusa T-Shirt / M \\(SHIRT-M\\) ${seeded.variantId}$`
          )
        ),
      ])
    )
    expect(report.found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^tax region my txreg_\w+ \(default rate SST 10 %, kept\)$/
        ),
      ])
    )
    expect(report.changed.some((l) => l.startsWith("tax region"))).toBe(false)
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data: regions } = await query.graph({
      entity: "region",
      fields: ["id", "payment_providers.id"],
      filters: { currency_code: "myr" },
    })
    expect(regions.map((r: any) => r.id)).toEqual([own!.id])
    expect(
      (regions[0] as any).payment_providers.map((p: any) => p.id).sort()
    ).toEqual(["pp_system_default", ...Object.values(SVC_PROVIDERS)].sort())
  })

  it("refuses, changing nothing, when Malaysia sits in the Europe region (EUR)", async () => {
    const container = getContainer()
    await seedLikeStarter(container, [...EUROPE, "my"])
    const before = await snapshot(container)
    const lines: string[] = []
    const run = setupMalaysia(container, parseSetupFlags([]), (l) =>
      lines.push(l)
    )
    await expect(run).rejects.toBeInstanceOf(SetupRefused)
    await expect(run).rejects.toThrow(
      /^Malaysia \(my\) already belongs to the region "Europe" \(reg_\w+\) in EUR; a country can be in one region only.*Nothing was changed\.$/
    )
    expect(lines).toEqual([])
    expect(await snapshot(container)).toEqual(before)
  })
}
