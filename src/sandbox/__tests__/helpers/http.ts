import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { request } from "undici"
import { signHeaders, type SignOptions, type TestCredentials } from "./signer"

export interface Res<T = any> {
  status: number
  body: T
  headers: Record<string, string | string[] | undefined>
}

export class TestApi {
  constructor(
    readonly url: string,
    public creds: TestCredentials
  ) {}

  async get<T = any>(
    path: string,
    headers: Record<string, string> = {}
  ): Promise<Res<T>> {
    const r = await request(this.url + path, {
      method: "GET",
      headers: { "svc-api-key": this.creds.apiKey, ...headers },
    })
    const text = await r.body.text()
    return {
      status: r.statusCode,
      body: text ? JSON.parse(text) : null,
      headers: r.headers,
    }
  }

  async send<T = any>(
    method: "POST" | "PATCH" | "DELETE",
    path: string,
    body?: unknown,
    opts: {
      idempotencyKey?: string
      sign?: SignOptions
      headers?: Record<string, string>
      raw?: string
    } = {}
  ): Promise<Res<T>> {
    const text =
      opts.raw ?? (body === undefined ? undefined : JSON.stringify(body))
    const headers = {
      ...signHeaders(this.creds, method, path, text, opts.sign),
      ...opts.headers,
    }
    if (opts.idempotencyKey) headers["idempotency-key"] = opts.idempotencyKey
    const r = await request(this.url + path, { method, headers, body: text })
    const out = await r.body.text()
    return {
      status: r.statusCode,
      body: out ? JSON.parse(out) : null,
      headers: r.headers,
    }
  }

  post<T = any>(
    path: string,
    body?: unknown,
    opts?: Parameters<TestApi["send"]>[3]
  ) {
    return this.send<T>("POST", path, body, opts)
  }
}

export interface Received {
  headers: Record<string, string | string[] | undefined>
  body: any
}

/** A local webhook receiver; `status` decides what it answers. */
export async function startReceiver(status: () => number = () => 200): Promise<{
  url: string
  events: Received[]
  close(): Promise<void>
  server: Server
}> {
  const events: Received[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c) => chunks.push(c))
    req.on("end", () => {
      const code = status()
      if (code >= 200 && code < 300)
        events.push({
          headers: req.headers,
          body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
        })
      res.writeHead(code).end()
    })
  })
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    events,
    server,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

export async function control<T = any>(
  url: string,
  method: string,
  path: string,
  body?: unknown
): Promise<Res<T>> {
  const r = await request(url + path, {
    method: method as "GET",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await r.body.text()
  let parsed: any = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    /* html or svg */
  }
  return { status: r.statusCode, body: parsed, headers: r.headers }
}
