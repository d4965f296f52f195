#!/usr/bin/env node
// Builds the storefront kit, the package medusa-payment-svc-storefront
// (packages/storefront: src/ into dist/): ESM for browsers and bundlers
// (esbuild, code splitting so the React entry shares the helpers' chunk), .d.ts
// from tsc (packages/storefront/tsconfig.json), and the optional CSS. The plugin
// (`medusa plugin:build`) does not ship it: a storefront installs the kit alone,
// with no Medusa server package (npm run build, .ci/run).
//   node scripts/build-storefront.mjs          build
//   node scripts/build-storefront.mjs --size   build, then print the gzip size of what a storefront bundles
import { build } from "esbuild"
import { execFileSync } from "node:child_process"
import { copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const pkg = join(root, "packages/storefront")
const src = join(pkg, "src")
const out = join(pkg, "dist")
// peer dependencies the storefront already has: never bundled
const external = ["react", "react-dom", "react/jsx-runtime", "@medusajs/js-sdk"]

rmSync(out, { recursive: true, force: true })
await build({
  entryPoints: { index: join(src, "index.ts"), "react/index": join(src, "react/index.ts") },
  outdir: out,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  target: "es2020",
  jsx: "automatic",
  external,
  chunkNames: "chunks/[name]-[hash]",
  legalComments: "none",
  logLevel: "warning",
})
execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", join(pkg, "tsconfig.json")], { stdio: "inherit" })
// tsc wrote dist/types/packages/storefront/src/** and dist/types/src/rules/** (the rules the kit
// re-exports live once, in the plugin's src/rules): into dist/ and dist/rules/, specifiers mended.
const types = join(out, "types")
cpSync(join(types, "packages/storefront/src"), out, { recursive: true })
cpSync(join(types, "src/rules"), join(out, "rules"), { recursive: true })
rmSync(types, { recursive: true, force: true })
for (const f of readdirSync(out, { recursive: true })) {
  if (!String(f).endsWith(".d.ts")) continue
  const file = join(out, String(f))
  const depth = String(f).split("/").length - 1
  const rules = (depth === 0 ? "./" : "../".repeat(depth)) + "rules/"
  const text = readFileSync(file, "utf8")
  const mended = text.replace(/(["'])(?:\.\.\/)+src\/rules\//g, `$1${rules}`)
  if (mended !== text) writeFileSync(file, mended)
}
mkdirSync(join(out, "react"), { recursive: true })
copyFileSync(join(src, "react/style.css"), join(out, "react/style.css"))
console.log("storefront kit built: packages/storefront/dist (index.js, react/index.js, react/style.css, .d.ts)")

if (process.argv.includes("--size")) {
  // What a storefront's bundle grows by: the entry with every export used, minified, React and the SDK external.
  const measure = async (entry, label) => {
    const r = await build({
      stdin: { contents: `export * from ${JSON.stringify(join(out, entry))}`, resolveDir: root, loader: "js" },
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2020",
      minify: true,
      external,
      write: false,
      logLevel: "silent",
    })
    const bytes = r.outputFiles[0].contents
    const gz = gzipSync(bytes, { level: 9 }).length
    console.log(`${label}: ${(bytes.length / 1024).toFixed(1)} kB minified, ${(gz / 1024).toFixed(1)} kB gzip (${gz} bytes)`)
    return gz
  }
  await measure("index.js", "medusa-payment-svc-storefront")
  const react = await measure("react/index.js", "medusa-payment-svc-storefront/react (with the helpers)")
  const css = gzipSync(await import("node:fs").then((fs) => fs.readFileSync(join(out, "react/style.css"))), { level: 9 }).length
  console.log(`react/style.css: ${(css / 1024).toFixed(1)} kB gzip`)
  if (react > 15 * 1024) {
    console.error("the React kit is over its 15 kB gzip budget")
    process.exitCode = 1
  }
}
