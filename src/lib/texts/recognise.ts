/**
 * A sentence's code and values read back from its English, for what is
 * stored as English only: a stored reason (the svc tables keep the sentence,
 * not its code), and a value that is English (Medusa's validator's problems,
 * a reason inside another sentence; src/admin/i18n/server-text.ts). An error
 * carries its code from where it is made (SaidError), never read back.
 */
import { TEXTS } from "./catalogue"
import type { Codes } from "."

export type Recognised = { code: string; params: Record<string, string> }

/** Templates whose own words are fewer letters than this are never read back ("{{check}}: {{detail}}" would match anything). */
const MIN_LETTERS = 3

/** A reader of `templates` ([code, English with {{values}}]): the most specific template (most words of its own) that matches the whole text. */
export function recogniser(
  templates: Iterable<readonly [string, string]>
): (text: string) => Recognised | null {
  const readers = [...templates]
    .map(([code, template]) => {
      // its own words and its values' names, in turn: [words, name, words, …, words]
      const parts = template.split(/\{\{\s*([^}\s]+)\s*\}\}/)
      const words = parts.filter((_, i) => i % 2 === 0).join("")
      // a value named `path` is a field's path ("beneficiary.account_number"): no space in it, so "Invalid request: amount: …" is Medusa's sentence around the plugin's
      const re = parts.map((p, i) =>
        i % 2 === 0
          ? p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
          : p === "path"
            ? "(\\S+?)"
            : "([\\s\\S]+?)"
      )
      return {
        code,
        names: parts.filter((_, i) => i % 2 === 1),
        letters: (words.match(/[A-Za-z]/g) ?? []).length,
        weight: words.length,
        re: new RegExp(`^${re.join("")}$`),
      }
    })
    .filter((r) => r.letters >= MIN_LETTERS)
    .sort((a, b) => b.weight - a.weight)
  return (text) => {
    for (const r of readers) {
      const m = r.re.exec(text)
      if (m)
        return {
          code: r.code,
          params: Object.fromEntries(
            // every group takes part in a match (none is optional)
            r.names.map((n, i) => [n, m[i + 1] ?? ""])
          ),
        }
    }
    return null
  }
}

/** The catalogue's code and values of an English sentence the server wrote, or null. */
export const recognise = recogniser(Object.entries(TEXTS))

/** `{x_code, x_params}` for a stored or thrown English sentence, null each when the catalogue does not know it. */
export function codesOf<K extends string>(
  field: K,
  text: string | null | undefined
): Codes<K, null> {
  const r = text ? recognise(text) : null
  // a computed key is typed string by TypeScript: the two keys are Codes<K>'s
  return {
    [`${field}_code`]: r?.code ?? null,
    [`${field}_params`]: r?.params ?? null,
  } as Codes<K, null>
}
