import { en, type SvcMessageKey, type SvcMessages } from "./en.js"
import { ms } from "./ms.js"
import { zhCN } from "./zh-CN.js"

/**
 * The language of what the kit shows. Every helper that returns words and every component
 * takes these (the components as props `locale` and `messages`).
 */
export type SvcTextOptions = {
  /**
   * A BCP 47 tag: "en", "ms" ("ms-MY"), "zh-CN" ("zh", "zh-Hans", "zh-MY"…). Default: the page's
   * `<html lang>`, then English. A language the kit has no catalogue for is English unless
   * `messages` gives its words.
   */
  locale?: string
  /** The store's own words for any message (a partial catalogue), over the language's. */
  messages?: Partial<SvcMessages>
}

/** The kit's catalogues, by the locale they answer to. */
export const SVC_CATALOGUES: Readonly<Record<string, SvcMessages>> = {
  en,
  ms,
  "zh-CN": zhCN,
}

/**
 * The kit's locale for a tag: "ms" for Malay ("ms", "ms-MY", "ms-Latn-MY"), "zh-CN" for Chinese
 * ("zh", "zh-CN", "zh-Hans", "zh-Hans-MY", "zh-SG", "zh-MY", and the Traditional tags, which the kit
 * has no catalogue of), "en" for English and for no tag; any other tag as given (a store's own
 * language, English unless its `messages` say otherwise). Without a tag: the page's `<html lang>`.
 */
export function svcLocale(locale?: string | null): string {
  const tag = (
    locale ??
    (typeof document !== "undefined" ? document.documentElement?.lang : "") ??
    ""
  ).trim()
  if (!tag) return "en"
  const primary = tag.toLowerCase().split(/[-_]/)[0]!
  if (
    primary === "ms" ||
    primary === "zsm" ||
    primary === "may" ||
    primary === "msa"
  )
    return "ms"
  if (
    primary === "zh" ||
    primary === "cmn" ||
    primary === "chi" ||
    primary === "zho"
  )
    return "zh-CN"
  if (primary === "en" || primary === "eng") return "en"
  return tag
}

/** The words of one language, with the store's overrides. */
export type SvcText = {
  /** The kit's locale (`svcLocale`). */
  locale: string
  /** A message with its `{placeholders}` filled in. */
  t: (key: SvcMessageKey, vars?: Record<string, string | number>) => string
  /**
   * A sentence the store itself sent (in English) where the kit has one for `key`: the store's
   * own words in English (more precise) unless the storefront overrode `key`, else the catalogue's.
   */
  store: (
    key: SvcMessageKey,
    sentence: string | null | undefined,
    vars?: Record<string, string | number>
  ) => string
  /** An amount in integer sen in the locale's format: 123450 → "RM 1,234.50". */
  amount: (sen: number) => string
}

const NUMBER_LOCALES: Record<string, string> = {
  en: "en-MY",
  ms: "ms-MY",
  "zh-CN": "zh-CN",
}

function fill(message: string, vars?: Record<string, string | number>): string {
  return vars
    ? message.replace(/\{(\w+)\}/g, (m, k: string) =>
        k in vars ? String(vars[k]) : m
      )
    : message
}

/** The kit's words in a language (`opts.locale`, default the page's), with the store's overrides. */
export function svcText(opts: SvcTextOptions = {}): SvcText {
  const locale = svcLocale(opts.locale)
  const catalogue = SVC_CATALOGUES[locale] ?? en
  const own = opts.messages ?? {}
  const t = (key: SvcMessageKey, vars?: Record<string, string | number>) =>
    fill(own[key] ?? catalogue[key] ?? en[key], vars)
  return {
    locale,
    t,
    store: (key, sentence, vars) =>
      sentence && own[key] === undefined && catalogue === en
        ? sentence
        : t(key, vars),
    amount: (sen) => formatSvcAmount(sen, { locale }),
  }
}

/**
 * Integer sen as an amount in the locale's format (Intl.NumberFormat, the ringgit sign "RM"):
 * 123450 → "RM 1,234.50", 3000000 → "RM 30,000" (whole ringgit without ".00"). No floating point
 * on money: the sen are split from the ringgit as text, and Intl formats the whole ringgit only.
 */
export function formatSvcAmount(
  sen: number,
  opts: Pick<SvcTextOptions, "locale"> = {}
): string {
  if (!Number.isSafeInteger(sen))
    throw new RangeError(
      `formatSvcAmount: ${sen} is not an integer number of sen`
    )
  const locale = svcLocale(opts.locale)
  const digits = String(Math.abs(sen)).padStart(3, "0")
  const whole = Number(digits.slice(0, -2))
  const cents = digits.slice(-2)
  // a negative amount keeps its sign under 1 ringgit too (-50 sen: "-RM 0.50")
  const style = {
    style: "currency",
    currency: "MYR",
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: sen < 0 ? "always" : "auto",
  } as const
  let nf: Intl.NumberFormat
  try {
    nf = new Intl.NumberFormat(NUMBER_LOCALES[locale] ?? locale, style)
  } catch {
    nf = new Intl.NumberFormat("en-MY", style)
  }
  return nf
    .formatToParts(sen < 0 ? -whole : whole)
    .filter(
      (p) => cents !== "00" || (p.type !== "decimal" && p.type !== "fraction")
    )
    .map((p) => (p.type === "fraction" ? cents : p.value))
    .join("")
}
