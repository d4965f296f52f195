// The type assertions in a folder's source (default src; tests left out): every
// `x as T` and `<T>x` but `as const`, per file and in all, read with TypeScript's
// own parser (a text search would count "as" in comments and strings).
//   node scripts/count-casts.mjs [folder] [--files]
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import ts from "typescript"

const dir = process.argv[2] && !process.argv[2].startsWith("--") ? process.argv[2] : "src"
const files = []
const walk = (d) => {
  for (const n of readdirSync(d)) {
    const p = join(d, n)
    if (n === "__tests__" || n === "node_modules") continue
    if (statSync(p).isDirectory()) walk(p)
    else if (/\.tsx?$/.test(n) && !/\.(spec|test)\./.test(n)) files.push(p)
  }
}
walk(dir)
const isConst = (t) => ts.isTypeReferenceNode(t) && t.typeName.getText() === "const"
const per = []
for (const f of files) {
  const kind = f.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const sf = ts.createSourceFile(f, readFileSync(f, "utf8"), ts.ScriptTarget.Latest, true, kind)
  let n = 0
  const visit = (node) => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConst(node.type)) n++
    ts.forEachChild(node, visit)
  }
  visit(sf)
  if (n) per.push([n, f])
}
if (process.argv.includes("--files")) for (const [n, f] of per.sort((a, b) => b[0] - a[0])) console.log(n, f)
console.log(`${per.reduce((s, [n]) => s + n, 0)} casts in ${dir}`)
