// What the demo storefront (demo/storefront-server.ts) and the kit's component harness
// (integration-tests/browser/kit-components.ts) both do to serve a React page: one esbuild
// bundle for the browser (esbuild is installed: Medusa's admin bundler brings it), and a local
// HTTP server's address and close.
import type { Server } from "node:http"
import type { Plugin } from "esbuild"

/** `entry` (TSX, React's automatic JSX) and all it imports as one browser script, built for production. */
export async function browserBundle(
  entry: string,
  opts: { minify?: boolean; plugins?: Plugin[] } = {}
): Promise<string> {
  const esbuild = await import("esbuild")
  const out = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    jsx: "automatic",
    minify: opts.minify,
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: opts.plugins,
    write: false,
    logLevel: "silent",
  })
  return out.outputFiles[0]!.text
}

/** `server` listening on `port` (0: any free one) at `host`: its localhost URL, and a close that ends open connections. */
export async function listenLocal(
  server: Server,
  port = 0,
  host = "127.0.0.1"
): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, () => resolve())
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
