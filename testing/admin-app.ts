// Medusa's admin (the dashboard with this plugin's pages and widgets) for the
// browser tests: built once with Medusa's own bundler (@medusajs/admin-bundler,
// as `medusa build` does), cached under .cache/admin-browser/<hash of
// src/admin and the lockfile>, and served at /app by a small server that also
// passes /admin, /auth, /store and /hooks to the Medusa app under test, so the
// dashboard talks to its own origin exactly as in a store (session cookie).
// The test runner boots Medusa with the admin disabled; this serves it beside.
import { spawn } from "node:child_process"
import { createHash } from "node:crypto"
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs"
import { createServer, request as httpRequest, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { join, resolve } from "node:path"

const ROOT = resolve(__dirname, "..")
const ADMIN_SRC = join(ROOT, "src/admin")
const CACHE = join(ROOT, ".cache/admin-browser")

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? filesUnder(p) : [p]
  })
}

/**
 * Builds the admin in a child process unless this exact source was built
 * before; resolves to the folder with index.html and the build time. Started
 * before Medusa boots and awaited after, so the two overlap.
 */
export async function buildAdmin(): Promise<{
  outDir: string
  builtMs: number | null
}> {
  const h = createHash("sha256")
  for (const f of filesUnder(ADMIN_SRC).sort())
    h.update(f.slice(ROOT.length)).update(readFileSync(f))
  h.update(readFileSync(join(ROOT, "package-lock.json")))
  const key = h.digest("hex").slice(0, 16)
  const outDir = join(CACHE, key, "public/admin")
  if (existsSync(join(outDir, "index.html"))) return { outDir, builtMs: null }
  // builds of older sources are not needed again
  if (existsSync(CACHE))
    for (const d of readdirSync(CACHE))
      if (d !== key) rmSync(join(CACHE, d), { recursive: true, force: true })
  // The bundler writes its entry files under <cwd>/.medusa/client: a working
  // folder of our own, inside the checkout so node_modules resolve.
  const work = join(CACHE, key, "work")
  mkdirSync(work, { recursive: true })
  const started = Date.now()
  const script = `require("@medusajs/admin-bundler").build(${JSON.stringify({
    disable: false,
    path: "/app",
    backendUrl: "/",
    sources: [ADMIN_SRC],
    plugins: [],
    outDir,
  })}).then(() => process.exit(0), (e) => { console.error(e); process.exit(1) })`
  const child = spawn(process.execPath, ["-e", script], {
    cwd: work,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  })
  const code = await new Promise<number | string>((r) =>
    child.on("exit", (c, sig) => r(c ?? String(sig)))
  )
  if (code !== 0 || !existsSync(join(outDir, "index.html")))
    throw new Error(`building the admin failed (exit ${code})`)
  return { outDir, builtMs: Date.now() - started }
}

const API = /^\/(admin|auth|store|hooks)(\/|\?|$)/

/** Serves the built admin at /app and passes the API paths to Medusa at `medusaUrl`. */
export async function serveAdmin(
  outDir: string,
  medusaUrl: string
): Promise<{ url: string; close: () => Promise<void> }> {
  const { serve } = (await import("@medusajs/admin-bundler")) as unknown as {
    serve: (o: {
      outDir: string
    }) => Promise<(req: unknown, res: unknown, next: () => void) => void>
  }
  const express = (await import("express")).default as unknown as () => {
    use: (...a: unknown[]) => void
    (req: unknown, res: unknown): void
  }
  const target = new URL(medusaUrl)
  const app = express()
  app.use((req: any, res: any, next: () => void) => {
    if (!API.test(req.url)) return next()
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers)
        r.pipe(res)
      }
    )
    upstream.on("error", (e) => {
      res.statusCode = 502
      res.end(`proxy: ${e.message}`)
    })
    req.pipe(upstream)
  })
  app.use("/app", await serve({ outDir }))
  const server: Server = createServer(app as never)
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}
