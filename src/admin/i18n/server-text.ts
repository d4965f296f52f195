/**
 * The sentences the server writes (the doctor's details and advice, why a
 * payment needs attention, an error, the answer after a refund) in the
 * admin's language. The server sends each with its code and values
 * (`detail` + `detail_code` + `detail_params`, src/lib/texts); the words are
 * `svc.server.<code>`: the server's English (src/lib/texts/en.json) and
 * zhCN.json's Chinese. A code the catalogue does not
 * know (a newer server), or a sentence without one, is shown in the server's
 * English. A refusal of the plugin's routes comes with its code and values
 * (`message_code`, kept by svcFetch: SvcRequestError). A value that is English
 * (Medusa's validator's problems, a stored reason's nested sentence) is read
 * back to its code to be said in the admin's language.
 */
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import { recognise as read, TEXTS } from "../../lib/texts"
import type { Said, TextValue } from "../../lib/texts"
import { errorText, SvcRequestError } from "../lib/api/sdk"
import type { Coded } from "../lib/types"

/** A server sentence's values: words or numbers, other sentences, or lists of them. */
export type ServerParams = Said["params"]

const CODES = new Set(Object.keys(TEXTS))
/** The catalogue key of a server code. */
const keyOf = (code: string): `svc.server.${string}` => `svc.server.${code}`
/** How deep values are read back into sentences ("Order … was canceled: {{reason}}", the reason being another sentence). */
const DEPTH = 3

/** `said(english, code, params)`: the sentence in the admin's language (`saidOf(row, key)`: a row's); `error(e)`: a thrown error's message in it. */
export function useServerText() {
  const { t } = useTranslation()
  return useMemo(() => serverText(t), [t])
}

/** useServerText's words for one `t` (the admin's language). */
function serverText(t: ReturnType<typeof useTranslation>["t"]) {
  const value = (v: TextValue, depth: number): string | null => {
    if (typeof v === "number") return String(v)
    if (typeof v === "string") {
      const r = depth < DEPTH ? read(v) : null
      return (
        (r && render(r.code, r.params, depth + 1)) ??
        (depth < DEPTH ? list(v, depth) : null) ??
        v
      )
    }
    if (Array.isArray(v)) {
      const parts = v.map((x) => value(x, depth))
      return parts.every((p): p is string => p !== null)
        ? parts.join(t(keyOf("common.separator")))
        : null
    }
    return render(v.code, v.params, depth + 1)
  }
  const render = (
    code: string,
    params: ServerParams | null,
    depth: number
  ): string | null => {
    if (!CODES.has(code)) return null
    const values: Record<string, string> = {}
    for (const [k, v] of Object.entries(params ?? {})) {
      const s = value(v, depth)
      if (s === null) return null
      values[k] = s
    }
    return t(keyOf(code), values)
  }
  /**
   * A list the server joined with `common.separator` ("; "), each part a sentence of its own (Medusa's
   * "Invalid request: …" names up to three problems so), in the admin's language; null unless every part is known.
   */
  const list = (text: string, depth: number): string | null => {
    const parts = text.split(TEXTS["common.separator"])
    if (parts.length < 2) return null
    const said = parts.map((p) => {
      const r = read(p)
      return r && render(r.code, r.params, depth + 1)
    })
    return said.every((p): p is string => !!p)
      ? said.join(t(keyOf("common.separator")))
      : null
  }
  /** The server's sentence in the admin's language, or its English when the code (or a value's) is unknown. */
  const said = (
    english: string | null | undefined,
    code?: string | null,
    params?: ServerParams | null
  ): string => {
    if (english === null || english === undefined) return ""
    return (
      (code ? render(code, params ?? null, 0) : null) ??
      value(english, 0) ??
      english
    )
  }
  /** `said` of a row's sentence `key` with its `key_code` and `key_params`. */
  const saidOf = <K extends string>(
    row: { [P in K]?: string | null } & Coded<K>,
    key: K
  ): string => {
    const texts: { [P in K]?: string | null } = row
    const codes: { [P in `${K}_code`]?: string | null } = row
    const values: { [P in `${K}_params`]?: ServerParams | null } = row
    return said(texts[key], codes[`${key}_code`], values[`${key}_params`])
  }
  const error = (e: unknown) =>
    e instanceof SvcRequestError
      ? said(e.message, e.code, e.params)
      : said(errorText(e))
  return { said, saidOf, error }
}
