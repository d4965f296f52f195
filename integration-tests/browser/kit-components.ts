// Serves integration-tests/browser/kit-harness.tsx (React + the kit from
// packages/storefront/src + @medusajs/js-sdk, bundled with esbuild) and the kit's CSS
// for the component tests in chromium.
import { createServer, type Server } from "node:http"
import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { browserBundle, listenLocal } from "../../testing/static-server"

export async function startKitHarness(config: { storeUrl: string; publishableKey: string }) {
  const js = await browserBundle(join(__dirname, "kit-harness.tsx"))
  const css = await readFile(join(__dirname, "../../packages/storefront/src/react/style.css"), "utf8")
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname
    if (path === "/harness.js") {
      res.writeHead(200, { "content-type": "text/javascript" })
      return res.end(js)
    }
    if (path === "/style.css") {
      res.writeHead(200, { "content-type": "text/css" })
      return res.end(css)
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>kit</title><link rel="stylesheet" href="/style.css">` +
        `<script>window.KIT_CONFIG=${JSON.stringify(config)}</script><script src="/harness.js" defer></script></head>` +
        `<body><main id="root"></main></body></html>`
    )
  })
  return listenLocal(server)
}
