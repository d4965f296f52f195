// The kit's pure checks (no call): the same rules the integration tests drive
// through Medusa (integration-tests/storefront/kit.spec.ts).
import {
  amountToSen,
  checkFpxDirectChoice,
  filterFpxBanks,
  svcText,
  type FpxBankList,
} from "../index.js"
import {
  isSvcProvider,
  svcMethodOf,
  svcPaymentReference,
  svcPaymentTitle,
  svcProviderId,
} from "../providers.js"
import { bank } from "./fixtures.js"

const banks: FpxBankList = {
  retail: [bank("MBB0228", "RETAIL"), bank("HSBC0223", "RETAIL", false)],
  corporate: [bank("RHB0218B", "CORPORATE")],
  retail_max_sen: 3_000_000,
}

describe("storefront kit helpers", () => {
  it("reads Medusa amounts as integer sen from their decimal text", () => {
    expect(amountToSen(120.5)).toBe(12050)
    expect(amountToSen("30125")).toBe(3_012_500)
    expect(amountToSen(0.07)).toBe(7)
    expect(amountToSen(1.005)).toBe(101) // half-up to the sen, as the svc checkout
    expect(amountToSen(39.852)).toBe(3985)
    expect(amountToSen("abc")).toBeNull()
    expect(amountToSen(-1)).toBeNull()
    expect(amountToSen(undefined)).toBeNull()
  })

  it("filters banks by a search anywhere in the name, any case, offline ones kept (the bank picker's search box)", () => {
    const list = [
      "Maybank2U",
      "Maybank2E",
      "AmBank",
      "HSBC Bank",
      "Hong Leong Bank",
      "Bank Muamalat",
    ].map((name, i) => ({ name, code: `B${i}`, active: name !== "HSBC Bank" }))
    const names = (q: string) => filterFpxBanks(list, q).map((b) => b.name)
    expect(names("may")).toEqual(["Maybank2U", "Maybank2E"])
    expect(names("MAY")).toEqual(["Maybank2U", "Maybank2E"])
    expect(names("  bank2e ")).toEqual(["Maybank2E"])
    expect(names("leong")).toEqual(["Hong Leong Bank"])
    expect(names("hong   leong")).toEqual(["Hong Leong Bank"])
    expect(names("muamalát")).toEqual(["Bank Muamalat"])
    expect(names("hsbc")).toEqual(["HSBC Bank"]) // offline: still offered
    expect(names("nope")).toEqual([])
    expect(names("")).toEqual(list.map((b) => b.name))
    expect(filterFpxBanks(list, "")).not.toBe(list) // a copy
  })

  it("reads the payment reference svc's page showed from a session, a payment, a cart or an order; none from other providers or older titles", () => {
    const session = {
      provider_id: "pp_svc-fpx_svc",
      data: { title: "Kedai Raya order ARQR-DJ15-RKXH" },
    }
    expect(svcPaymentReference(session)).toBe("ARQR-DJ15-RKXH")
    expect(
      svcPaymentReference({
        payment_collection: { payment_sessions: [session] },
      })
    ).toBe("ARQR-DJ15-RKXH")
    const order = {
      payment_collections: [
        {
          payments: [
            {
              provider_id: "pp_system_default",
              data: { title: "Order 7KQ2-M4XD-9PTA" },
            },
          ],
        },
        {
          payments: [
            {
              provider_id: "pp_svc-wallet_svc",
              data: { title: "Order 7KQ2-M4XD-9PTB" },
            },
          ],
        },
      ],
    }
    expect(svcPaymentReference(order)).toBe("7KQ2-M4XD-9PTB")
    expect(
      svcPaymentReference({
        provider_id: "pp_svc-wallet_svc",
        data: { title: "Order payses_01J #2 3fa9c1d2" },
      })
    ).toBeNull()
    expect(
      svcPaymentReference({
        provider_id: "pp_svc-wallet_svc",
        data: { title: "Order ARQR-DJ15-RKXU" },
      })
    ).toBeNull() // U is not Crockford
    expect(svcPaymentReference({ payment_collections: [] })).toBeNull()
    expect(svcPaymentReference(null)).toBeNull()
  })

  it("names svc's providers and only them", () => {
    expect(isSvcProvider("pp_svc-fpx-direct_svc")).toBe(true)
    expect(isSvcProvider("pp_svc-wallet_shop2")).toBe(true)
    expect(isSvcProvider("pp_stripe_stripe")).toBe(false)
    expect(isSvcProvider(undefined)).toBe(false)
    expect(svcMethodOf("pp_svc-fpx_svc")).toBe("fpx")
    expect(svcPaymentTitle("pp_svc-fpx-direct_svc")).toBe(
      "FPX online banking (choose your bank)"
    )
    expect(svcPaymentTitle("pp_system_default")).toBe("")
    expect(svcProviderId("wallet")).toBe("pp_svc-wallet_svc")
  })

  it.each([
    [{ buyerName: "Siti" }, "bank", /Choose your bank/],
    [{ bank: "NOPE", buyerName: "Siti" }, "bank", /not an FPX bank/],
    [{ bank: "HSBC0223", buyerName: "Siti" }, "bank", /offline/],
    [
      { bank: "RHB0218B", bankType: "RETAIL", buyerName: "Siti" },
      "bankType",
      /must be CORPORATE/,
    ],
    [
      { bank: "MBB0228", bankType: "SAVINGS", buyerName: "Siti" },
      "bankType",
      /RETAIL .* or CORPORATE/,
    ],
    [{ bank: "MBB0228", buyerName: " " }, "buyerName", /1-100/],
    [
      { bank: "MBB0228", buyerName: "Siti", amountSen: 3_000_001 },
      "bankType",
      /limited to RM\u00a030,000/,
    ],
  ])("refuses %j naming %s", (input, field, message) => {
    expect(() => checkFpxDirectChoice(input as never, banks)).toThrow(
      expect.objectContaining({
        field,
        message: expect.stringMatching(message),
      })
    )
  })

  it("accepts a good choice, trims the name, takes the bank's type, lets corporate above the retail cap", () => {
    expect(
      checkFpxDirectChoice(
        { bank: "MBB0228", buyerName: "  Siti  ", amountSen: 3_000_000 },
        banks
      )
    ).toMatchObject({
      bank: { code: "MBB0228" },
      bankType: "RETAIL",
      buyerName: "Siti",
    })
    expect(
      checkFpxDirectChoice(
        { bank: "RHB0218B", buyerName: "Maju", amountSen: 50_000_000 },
        banks
      ).bankType
    ).toBe("CORPORATE")
  })
})

describe("a 429 from the store's storefront limits", () => {
  it("keeps the words and says when to try again, in seconds", async () => {
    const { storeError, retryAfterOf } = await import("../errors.js")
    const en = svcText({ locale: "en" })
    const cart = storeError(
      {
        status: 429,
        message:
          "too many payment attempts for this cart; try again in 14 minutes; nothing was charged",
      },
      "startFailed",
      en
    )
    expect(cart.message).toBe(
      "too many payment attempts for this cart; try again in 14 minutes; nothing was charged"
    )
    expect(cart.retryAfterSeconds).toBe(14 * 60)
    expect(
      storeError(
        {
          status: 429,
          message:
            "too many payment attempts from this connection; try again in 42 seconds; nothing was charged",
        },
        "startFailed",
        en
      ).retryAfterSeconds
    ).toBe(42)
    expect(
      storeError(
        { status: 503, message: "svc: try again in a moment" },
        "startFailed",
        en
      ).retryAfterSeconds
    ).toBeUndefined()
    expect(retryAfterOf("try again in 1 minute")).toBe(60)
  })
})

describe("the store's 'svc payment is unavailable' (its svc account suspended, svc down)", () => {
  it("is one sentence in each language, never the store's cause", async () => {
    const { storeError } = await import("../errors.js")
    const { SVC_CATALOGUES } = await import("../i18n/text.js")
    const said = { status: 500, message: SVC_CATALOGUES.en!.unavailable }
    for (const locale of ["en", "ms", "zh-CN"]) {
      const e = storeError(said, "startFailed", svcText({ locale }))
      expect([locale, e.code, e.message]).toEqual([
        locale,
        "unavailable",
        SVC_CATALOGUES[locale]!.unavailable,
      ])
    }
    expect(SVC_CATALOGUES.ms!.unavailable).toMatch(
      /pilih kaedah pembayaran lain/
    )
    // a store's own words for it win
    expect(
      storeError(
        said,
        "startFailed",
        svcText({
          locale: "en",
          messages: { unavailable: "Pay by card instead" },
        })
      ).message
    ).toBe("Pay by card instead")
  })
})
