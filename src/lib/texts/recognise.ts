/**
 * A sentence's code and values read back from its English, for what reaches
 * a reader with the English only: a stored reason (written before codes were
 * sent, or by a version that wrote it in place), and an error, which Medusa's
 * workflows and error handler keep as type, message and code only (and the
 * JS SDK hands the admin as its message only). Import-free: the server
 * (./index.ts, with the catalogue) and the admin (src/admin/lib/server-text.ts,
 * with its English catalogue) use the same reader.
 */
export type Recognised = { code: string; params: Record<string, string> }

/** Templates whose own words are fewer letters than this are never read back ("{{check}}: {{detail}}" would match anything). */
const MIN_LETTERS = 3

/** A reader of `templates` ([code, English with {{values}}]): the most specific template (most words of its own) that matches the whole text. */
export function recogniser(
  templates: Iterable<readonly [string, string]>
): (text: string) => Recognised | null {
  const readers = [...templates]
    .map(([code, template]) => {
      const literal = template.replace(/\{\{[^}]+\}\}/g, "")
      const names = [...template.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map(
        (m) => m[1] as string
      )
      const parts = template
        .split(/\{\{[^}]+\}\}/)
        .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      // a value named `path` is a field's path ("beneficiary.account_number"): no space in it, so "Invalid request: amount: …" is Medusa's sentence around the plugin's
      const re = parts.reduce(
        (acc, part, i) =>
          `${acc}${i ? (names[i - 1] === "path" ? "(\\S+?)" : "([\\s\\S]+?)") : ""}${part}`,
        ""
      )
      return {
        code,
        names,
        letters: (literal.match(/[A-Za-z]/g) ?? []).length,
        weight: literal.length,
        re: new RegExp(`^${re}$`),
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
            r.names.map((n, i) => [n, m[i + 1] as string])
          ),
        }
    }
    return null
  }
}
