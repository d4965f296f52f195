/**
 * A local HTTP server answering every request 200 with the same JSON body, in a child process so
 * it does not share the measuring client's event loop (bench/client-overhead.ts, bench/otel-cost.ts).
 */
import { fork } from "node:child_process"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"

const CHILD_FLAG = "--json-server"

export async function startJsonServer(
  body: string
): Promise<{ url: string; close: () => void }> {
  // the child runs this file with the parent's execArgv (-r @swc-node/register)
  const child = fork(__filename, [CHILD_FLAG], {
    env: { ...process.env, JSON_SERVER_BODY: body },
    stdio: "inherit",
  })
  const port = await new Promise<number>((r) =>
    child.once("message", (m) => r((m as { port: number }).port))
  )
  return { url: `http://127.0.0.1:${port}`, close: () => child.kill() }
}

if (process.argv[2] === CHILD_FLAG) {
  const body = process.env.JSON_SERVER_BODY ?? "{}"
  const server = createServer((req, res) => {
    req.resume()
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" })
      res.end(body)
    })
  })
  server.keepAliveTimeout = 60_000
  server.listen(0, "127.0.0.1", () =>
    process.send?.({ port: (server.address() as AddressInfo).port })
  )
}
