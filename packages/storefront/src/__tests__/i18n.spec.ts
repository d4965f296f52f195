// The kit's languages: locale choice, the store's overrides, amounts, failure codes, and the
// catalogues themselves (complete, the same placeholders, the plugin's own failure sentences in English).
import { failureReason } from "../../../../src/lib/svc-runtime/status.js"
import {
  balanceOutcome,
  checkFpxDirectChoice,
  completeSvcReturn,
  formatSvcAmount,
  svcLocale,
  svcPaymentTitle,
  svcText,
  SVC_CATALOGUES,
  SvcInputError,
  type SvcMessages,
  type StoreSdk,
  type StorePaymentSession,
} from "../index.js"
import { en } from "../i18n/en.js"
import { BANKS } from "./fixtures.js"
import { ms } from "../i18n/ms.js"
import { zhCN } from "../i18n/zh-CN.js"

const nbsp = (s: string) => s.replace(/\u00a0/g, " ")
const placeholders = (s: string) =>
  [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe("the kit's locale", () => {
  it.each([
    ["en", "en"],
    ["en-GB", "en"],
    ["ms", "ms"],
    ["ms-MY", "ms"],
    ["MS_my", "ms"],
    ["zsm", "ms"],
    ["zh", "zh-CN"],
    ["zh-CN", "zh-CN"],
    ["zh-Hans", "zh-CN"],
    ["zh-Hans-MY", "zh-CN"],
    ["zh-SG", "zh-CN"],
    ["ta-MY", "ta-MY"], // a store's own language: English under its own messages
    ["", "en"],
  ])("%j is %j", (tag, want) => {
    expect(svcLocale(tag)).toBe(want)
  })

  it("without a locale: the page's <html lang>, then English", () => {
    const g = globalThis as { document?: unknown }
    expect(svcLocale()).toBe("en") // no document (server rendering, node)
    try {
      g.document = { documentElement: { lang: "ms-MY" } }
      expect(svcLocale()).toBe("ms")
      expect(svcText().t("legend")).toBe("Pilih bank anda")
      g.document = { documentElement: { lang: "zh-Hans" } }
      expect(svcPaymentTitle("pp_svc-fpx_svc")).toBe("FPX 网上银行")
      g.document = { documentElement: { lang: "" } }
      expect(svcLocale()).toBe("en")
      expect(svcLocale("zh")).toBe("zh-CN") // a given locale wins over the page's
    } finally {
      delete g.document
    }
  })
})

describe("the catalogues", () => {
  it("Malay and Chinese have every key of English, each with the same placeholders, and differ from it", () => {
    for (const [name, cat] of [
      ["ms", ms],
      ["zh-CN", zhCN],
    ] as const) {
      expect(Object.keys(cat).sort()).toEqual(Object.keys(en).sort())
      for (const k of Object.keys(en) as (keyof SvcMessages)[]) {
        expect([name, k, placeholders(cat[k])]).toEqual([
          name,
          k,
          placeholders(en[k]),
        ])
        // the same words as English only where the words are codes or names
        if (cat[k] === en[k] && !(name === "ms" && k === "bankCountOne"))
          throw new Error(`${name}.${k} is the English sentence`) // "1 bank" is Malay too
      }
    }
    expect(Object.keys(SVC_CATALOGUES).sort()).toEqual(["en", "ms", "zh-CN"])
  })

  it("standard Malaysian banking words", () => {
    expect(ms.retail).toBe("Perbankan Peribadi")
    expect(ms.corporate).toBe("Perbankan Korporat")
    expect(ms.legend).toBe("Pilih bank anda")
    expect(ms.methodFpx).toMatch(/Perbankan Internet/)
  })

  it("English failure sentences are the plugin's own (src/lib/svc-runtime/status.ts): a shopper reads one sentence whichever side said it", () => {
    expect(en.failed).toBe(failureReason("FAILED", false))
    expect(en.expired).toBe(failureReason("FAILED", true))
    expect(en.expired).toBe(failureReason("EXPIRED", true))
    expect(en.cancelled).toBe(failureReason("CANCELLED", false))
    expect(en.rejected).toBe(failureReason("REJECTED", false))
  })
})

describe("the store's own words", () => {
  it("override any message (a partial catalogue, typed by the catalogue's keys) in any language; the rest stays", () => {
    const messages: Partial<SvcMessages> = {
      pay: "Bayar dengan FPX",
      legend: "Bank anda",
    }
    const t = svcText({ locale: "ms", messages })
    expect(t.t("pay")).toBe("Bayar dengan FPX")
    expect(t.t("legend")).toBe("Bank anda")
    expect(t.t("search")).toBe("Cari bank")
    // @ts-expect-error a key the catalogue does not have is refused by the type
    svcText({ messages: { payNow: "x" } })
  })

  it("add a language: a locale the kit has no catalogue for, its words from `messages`, English for the rest", () => {
    const ta = svcText({
      locale: "ta-MY",
      messages: { legend: "உங்கள் வங்கியைத் தேர்ந்தெடுக்கவும்" },
    })
    expect(ta.locale).toBe("ta-MY")
    expect(ta.t("legend")).toBe("உங்கள் வங்கியைத் தேர்ந்தெடுக்கவும்")
    expect(ta.t("search")).toBe("Search banks")
  })

  it("fill placeholders; a sentence the store sent is kept in English unless overridden, replaced in another language", () => {
    expect(
      svcText({ locale: "zh-CN" }).t("bankOffline", { bank: "HSBC Bank" })
    ).toBe("HSBC Bank 目前暂停服务；请选择其他银行。")
    expect(
      svcText({ locale: "en" }).store(
        "startFailed",
        "svc: the amount is below RM10"
      )
    ).toBe("svc: the amount is below RM10")
    expect(
      svcText({ locale: "en", messages: { startFailed: "Try again" } }).store(
        "startFailed",
        "svc: x"
      )
    ).toBe("Try again")
    expect(svcText({ locale: "ms" }).store("startFailed", "svc: x")).toBe(
      "Pembayaran tidak dapat dimulakan; sila cuba lagi."
    )
    expect(svcText({ locale: "ms" }).store("startFailed", null)).toBe(
      ms.startFailed
    )
  })
})

describe("amounts from integer sen in the locale's format", () => {
  it.each([
    [123450, "en", "RM 1,234.50"],
    [123450, "ms", "RM 1,234.50"],
    [123450, "zh-CN", "RM 1,234.50"],
    [3_000_000, "en", "RM 30,000"],
    [5, "en", "RM 0.05"],
    [0, "ms", "RM 0"],
    [-50, "en", "-RM 0.50"],
    [-123456, "en", "-RM 1,234.56"],
    // beyond a double's exact cents: the sen come from the digits, never from sen / 100
    [900_719_925_474_099, "en", "RM 9,007,199,254,740.99"],
  ])("%d sen in %s is %j", (sen, locale, want) => {
    expect(nbsp(formatSvcAmount(sen, { locale }))).toBe(want)
  })

  it("refuses what is not an integer of sen", () => {
    expect(() => formatSvcAmount(12.5)).toThrow(RangeError)
    expect(() => formatSvcAmount(Number.MAX_SAFE_INTEGER + 2)).toThrow(
      RangeError
    )
  })

  it("the personal-banking cap sentence carries the amount in the locale's format", () => {
    const refuse = (locale: string) => {
      try {
        checkFpxDirectChoice(
          { bank: "MBB0228", buyerName: "Siti", amountSen: 3_000_001 },
          BANKS,
          { locale }
        )
      } catch (e) {
        return e as SvcInputError
      }
      throw new Error("not refused")
    }
    expect(refuse("ms")).toMatchObject({ field: "bankType", code: "retailCap" })
    expect(nbsp(refuse("ms").message)).toBe(
      "Perbankan Peribadi FPX terhad kepada RM 30,000 bagi setiap pembayaran; untuk jumlah yang lebih besar, bayar dengan Perbankan Korporat FPX atau dompet svc."
    )
    expect(nbsp(refuse("zh-CN").message)).toMatch(
      /^FPX 个人银行每笔付款上限为 RM 30,000；/
    )
  })
})

describe("codes beside the words", () => {
  it.each([
    [{ bank: "" }, "bank", "bankRequired", "请选择您的银行。"],
    [
      { bank: "NOPE" },
      "bank",
      "notFpxBank",
      "“NOPE”不是 FPX 银行；请从列表中选择。",
    ],
    [
      { bank: "HSBC0223" },
      "bank",
      "bankOffline",
      "HSBC Bank 目前暂停服务；请选择其他银行。",
    ],
    [
      { bank: "MBB0228", bankType: "CORPORATE" },
      "bankType",
      "bankIsRetail",
      "Maybank2E 是个人银行；银行类型必须是 RETAIL。",
    ],
    [
      { bank: "MBB0228", buyerName: " " },
      "buyerName",
      "buyerNameRule",
      "请输入与银行登记一致的账户持有人姓名（1-100 个字符）。",
    ],
  ])("%j: field %s, code %s, in Chinese", (input, field, code, message) => {
    expect(() =>
      checkFpxDirectChoice(input, BANKS, { locale: "zh-CN" })
    ).toThrow(expect.objectContaining({ field, code, message }))
  })

  const session = (data: Record<string, unknown>): StorePaymentSession => ({
    id: "payses_1",
    provider_id: "pp_svc-wallet_svc",
    status: "error",
    amount: 1,
    currency_code: "myr",
    data,
  })
  it.each([
    ["FAILED", false, "failed"],
    ["FAILED", true, "expired"],
    ["EXPIRED", true, "expired"],
    ["CANCELLED", false, "cancelled"],
    ["REJECTED", false, "rejected"],
  ] as const)(
    "svc's %s (expired %s) is %s; English keeps the plugin's sentence, Malay has its own",
    (svcStatus, expired, code) => {
      const col = {
        id: "pay_col_1",
        status: "awaiting",
        payment_sessions: [
          session({
            svcStatus,
            failureReason: failureReason(svcStatus, expired),
          }),
        ],
      }
      expect(balanceOutcome(col, { locale: "en" })).toEqual({
        kind: "failed",
        code,
        reason: failureReason(svcStatus, expired),
      })
      expect(balanceOutcome(col, { locale: "ms" })).toEqual({
        kind: "failed",
        code,
        reason: ms[code],
      })
    }
  )

  it("a return link without a cart id: code linkNoCart, the sentence in the page's language", async () => {
    const noCalls = {} as StoreSdk
    expect(await completeSvcReturn(noCalls, "nope", { locale: "ms" })).toEqual({
      kind: "failed",
      code: "linkNoCart",
      reason: ms.linkNoCart,
    })
    expect(
      await completeSvcReturn(noCalls, "nope", {
        locale: "zh-CN",
        messages: { linkNoCart: "链接无效" },
      })
    ).toEqual({ kind: "failed", code: "linkNoCart", reason: "链接无效" })
  })
})
