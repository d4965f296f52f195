/**
 * The sentences the server writes for a person to read in the admin (the
 * doctor's details and advice, the reasons a payment needs attention, the
 * errors of the admin routes, the answer after a refund, withdrawal or token
 * transfer), each under a stable code `area.name`, in English with {{named}}
 * values ({{path}}: a field's path, no space in it): ./en.json, one copy for
 * the server and the admin (src/admin/i18n: `svc.server.<code>`, its Chinese
 * in zhCN.json). The server says them through say() (./index.ts) and sends the
 * code and values beside the English; the admin shows its own words for the
 * code and the English when it has none. Codes are never renamed: a new
 * wording keeps its code when it says the same, and gets a new code when it
 * says something else.
 */
import en from "./en.json"

type En = typeof en
/** A sentence's code: an area of ./en.json and a name in it. */
export type TextCode = {
  [A in keyof En]: `${A}.${keyof En[A] & string}`
}[keyof En]

/** Code → English with its {{values}}. */
export const TEXTS: Record<string, string> = Object.fromEntries(
  Object.entries(en).flatMap(([area, texts]) =>
    Object.entries(texts).map(([name, text]) => [`${area}.${name}`, text])
  )
)
