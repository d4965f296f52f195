import type { IncomingMessage } from "node:http"
import { addressKey, clientAddress } from "../client-address"

const req = (remote: string, xff?: string) =>
  ({
    socket: { remoteAddress: remote },
    connection: { remoteAddress: remote },
    headers: xff ? { "x-forwarded-for": xff } : {},
  }) as unknown as IncomingMessage

describe("clientAddress", () => {
  it("trusts no proxy by default: a rotated X-Forwarded-For is still the connection's address", () => {
    expect(clientAddress(req("127.0.0.2", "1.2.3.4"), 0)).toBe("127.0.0.2")
    expect(clientAddress(req("127.0.0.2", "5.6.7.8, 9.9.9.9"), 0)).toBe(
      "127.0.0.2"
    )
  })

  it("behind one proxy: the address the proxy appended, not what the client wrote before it", () => {
    expect(clientAddress(req("10.0.0.1", "1.2.3.4"), 1)).toBe("1.2.3.4")
    expect(clientAddress(req("10.0.0.1", "6.6.6.6, 1.2.3.4"), 1)).toBe(
      "1.2.3.4"
    )
    expect(
      clientAddress(req("10.0.0.1", "6.6.6.6, 1.2.3.4, 10.0.0.9"), 2)
    ).toBe("1.2.3.4")
  })

  it("behind a proxy, a request without X-Forwarded-For is the connection's", () => {
    expect(clientAddress(req("10.0.0.1"), 1)).toBe("10.0.0.1")
  })

  it("counts IPv4-mapped IPv6 as IPv4 and IPv6 by its /64", () => {
    expect(addressKey("::ffff:127.0.0.3")).toBe("127.0.0.3")
    expect(addressKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe(
      "2001:db8:1:2::/64"
    )
    expect(addressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64")
    expect(addressKey(undefined)).toBe("unknown")
  })
})
