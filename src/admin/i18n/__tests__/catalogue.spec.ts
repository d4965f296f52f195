/**
 * The admin's catalogues (src/admin/i18n/json): every language has the keys
 * of en.json and the same {{placeholders}} in each; Chinese is Chinese (no
 * value left in English but the brand names and svc's codes); every key the
 * pages, widgets and lib/ name is in en.json, and every key of en.json is
 * named somewhere (no dead words for a translator to translate).
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import en from "../json/en.json"
import zhCN from "../json/zhCN.json"
import resources from ".."

const ADMIN = join(__dirname, "../..")

type Tree = { [k: string]: string | Tree }
/** A catalogue as "a.b.c" → value. */
const flat = (tree: Tree, prefix = ""): Record<string, string> =>
  Object.fromEntries(Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}${k}`, v]] : Object.entries(flat(v, `${prefix}${k}.`)))))
const placeholders = (v: string) => [...v.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1]).sort()

const EN = flat(en)
const ZH = flat(zhCN)

/** Every .ts/.tsx of src/admin but the catalogues and the tests. */
function sources(dir = ADMIN): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) return name === "__tests__" || name === "json" ? [] : sources(p)
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
    const differ = Object.keys(EN).filter((k) => placeholders(EN[k]!).join() !== placeholders(ZH[k] ?? "").join())
    expect(differ).toEqual([])
  })

  it("every Chinese value is Chinese: none is left as the English, none without a Chinese character (brand names and codes aside)", () => {
    const brandOrCode = /^[\s{}A-Za-z0-9_./×–—…→()·:,"“”]*$/ // e.g. "{{count}} / {{limit}}"
    const english = Object.keys(EN).filter((k) => ZH[k] === EN[k] && !brandOrCode.test(EN[k]!.replace(/\{\{[^}]+\}\}/g, "")))
    expect(english).toEqual([])
    const noChinese = Object.keys(ZH).filter((k) => !/[\u4e00-\u9fff]/.test(ZH[k]!) && !/^[{}\s\w/]*$/.test(ZH[k]!))
    expect(noChinese).toEqual([])
  })

  it("every key src/admin names is in en.json, no key is made at run time, and every key of en.json is named", () => {
    const named = new Map<string, string>()
    const dynamic: string[] = []
    for (const file of sources()) {
      const text = readFileSync(file, "utf8")
      for (const m of text.matchAll(/["'](svc(?:\.[A-Za-z0-9_]+)+)["']/g)) named.set(m[1]!, relative(ADMIN, file))
      for (const m of text.matchAll(/\bt\(\s*`/g)) dynamic.push(`${relative(ADMIN, file)}@${m.index}`)
    }
    const missing = [...named].filter(([k]) => EN[k] === undefined).map(([k, f]) => `${f}: ${k}`)
    expect(missing).toEqual([])
    expect(dynamic).toEqual([])
    expect(Object.keys(EN).filter((k) => !named.has(k))).toEqual([])
  })
})
