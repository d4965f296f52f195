/**
 * The admin's catalogues (src/admin/i18n/json): every language has the keys
 * of en.json and the same {{placeholders}} in each; Chinese is Chinese (no
 * value left in English but the brand names and svc's codes); every key the
 * pages, widgets and lib/ name is in en.json, and every key of en.json is
 * named somewhere (no dead words for a translator to translate); and no
 * page, widget or lib/ file shows words of its own that are not a key (JSX
 * text, a label-like prop or a toast in English). The server's sentences
 * (`svc.server.*`) are the server's catalogue (src/lib/texts/en.json), its
 * one copy of the English, named by the codes the server sends, not by
 * src/admin.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import ts from "typescript"
import en from "../json/en.json"
import zhCN from "../json/zhCN.json"
import resources from ".."
import { TEXTS } from "../../../lib/texts"
import server from "../../../lib/texts/en.json"

const ADMIN = join(__dirname, "../..")

type Tree = { [k: string]: string | Tree }
/** A catalogue as "a.b.c" → value. */
const flat = (tree: Tree, prefix = ""): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === "string"
        ? [[`${prefix}${k}`, v]]
        : Object.entries(flat(v, `${prefix}${k}.`))
    )
  )
const placeholders = (v: string) =>
  [...v.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1]).sort()

const EN = flat(resources.en.translation)
const ZH = flat(zhCN)
/** The server's sentences: `svc.server.<code>`. */
const SERVER = "svc.server."

/** Every .ts/.tsx of src/admin but the catalogues and the tests. */
function sources(dir = ADMIN): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    if (statSync(p).isDirectory())
      return name === "__tests__" || name === "json" ? [] : sources(p)
    return /\.tsx?$/.test(name) ? [p] : []
  })
}

describe("the admin's languages", () => {
  it("ships English and Simplified Chinese under Medusa's language codes, in Medusa's translation namespace, under one svc key", () => {
    expect(Object.keys(resources).sort()).toEqual(["en", "zhCN"])
    expect(Object.keys(en)).toEqual(["svc"])
    expect(resources.zhCN.translation).toBe(zhCN)
    expect(Object.keys(EN).length).toBeGreaterThan(250)
  })

  it("zhCN has exactly the keys of en.json, each with the same {{placeholders}}", () => {
    expect(Object.keys(ZH).sort()).toEqual(Object.keys(EN).sort())
    const differ = Object.keys(EN).filter(
      (k) => placeholders(EN[k]!).join() !== placeholders(ZH[k] ?? "").join()
    )
    expect(differ).toEqual([])
  })

  it("every Chinese value is Chinese: none is left as the English, none without a Chinese character (brand names and codes aside)", () => {
    const brandOrCode = /^[\s{}A-Za-z0-9_./×–—…→()·:,"“”]*$/ // e.g. "{{count}} / {{limit}}"
    const english = Object.keys(EN).filter(
      (k) =>
        ZH[k] === EN[k] &&
        !brandOrCode.test(EN[k]!.replace(/\{\{[^}]+\}\}/g, ""))
    )
    expect(english).toEqual([])
    // values, Latin words and punctuation only ("{{check}}：{{detail}}", "；") need no Chinese character
    const noChinese = Object.keys(ZH).filter(
      (k) =>
        !/[\u4e00-\u9fff]/.test(ZH[k]!) &&
        !/^[{}\s\w/\u3000-\u303f\uff00-\uffef]*$/.test(ZH[k]!)
    )
    expect(noChinese).toEqual([])
  })

  it("every key src/admin names is in en.json, no key is made at run time, and every key of en.json is named", () => {
    const named = new Map<string, string>()
    const dynamic: string[] = []
    for (const file of sources()) {
      const text = readFileSync(file, "utf8")
      for (const m of text.matchAll(/["'](svc(?:\.[A-Za-z0-9_]+)+)["']/g))
        named.set(m[1]!, relative(ADMIN, file))
      for (const m of text.matchAll(/\bt\(\s*`/g))
        dynamic.push(`${relative(ADMIN, file)}@${m.index}`)
    }
    const missing = [...named]
      .filter(([k]) => EN[k] === undefined)
      .map(([k, f]) => `${f}: ${k}`)
    expect(missing).toEqual([])
    expect(dynamic).toEqual([])
    expect(
      Object.keys(EN).filter((k) => !named.has(k) && !k.startsWith(SERVER))
    ).toEqual([])
  })

  it("the server's sentences: the admin's English of svc.server is the server's catalogue itself, one key per code, and each code has its Chinese", () => {
    expect(resources.en.translation.svc.server).toBe(server)
    expect("server" in en.svc).toBe(false) // no second copy
    const codes = Object.fromEntries(
      Object.entries(EN)
        .filter(([k]) => k.startsWith(SERVER))
        .map(([k, v]) => [k.slice(SERVER.length), v])
    )
    expect(codes).toEqual({ ...TEXTS })
    expect(
      Object.keys(TEXTS).every((code) => /^[a-z]+\.[A-Za-z]+$/.test(code))
    ).toBe(true) // area.name: two levels of en.json
    expect(Object.keys(TEXTS).filter((code) => !ZH[SERVER + code])).toEqual([])
  })

  it("no JSX text, label-like prop, column header or toast of src/admin is English written in place (brand names, codes and symbols aside)", () => {
    /** Words: 2+ letters that are not only svc's codes, brand names or units. */
    const ALLOWED = /^(svc|RM|Tx|FPX|0x…|base58|EVM|DuitNow|Medusa|ms|h)$/
    const wordy = (text: string) =>
      (text.match(/[A-Za-z]{2,}/g) ?? []).some((w) => !ALLOWED.test(w))
    const PROPS = new Set([
      "label",
      "title",
      "description",
      "placeholder",
      "empty",
      "anyLabel",
      "aria-label",
      "ariaLabel",
      "header",
      "confirm",
      "ownerLabel",
    ])
    const found: string[] = []
    for (const file of sources().filter((f) => f.endsWith(".tsx"))) {
      const src = ts.createSourceFile(
        file,
        readFileSync(file, "utf8"),
        ts.ScriptTarget.Latest,
        true,
        ts.ScriptKind.TSX
      )
      const at = (n: ts.Node) =>
        `${relative(ADMIN, file)}:${src.getLineAndCharacterOfPosition(n.getStart()).line + 1}`
      const visit = (n: ts.Node): void => {
        if (ts.isJsxText(n) && wordy(n.text))
          found.push(`${at(n)} text "${n.text.trim()}"`)
        if (
          ts.isJsxAttribute(n) &&
          PROPS.has(n.name.getText()) &&
          n.initializer
        ) {
          const v = ts.isJsxExpression(n.initializer)
            ? n.initializer.expression
            : n.initializer
          if (
            v &&
            (ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v)) &&
            wordy(v.text)
          )
            found.push(`${at(n)} ${n.name.getText()}="${v.text}"`)
          if (
            v &&
            ts.isTemplateExpression(v) &&
            wordy(
              [v.head.text, ...v.templateSpans.map((s) => s.literal.text)].join(
                " "
              )
            )
          )
            found.push(`${at(n)} ${n.name.getText()}={\`…\`}`)
        }
        // toast.x("…"), run("…", …), a column's header: column(id, "…", …), { header: "…" }
        if (ts.isCallExpression(n)) {
          const callee = n.expression.getText()
          const arg = /^toast\.\w+$|^run$/.test(callee)
            ? n.arguments[0]
            : /Column$|^column$/.test(callee.replace(/<.*$/, ""))
              ? n.arguments.find(
                  (a) => ts.isStringLiteral(a) && a !== n.arguments[0]
                )
              : undefined
          if (arg && ts.isStringLiteral(arg) && wordy(arg.text))
            found.push(`${at(n)} ${callee}("${arg.text}")`)
        }
        if (
          ts.isPropertyAssignment(n) &&
          n.name.getText() === "header" &&
          ts.isStringLiteral(n.initializer) &&
          wordy(n.initializer.text)
        )
          found.push(`${at(n)} header "${n.initializer.text}"`)
        ts.forEachChild(n, visit)
      }
      visit(src)
    }
    expect(found).toEqual([])
  })
})
