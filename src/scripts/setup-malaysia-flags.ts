// The flags of the Malaysia setup script (./setup-malaysia.ts). `medusa exec` hands a
// script its positional words only (its own parser refuses unknown `--options`), so a flag is one
// `name=value` word: `npx medusa exec <script> sst=8 shipping=10`. A leading `--` is accepted too,
// for callers that pass the words themselves. Every amount is kept in sen (integers).
import { z } from "@medusajs/framework/zod"

export const SST_RATES: readonly number[] = [0, 5, 6, 8, 10]
export const DEFAULTS = { sst: 8, shippingSen: 1000, providers: "svc" } as const

/** prices=…: what happens to the variants without a MYR price (priceRule). */
export type PriceRule = Exclude<ReturnType<typeof priceRule>, string>

/** The flags as the setup reads them: amounts in sen (USAGE says what each means). */
export type SetupFlags = ReturnType<typeof parseSetupFlags>

export const USAGE = `npx medusa exec ./node_modules/medusa-payment-svc/.medusa/server/src/scripts/setup-malaysia.js [name=value ...]
  sst=0|5|6|8|10              default SST rate (%) of a new tax region for Malaysia (default ${DEFAULTS.sst}; an existing one is kept)
  shipping=<RM>               flat price of the new Malaysia shipping option, e.g. 10 or 7.50 (default ${DEFAULTS.shippingSen / 100})
  prices=none                 leave product prices alone (default): variants without a MYR price are listed
  prices=from:<cur>:<rate>    give each variant without a MYR price its <cur> price × <rate>, to the sen (prices=from:eur:4.9)
  prices=flat:<RM>            give each variant without a MYR price this price (prices=flat:25)
  location=<sloc_…>           the stock location to ship from (needed only when the store has several)
  shipping-profile=<sp_…>     the shipping profile of the new option (default: the store's default profile)
  providers=<id>              the id of the svc provider in medusa-config.ts (default ${DEFAULTS.providers}: pp_svc-wallet_${DEFAULTS.providers}, …)
  help                        this text, nothing changed`

export class SetupFlagError extends Error {
  constructor(message: string) {
    super(`${message}\n\nUsage:\n${USAGE}`)
    this.name = "SetupFlagError"
  }
}

/** "10", "7.5", "7.50" → sen; at most two decimals, at most RM 1,000,000. */
function ringgitToSen(text: string): number | undefined {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text)
  const sen = m ? Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0")) : NaN
  return sen <= 100_000_000 ? sen : undefined
}

/** A flag `read` turns into its value, or into the rule it breaks (a string). */
const flag = <T extends number | object>(read: (text: string) => T | string) =>
  z.string().transform((text, ctx) => {
    const value = read(text)
    if (typeof value !== "string") return value
    ctx.addIssue({ code: "custom", message: `${value}; got "${text}"` })
    return z.NEVER
  })

/** An optional id of Medusa's, `<prefix>_…`. */
const idFlag = (prefix: string, message: string) =>
  z.optional(z.string().regex(RegExp(`^${prefix}_[A-Za-z0-9]+$`), message))

/**
 * prices=… → none: they are left alone; from: each gets its `currency` price × rate (numerator /
 * denominator), rounded to the sen; flat: each gets `sen`. Or the rule the text breaks.
 */
function priceRule(text: string) {
  const [, cur = "", rateText = "", whole = "", frac = ""] =
    /^from:([a-z]{3}):((\d{1,4})(?:\.(\d{1,6}))?)$/i.exec(text) ?? []
  const flat = /^flat:(.*)$/.exec(text)?.[1]
  const sen = flat === undefined ? undefined : ringgitToSen(flat)
  const currency = cur.toLowerCase()
  const numerator = BigInt(whole + frac)
  const denominator = 10n ** BigInt(frac.length)
  if (text === "none") return { kind: "none" } as const
  if (flat !== undefined)
    return sen
      ? ({ kind: "flat", sen } as const)
      : "prices=flat:<RM> needs a ringgit amount above 0 with at most two decimals (prices=flat:25)"
  if (!rateText)
    return "prices must be none, from:<currency>:<rate> (prices=from:eur:4.9) or flat:<RM> (prices=flat:25)"
  if (currency === "myr")
    return "prices=from:<currency>:<rate> converts from another currency than myr"
  if (!numerator) return "prices=from:<currency>:<rate> needs a rate above 0"
  return { kind: "from", currency, rateText, numerator, denominator } as const
}

const schema = z.object({
  sst: flag((t) =>
    /^\d+$/.test(t) && SST_RATES.includes(Number(t))
      ? Number(t)
      : `sst must be one of ${SST_RATES.join(", ")} (the SST rate in percent)`
  ).prefault(String(DEFAULTS.sst)),
  shipping: flag(
    (t) =>
      ringgitToSen(t) ??
      "shipping must be a ringgit amount with at most two decimals, at most 1000000 (shipping=10 or shipping=7.50)"
  ).prefault(String(DEFAULTS.shippingSen / 100)),
  prices: flag(priceRule).prefault("none"),
  location: idFlag("sloc", "location must be a stock location id (sloc_…)"),
  "shipping-profile": idFlag(
    "sp",
    "shipping-profile must be a shipping profile id (sp_…)"
  ),
  providers: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{1,64}$/,
      "providers must be the provider's id in medusa-config.ts (letters, digits, _ and -), e.g. providers=svc"
    )
    .default(DEFAULTS.providers),
})

const KNOWN = Object.keys(schema.shape).join(", ")

/** The script's words (`name=value`, or `help`) → flags; a bad one throws SetupFlagError naming the flag and its rule. */
export function parseSetupFlags(args: readonly string[] = []) {
  const raw: Record<string, string> = {}
  let help = false
  for (const word of args) {
    const w = word.replace(/^--?/, "")
    const [, name, value] = /^([^=]+)=(.*)$/s.exec(w) ?? []
    if (w === "help" || w === "h") help = true
    else if (!name)
      throw new SetupFlagError(
        `"${word}" is not a flag: flags are name=value (e.g. sst=8); known flags: ${KNOWN}`
      )
    else if (!(name in schema.shape))
      throw new SetupFlagError(
        `unknown flag "${name}": known flags are ${KNOWN}`
      )
    else if (name in raw)
      throw new SetupFlagError(`flag "${name}" is given twice`)
    else raw[name] = value!
  }
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw new SetupFlagError(parsed.error.issues[0]!.message)
  const { shipping, "shipping-profile": shippingProfile, ...f } = parsed.data
  return { ...f, shippingSen: shipping, shippingProfile, help }
}

/** `amount` (a Medusa price in its currency's major unit) converted with the rule's rate, in sen (half up). */
export function convertedSen(
  amount: number,
  rule: Extract<PriceRule, { kind: "from" }>
): number {
  const minor = BigInt(Math.round(amount * 100))
  const twice = 2n * minor * rule.numerator + rule.denominator
  return Number(twice / (2n * rule.denominator))
}
