// A small RFC 8941 parser, enough for Signature-Input, Signature and Content-Digest.
// Written here (not shared with the client) so a parsing bug on one side cannot hide in the other.

export type Bare = string | number | boolean | Buffer | { token: string }
export interface Item {
  value: Bare | Bare[]
  params: Record<string, Bare>
  /** the member's value exactly as it appeared in the header (used for @signature-params) */
  raw: string
}

class Parser {
  i = 0
  constructor(readonly s: string) {}
  ws() {
    while (this.s[this.i] === " " || this.s[this.i] === "\t") this.i++
  }
  fail(msg: string): never {
    throw new Error(`structured field: ${msg} at ${this.i}`)
  }
  key(): string {
    const m = /^[a-z*][a-z0-9_\-.*]*/.exec(this.s.slice(this.i))
    if (!m) this.fail("key expected")
    this.i += m[0].length
    return m[0]
  }
  bare(): Bare {
    const c = this.s[this.i]
    if (c === '"') {
      let out = ""
      this.i++
      for (;;) {
        const ch = this.s[this.i++]
        if (ch === undefined) this.fail("unterminated string")
        if (ch === "\\") {
          out += this.s[this.i++]
          continue
        }
        if (ch === '"') return out
        out += ch
      }
    }
    if (c === ":") {
      const end = this.s.indexOf(":", this.i + 1)
      if (end < 0) this.fail("unterminated byte sequence")
      const b64 = this.s.slice(this.i + 1, end)
      if (!/^[A-Za-z0-9+/=]*$/.test(b64)) this.fail("bad base64")
      this.i = end + 1
      return Buffer.from(b64, "base64")
    }
    if (c === "?") {
      const v = this.s[this.i + 1]
      this.i += 2
      if (v === "1") return true
      if (v === "0") return false
      this.fail("bad boolean")
    }
    const num = /^-?[0-9]+(\.[0-9]+)?/.exec(this.s.slice(this.i))
    if (num) {
      this.i += num[0].length
      return Number(num[0])
    }
    const tok = /^[A-Za-z*][A-Za-z0-9!#$%&'*+\-.^_`|~:/]*/.exec(
      this.s.slice(this.i)
    )
    if (tok) {
      this.i += tok[0].length
      return { token: tok[0] }
    }
    this.fail("value expected")
  }
  params(): Record<string, Bare> {
    const out: Record<string, Bare> = {}
    while (this.s[this.i] === ";") {
      this.i++
      this.ws()
      const k = this.key()
      if (this.s[this.i] === "=") {
        this.i++
        out[k] = this.bare()
      } else out[k] = true
    }
    return out
  }
  itemOrList(): { value: Bare | Bare[]; params: Record<string, Bare> } {
    if (this.s[this.i] === "(") {
      this.i++
      const list: Bare[] = []
      for (;;) {
        this.ws()
        if (this.s[this.i] === ")") {
          this.i++
          break
        }
        list.push(this.bare())
        if (this.s[this.i] === ";") this.params() // parameters on inner items are not used here
        if (this.s[this.i] !== " " && this.s[this.i] !== ")")
          this.fail("bad inner list")
      }
      return { value: list, params: this.params() }
    }
    const value = this.bare()
    return { value, params: this.params() }
  }
}

/** Parses a Dictionary; throws on malformed input. */
export function parseDictionary(header: string): Map<string, Item> {
  const p = new Parser(header.trim())
  const out = new Map<string, Item>()
  while (p.i < p.s.length) {
    p.ws()
    const k = p.key()
    let item: Item
    if (p.s[p.i] === "=") {
      p.i++
      const start = p.i
      const v = p.itemOrList()
      item = { ...v, raw: p.s.slice(start, p.i) }
    } else {
      const params = p.params()
      item = { value: true, params, raw: "" }
    }
    out.set(k, item)
    p.ws()
    if (p.i >= p.s.length) break
    if (p.s[p.i] !== ",") p.fail("comma expected")
    p.i++
    p.ws()
    if (p.i >= p.s.length) p.fail("trailing comma")
  }
  return out
}
