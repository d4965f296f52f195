// Every say() of the server names the {{values}} of its sentence's English, no other: the English is
// JSON (../en.json, shared with the admin), so its types know the codes but not the values.
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import ts from "typescript"
import { TEXTS } from ".."

const SRC = join(__dirname, "../../..")

/** Every .ts of src but src/admin (its own `say` puts a key of its catalogue into words). */
function sources(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    if (statSync(p).isDirectory())
      return p === join(SRC, "admin") ? [] : sources(p)
    return name.endsWith(".ts") ? [p] : []
  })
}

const names = (template: string) =>
  [...template.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1]!).sort()

/** The codes a call's first argument can be: a literal, or either side of a `?:` of literals; null when not written out. */
function codes(e: ts.Expression): string[] | null {
  if (ts.isStringLiteralLike(e)) return [e.text]
  if (ts.isParenthesizedExpression(e)) return codes(e.expression)
  if (!ts.isConditionalExpression(e)) return null
  const [a, b] = [codes(e.whenTrue), codes(e.whenFalse)]
  return a && b ? [...a, ...b] : null
}

/** The names a call gives its values: none, or an object literal's keys; null when not written out (a variable, a spread). */
function given(e: ts.Expression | undefined): string[] | null {
  if (!e) return []
  if (!ts.isObjectLiteralExpression(e)) return null
  const keys = e.properties.map((p) =>
    (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
    (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))
      ? p.name.text
      : null
  )
  return keys.every((k): k is string => k !== null) ? keys.sort() : null
}

describe("say() calls", () => {
  it("each names exactly the {{values}} of its sentence (a code or values not written out at the call are not checked)", () => {
    const wrong: string[] = []
    let checked = 0
    for (const file of sources()) {
      const src = ts.createSourceFile(
        file,
        readFileSync(file, "utf8"),
        ts.ScriptTarget.Latest,
        true
      )
      const visit = (n: ts.Node): void => {
        if (
          ts.isCallExpression(n) &&
          ts.isIdentifier(n.expression) &&
          n.expression.text === "say"
        ) {
          const [code, values] = n.arguments
          const got = given(values)
          for (const c of (got && code && codes(code)) || []) {
            checked++
            const want = TEXTS[c] === undefined ? null : names(TEXTS[c])
            if (want?.join() !== got?.join())
              wrong.push(
                `${relative(SRC, file)}:${src.getLineAndCharacterOfPosition(n.getStart()).line + 1} ${c} {${got}}, wants {${want}}`
              )
          }
        }
        ts.forEachChild(n, visit)
      }
      visit(src)
    }
    expect(wrong).toEqual([])
    expect(checked).toBeGreaterThan(300)
  })
})
