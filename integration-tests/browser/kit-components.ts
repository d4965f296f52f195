// Serves integration-tests/browser/kit-harness.tsx (React + the kit from
// packages/storefront/src + @medusajs/js-sdk, bundled with esbuild) and the kit's CSS
// for the component tests in chromium. The starter-shaped page (`?c=starter`) gets the
// Next.js starter's Tailwind too (the fixture's tailwindcss 3, preflight included, over the
// classes of the harness and the starter's Button), after the kit's CSS: the kit's rules must
// hold whatever the order. Its HTML is kept in the back-forward cache with `&bfcache=1`.
import { createServer, type Server } from "node:http"
import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { browserBundle, listenLocal } from "../../testing/static-server"
import { FIXTURE, starterModules } from "../helpers/starter-fixture"
import type { Page } from "playwright-core"
import type { useSvcSandbox } from "../helpers/svc-env"

/** The starter's Tailwind (v3, its default theme; the starter adds @medusajs/ui-preset's colours) for the classes the harness uses. */
async function starterTailwind(): Promise<string> {
  const modules = starterModules()
  // the starter's own postcss and tailwind, from its installed folder (a path known at run time)
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const postcss = require(join(modules, "postcss")) as typeof import("postcss")
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const tailwind = require(join(modules, "tailwindcss")) as (
    config: object
  ) => import("postcss").AcceptedPlugin
  const raw = [
    join(__dirname, "kit-harness.tsx"),
    join(FIXTURE, "src/modules/common/components/ui/index.tsx"),
  ]
  const content = await Promise.all(
    raw.map(async (f) => ({ raw: await readFile(f, "utf8"), extension: "tsx" }))
  )
  const out = await postcss
    .default([tailwind({ content, theme: { extend: {} }, plugins: [] })])
    .process("@tailwind base;\n@tailwind components;\n@tailwind utilities;\n", {
      from: undefined,
    })
  return out.css
}

export async function startKitHarness(config: {
  storeUrl: string
  publishableKey: string
}) {
  const js = await browserBundle(join(__dirname, "kit-harness.tsx"))
  const css = await readFile(
    join(__dirname, "../../packages/storefront/src/react/style.css"),
    "utf8"
  )
  const tailwindCss = await starterTailwind()
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname
    if (path === "/harness.js") {
      res.writeHead(200, { "content-type": "text/javascript" })
      return res.end(js)
    }
    if (path === "/style.css" || path === "/starter.css") {
      res.writeHead(200, { "content-type": "text/css" })
      return res.end(path === "/style.css" ? css : tailwindCss)
    }
    const q = new URL(req.url ?? "/", "http://x").searchParams
    const starter = q.get("c") === "starter"
    // the page's language (`&lang=ms`): the kit's default locale
    const lang = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(q.get("lang") ?? "")
      ? q.get("lang")
      : "en"
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": q.get("bfcache") ? "private, max-age=0" : "no-store",
    })
    res.end(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>kit</title><link rel="stylesheet" href="/style.css">` +
        (starter ? `<link rel="stylesheet" href="/starter.css">` : "") +
        `<script>window.KIT_CONFIG=${JSON.stringify(config)}</script><script src="/harness.js" defer></script></head>` +
        `<body><main id="root"></main></body></html>`
    )
  })
  return listenLocal(server)
}

/** The store API as the specs' runner gives it (a GET is all these helpers need). */
type StoreGet = {
  get: (url: string, config?: unknown) => Promise<{ data: any }>
}

/** The cart's svc payment session, read through Medusa's store API. */
export const cartSession = async (
  api: StoreGet,
  cartId: string,
  headers: unknown
) =>
  (
    await api.get(
      `/store/carts/${cartId}?fields=*payment_collection.payment_sessions`,
      headers
    )
  ).data.cart.payment_collection.payment_sessions[0]

/** After the kit's pay button: the harness went on to svc's FPX page (its #started), and the cart's session. */
export async function fpxStarted(
  page: Page,
  api: StoreGet,
  cartId: string,
  headers: unknown
) {
  await page.waitForFunction(() =>
    (document.querySelector("#started")?.textContent ?? "").includes("/fpx/")
  )
  return cartSession(api, cartId, headers)
}

/**
 * The kit harness for a file's tests on the sandbox's Medusa (`svc`, from
 * useSvcSandbox): served before Medusa boots, its address the store's CORS for
 * the file (given back after). The test sets `config.publishableKey` once the
 * store is seeded; `url` is the harness's address.
 */
export function useKitHarness(svc: ReturnType<typeof useSvcSandbox>) {
  const harness = { config: { storeUrl: "", publishableKey: "" }, url: "" }
  let kit: Awaited<ReturnType<typeof startKitHarness>> | undefined
  let savedCors: string | undefined
  beforeAll(async () => {
    kit = await startKitHarness(harness.config)
    harness.config.storeUrl = svc.ref.medusaUrl
    harness.url = kit.url
    savedCors = process.env.STORE_CORS
    Object.assign(svc.env, { STORE_CORS: kit.url })
    Object.assign(process.env, { STORE_CORS: kit.url })
  })
  afterAll(async () => {
    if (savedCors === undefined) delete process.env.STORE_CORS
    else process.env.STORE_CORS = savedCors
    await kit?.close()
  })
  return harness
}
