// A tiny static server for the demo storefront (demo/storefront/*): a React
// app (app.tsx) on Medusa's Store API through @medusajs/js-sdk, paying with the
// storefront kit (`medusa-payment-svc-storefront` and `/react`). It is
// bundled once per server with esbuild (already installed: Medusa's admin
// bundler brings it) into one browser script served at `/app.js`; the kit's
// imports resolve to its source in packages/storefront/src, as a store's bundler would
// resolve them to the package's dist/ build. `/svc-storefront.css`
// is the kit's optional CSS. `/config.js` tells the page where the store is and
// which publishable key to send. Used by `npm run demo` (demo/start.ts) and the
// browser tests.
import { createServer, type Server } from "node:http"
import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { browserBundle, listenLocal } from "../testing/static-server"

export type StorefrontOptions = {
  port: number
  host?: string
  storeUrl: string
  publishableKey: string
}

const DIR = join(__dirname, "storefront")
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
}
const FILES = new Set(["/style.css"])
const APP_PATH = "/app.js"
const KIT = join(__dirname, "..", "packages", "storefront", "src")
const KIT_CSS = join(KIT, "react", "style.css")

let appBundle: Promise<string> | undefined
/** demo/storefront/app.tsx with React, the SDK and the kit as one browser script. */
export function storefrontBundle(): Promise<string> {
  appBundle ??= (async () => {
    const kitEntries: Record<string, string> = {
      "medusa-payment-svc-storefront": join(KIT, "index.ts"),
      "medusa-payment-svc-storefront/react": join(KIT, "react", "index.ts"),
    }
    const js = await browserBundle(join(DIR, "app.tsx"), {
      minify: true,
      plugins: [
        {
          name: "storefront-kit",
          setup(b) {
            b.onResolve({ filter: /^medusa-payment-svc-storefront(\/react)?$/ }, (args) => ({ path: kitEntries[args.path] }))
          },
        },
      ],
    })
    return `/* demo storefront (React + @medusajs/js-sdk + medusa-payment-svc-storefront), bundled by demo/storefront-server.ts */\n${js}`
  })()
  appBundle.catch(() => (appBundle = undefined))
  return appBundle
}

export async function startStorefront(opts: StorefrontOptions): Promise<{ url: string; close: () => Promise<void> }> {
  await storefrontBundle() // fail at start, not on the first page view
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname
    try {
      if (path === "/config.js") {
        // read per request: a test may fill in the key after the server started
        const config = { storeUrl: opts.storeUrl, publishableKey: opts.publishableKey }
        res.writeHead(200, { "content-type": TYPES[".js"], "cache-control": "no-store" })
        return res.end(`window.DEMO_CONFIG = ${JSON.stringify(config)};\n`)
      }
      if (path === APP_PATH) {
        const js = await storefrontBundle()
        res.writeHead(200, { "content-type": TYPES[".js"], "cache-control": "no-store" })
        return res.end(js)
      }
      if (path === "/svc-storefront.css") {
        res.writeHead(200, { "content-type": TYPES[".css"], "cache-control": "no-store" })
        return res.end(await readFile(KIT_CSS))
      }
      if (path === "/favicon.ico") {
        res.writeHead(204)
        return res.end()
      }
      // Every page path (/, /checkout/return) is the same single page.
      const file = FILES.has(path) ? path.slice(1) : "index.html"
      const body = await readFile(join(DIR, file))
      res.writeHead(200, { "content-type": TYPES[file.slice(file.lastIndexOf("."))], "cache-control": "no-store" })
      res.end(body)
    } catch (e) {
      res.writeHead(500, { "content-type": "text/plain" })
      res.end(String((e as Error).message))
    }
  })
  return listenLocal(server, opts.port, opts.host)
}
