import type { IncomingMessage } from "node:http"
import ipaddr from "ipaddr.js"
import proxyaddr from "proxy-addr"

/**
 * The address a storefront request is counted by. The connection's own
 * address, unless the store says it runs behind `trustProxy` proxies: then
 * the address that many hops back in X-Forwarded-For (proxy-addr, the
 * library Express's own `trust proxy` uses, with a hop count). Medusa sets
 * Express's `trust proxy` to 1 for every store, so `req.ip` believes one
 * X-Forwarded-For entry that any client can write; it is not used here.
 *
 * An IPv6 client is counted by its /64: one subscriber line is given a whole
 * /64, and an address rotated inside it is still the same client. An IPv4
 * address mapped into IPv6 (::ffff:127.0.0.2) is counted as the IPv4 address.
 */
export function clientAddress(
  req: IncomingMessage,
  trustProxy: number
): string {
  const raw = proxyaddr(req, (_addr, i) => i < trustProxy)
  return addressKey(raw)
}

export function addressKey(raw: string | undefined): string {
  if (!raw) return "unknown"
  let ip: ipaddr.IPv4 | ipaddr.IPv6
  try {
    // an IPv4 address mapped into IPv6 comes back as the IPv4 address
    ip = ipaddr.process(raw.replace(/%.*$/, ""))
  } catch {
    return raw.slice(0, 64)
  }
  if (!(ip instanceof ipaddr.IPv6)) return ip.toString()
  return `${ip.parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(":")}::/64`
}
