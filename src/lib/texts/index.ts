/**
 * A sentence for the admin as data: its code in the catalogue (./catalogue.ts)
 * and its values, a value being a word, a number, another sentence or a list
 * of words and sentences (joined by `common.separator`). The English is made
 * from the catalogue (english()), so the English and the code can never tell
 * different things; on the wire a sentence field `x` comes with `x_code` and
 * `x_params` (spoken()). English that reaches a reader without its code is
 * read back to it by ./recognise.ts.
 */
import { TEXTS, type TextCode } from "./catalogue"

export { TEXTS, type TextCode } from "./catalogue"
export { codesOf, recognise, recogniser, type Recognised } from "./recognise"

export type TextValue = string | number | Said | (string | Said)[]
export type Said = { code: string; params: Record<string, TextValue> }

/** The sentence `code` says with these values: every {{name}} of its English, no other (./__tests__/calls.spec.ts checks each call). */
export function say(
  code: TextCode,
  params: Record<string, TextValue> = {}
): Said {
  return { code, params }
}

const isSaid = (v: TextValue): v is Said =>
  typeof v === "object" && !Array.isArray(v)

/** A sentence in English, its values too; a text that is already English is itself. */
export function english(s: Said | string): string {
  if (typeof s === "string") return s
  const template = TEXTS[s.code] ?? s.code
  return template.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (_, name: string) => {
    const v = s.params[name]
    if (v === undefined) return ""
    if (Array.isArray(v)) return v.map(english).join(TEXTS["common.separator"])
    return isSaid(v) ? english(v) : String(v)
  })
}

/** A sentence field's code and values on the wire (`N`: null when there is none). */
export type Codes<K extends string, N = never> = {
  [P in `${K}_code`]: string | N
} & { [P in `${K}_params`]: Said["params"] | N }
/** `{x: English, x_code, x_params}`. */
export type Spoken<K extends string, N = never> = {
  [P in K]: string | N
} & Codes<K, N>
export type MaybeSpoken<K extends string> = Spoken<K, null>

/** `{x: English, x_code, x_params}`: a sentence as the API sends it. */
export function spoken<K extends string>(field: K, s: Said): Spoken<K>
export function spoken<K extends string>(
  field: K,
  s: Said | null
): MaybeSpoken<K>
export function spoken<K extends string>(
  field: K,
  s: Said | null
): MaybeSpoken<K> {
  // computed keys are typed string by TypeScript: the three keys are MaybeSpoken<K>'s
  return {
    [field]: s ? english(s) : null,
    [`${field}_code`]: s?.code ?? null,
    [`${field}_params`]: s?.params ?? null,
  } as MaybeSpoken<K>
}
