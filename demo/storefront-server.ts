// A tiny static server for the demo storefront (demo/storefront/*): plain
// HTML and one script that talks to Medusa's Store API through
// @medusajs/js-sdk, the client Medusa's own storefronts use. The SDK ships as
// npm modules, not as a browser script, so it is bundled once per server with
// esbuild (already installed: Medusa's admin bundler brings it) into one file
// served at `/vendor/medusa-js-sdk.js`, which sets `window.Medusa`.
// `/config.js` tells the page where the store is and which publishable key to
// send. Used by `npm run demo` (demo/start.ts) and the browser tests.
import { createServer, type Server } from "node:http"
import { readFile } from "node:fs/promises"
import { join } from "node:path"

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
const FILES = new Set(["/app.js", "/style.css"])
const SDK_PATH = "/vendor/medusa-js-sdk.js"

let sdkBundle: Promise<string> | undefined
/** @medusajs/js-sdk as one browser script (IIFE) that sets `window.Medusa`. */
export function medusaJsSdkBundle(): Promise<string> {
  sdkBundle ??= (async () => {
    const esbuild = await import("esbuild")
    const out = await esbuild.build({
      stdin: {
        contents: 'import Medusa, { FetchError } from "@medusajs/js-sdk"; window.Medusa = Medusa; window.MedusaFetchError = FetchError;',
        resolveDir: __dirname,
        loader: "js",
      },
      bundle: true,
      format: "iife",
      platform: "browser",
      target: "es2020",
      minify: true,
      write: false,
      logLevel: "silent",
    })
    return `/* @medusajs/js-sdk, bundled by demo/storefront-server.ts */\n${out.outputFiles[0].text}`
  })()
  sdkBundle.catch(() => (sdkBundle = undefined))
  return sdkBundle
}

export async function startStorefront(opts: StorefrontOptions): Promise<{ url: string; close: () => Promise<void> }> {
  await medusaJsSdkBundle() // fail at start, not on the first page view
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname
    try {
      if (path === "/config.js") {
        // read per request: a test may fill in the key after the server started
        const config = { storeUrl: opts.storeUrl, publishableKey: opts.publishableKey }
        res.writeHead(200, { "content-type": TYPES[".js"], "cache-control": "no-store" })
        return res.end(`window.DEMO_CONFIG = ${JSON.stringify(config)};\n`)
      }
      if (path === SDK_PATH) {
        const js = await medusaJsSdkBundle()
        res.writeHead(200, { "content-type": TYPES[".js"], "cache-control": "no-store" })
        return res.end(js)
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
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(opts.port, opts.host ?? "127.0.0.1", () => resolve())
  })
  const addr = server.address() as { port: number }
  return {
    url: `http://localhost:${addr.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
  }
}
