import {
  linkPage,
  pageLanguage,
  PAGE_STATUS,
  type LinkPageKind,
} from "../pages"
import {
  linkBaseUrl,
  linkUrl,
  redactLinkPath,
} from "../../../../../../workflows/balance-payment-link/link-url"

describe("payment link pages", () => {
  it("the buyer's language by Accept-Language and its q values; English otherwise", () => {
    expect(pageLanguage(undefined)).toBe("en")
    expect(pageLanguage("ms-MY,ms;q=0.9,en;q=0.8")).toBe("ms")
    expect(pageLanguage("en;q=0.5, zh-CN")).toBe("zh-CN")
    expect(pageLanguage("zh-TW;q=0, fr, ms;q=0.1")).toBe("ms")
    expect(pageLanguage("fr-FR,de")).toBe("en")
  })

  it("each page: its status, a lang attribute, one h1, the viewport for a phone, no script", () => {
    for (const kind of Object.keys(PAGE_STATUS) as LinkPageKind[]) {
      for (const lang of ["en", "ms", "zh-CN"] as const) {
        const p = linkPage(kind, lang)
        expect(p.status).toBe(PAGE_STATUS[kind])
        expect(p.html).toContain(`<html lang="${lang}">`)
        expect(p.html.match(/<h1>/g)).toHaveLength(1)
        expect(p.html).toContain(`<h1>${p.title}</h1>`)
        expect(p.html).toContain(
          'name="viewport" content="width=device-width, initial-scale=1"'
        )
        expect(p.html).not.toMatch(/<script/i)
      }
    }
    expect(linkPage("paid", "en").title).toBe("This order is already paid")
  })

  it("the link's base: the option, else an absolute backendUrl, else the request's address; the token redacted for logs", () => {
    expect(
      linkBaseUrl(
        { lifetimeDays: 7, baseUrl: "https://shop.example/" },
        { admin: { backendUrl: "https://api.example" } },
        "http://x"
      )
    ).toBe("https://shop.example")
    expect(
      linkBaseUrl(
        { lifetimeDays: 7 },
        { admin: { backendUrl: "https://api.example" } },
        "http://x"
      )
    ).toBe("https://api.example")
    const saved = process.env.MEDUSA_BACKEND_URL
    delete process.env.MEDUSA_BACKEND_URL
    expect(
      linkBaseUrl(
        { lifetimeDays: 7 },
        { admin: { backendUrl: "/" } },
        "http://127.0.0.1:9000"
      )
    ).toBe("http://127.0.0.1:9000")
    if (saved !== undefined) process.env.MEDUSA_BACKEND_URL = saved
    const url = linkUrl("https://api.example", "order_01JABC", "abc.def")
    expect(url).toBe("https://api.example/svc/pay/order_01JABC/abc.def")
    expect(redactLinkPath("/svc/pay/order_01JABC/abc.def?x=1")).toBe(
      "/svc/pay/order_01JABC/[redacted]?x=1"
    )
  })
})
