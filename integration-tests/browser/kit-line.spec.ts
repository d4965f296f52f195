// The storefront kit's waiting state in chromium, on a real Medusa app whose svc account allows
// 10 calls a minute (about 4 new checkouts: integration-tests/http/checkout-line.spec.ts) and the
// sandbox: past the budget's room a shopper who pays is told their place and wait in their
// language, with a Cancel that has the focus and a polite status told at most every 15 s;
// axe-core clean at 1280 px and on a 390 px phone in English, Malay and Chinese; Cancel by
// keyboard leaves the line; the starter's pay step shows the same; and the shopper who stays
// goes on to svc's page at their turn without a click.
import { svcIntegrationRunner } from "../helpers/runner"
import type { Page } from "playwright-core"
import { useSvcSandbox } from "../helpers/svc-env"
import {
  createCart,
  seedStore,
  startSession,
  SVC_PROVIDERS,
  type Store,
} from "../helpers/store"
import { describeInChromium, launchBrowser } from "../../testing/browser"
import { useKitHarness } from "./kit-components"
import { axeFindings, blocking } from "./a11y"

jest.setTimeout(240_000)

const svc = useSvcSandbox({ runnerEnv: { SVC_ACCOUNT_RATE_LIMIT: "10" } })
const kit = useKitHarness(svc)

/** The waiting sentence in each language ("You are 37th in line, about 40 seconds."). */
const WAITING = {
  en: /^You are \d+(st|nd|rd|th) in line, about \d+ (seconds|minutes?)\./,
  ms: /^Anda berada di tempat ke-\d+ dalam barisan, kira-kira \d+ (saat|minit) lagi\./,
  "zh-CN": /^您在队列中排第 \d+ 位，大约还需 \d+ (秒|分钟)。/,
} as const
type Lang = keyof typeof WAITING

svcIntegrationRunner({
  inApp: true,
  env: svc.env,
  testSuite: ({ api, getContainer }) => {
    describeInChromium()("the kit's line (chromium)", () => {
      let store: Store
      let browser: Awaited<ReturnType<typeof launchBrowser>>
      beforeAll(async () => {
        browser = await launchBrowser()
        store = await seedStore(getContainer())
        kit.config.publishableKey = store.publishableKey
      })
      afterAll(async () => {
        await browser?.close()
      })

      /** A page paying a new cart with the svc wallet by keyboard, its asks of the line and its status's changes recorded. */
      const payInLine = async (lang: Lang, c = "options") => {
        const { cartId } = await createCart(api, store)
        const p = await browser.context.newPage()
        p.on("pageerror", (e) => console.error(`page error: ${e.message}`))
        await p.setViewportSize({ width: 1280, height: 800 })
        const asks: number[] = []
        p.on("request", (r) => {
          if (r.url().endsWith("/line") && r.method() === "POST")
            asks.push(Date.now())
        })
        await p.addInitScript(() => {
          const told: { at: number; text: string }[] = []
          Object.assign(window, { told })
          setInterval(() => {
            const t = document.querySelector("[role=status]")?.textContent
            if (t && t !== told[told.length - 1]?.text)
              told.push({ at: Date.now(), text: t })
          }, 100)
        })
        await p.goto(
          `${kit.url}/?lang=${lang}&c=${c}&remember=0&cart_id=${cartId}`
        )
        await p.locator("#svc-method-wallet").check()
        await p.locator("#svc-pay").focus()
        await p.keyboard.press("Enter")
        await p.locator("#svc-line").waitFor()
        return { p, cartId, asks }
      }
      /** The waiting state: the sentence, the status told, Cancel focused, axe-core clean at both widths. */
      const checkWaiting = async (p: Page, lang: Lang) => {
        const shown = (await p.locator("#svc-line").textContent()) ?? ""
        expect(shown).toMatch(WAITING[lang])
        const told = (await p.locator("[role=status]").textContent()) ?? ""
        expect(told).toMatch(WAITING[lang])
        expect(await p.evaluate(() => document.activeElement?.id)).toBe(
          "svc-line-cancel"
        )
        // the method chosen at Pay is the one the turn starts
        expect(await p.locator("#svc-method-fpx").isDisabled()).toBe(true)
        const findings = []
        for (const width of [1280, 390]) {
          await p.setViewportSize({ width, height: width > 400 ? 800 : 844 })
          findings.push(...blocking(await axeFindings(p)))
          expect(
            await p.evaluate(() => document.documentElement.scrollWidth)
          ).toBeLessThanOrEqual(width)
        }
        await p.setViewportSize({ width: 1280, height: 800 })
        expect(findings).toEqual([])
      }

      it("a shopper waits in line in English, Malay and Chinese, leaves by keyboard, and at the turn goes to svc without a click", async () => {
        // payments until the budget has no room (the last one's cart then holds a place: it leaves)
        for (let i = 0; i < 8; i++) {
          const { cartId, paymentCollectionId } = await createCart(api, store)
          const r = await startSession(
            api,
            store,
            paymentCollectionId,
            SVC_PROVIDERS.wallet,
            { cart_id: cartId }
          )
          if (r.status === 200) continue
          expect(r.data.message).toMatch(/in line/)
          await fetch(`${svc.ref.medusaUrl}/store/svc/carts/${cartId}/line`, {
            method: "DELETE",
            headers: store.headers.headers,
          })
          break
        }

        const en = await payInLine("en")
        await checkWaiting(en.p, "en")

        // Malay: Cancel by keyboard leaves the line; the focus is back on the pay button
        const ms = await payInLine("ms")
        await checkWaiting(ms.p, "ms")
        await ms.p.keyboard.press("Enter")
        await ms.p.locator("#svc-line").waitFor({ state: "detached" })
        expect(await ms.p.evaluate(() => document.activeElement?.id)).toBe(
          "svc-pay"
        )
        expect(await ms.p.locator("#svc-method-fpx").isEnabled()).toBe(true)
        const asked = ms.asks.length
        await ms.p.waitForTimeout(5_000)
        expect(ms.asks.length).toBe(asked) // no more asks
        await ms.p.close()

        const zh = await payInLine("zh-CN")
        await checkWaiting(zh.p, "zh-CN")
        await zh.p.close() // the tab closed: its place goes after 15 s

        // the starter's pay step (its own Button, its Tailwind): the same state
        const starter = await payInLine("en", "starter")
        expect(await starter.p.locator("#svc-line").textContent()).toMatch(
          WAITING.en
        )
        await starter.p.locator("#svc-line-cancel").click()
        await starter.p.locator("#svc-pay").waitFor()
        await starter.p.close()

        // the first shopper stayed: svc's page at the turn, with no click after Pay
        await en.p.waitForFunction(
          () => !!document.querySelector("#started")?.textContent,
          undefined,
          { timeout: 120_000 }
        )
        expect(await en.p.locator("#started").textContent()).toMatch(
          /^https?:\/\//
        )
        // asked every few seconds, never faster than every 2 s; told at most every 15 s
        const gaps = en.asks.slice(1).map((t, i) => t - en.asks[i]!)
        expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1_900)
        expect(Math.max(...gaps)).toBeLessThan(8_000)
        const told = await en.p.evaluate(
          () => (window as unknown as { told: { at: number }[] }).told
        )
        const toldGaps = told.slice(1).map((t, i) => t.at - told[i]!.at)
        console.log(
          `the line in chromium: ${en.asks.length} asks, told ${told.length} times, gaps ${JSON.stringify(toldGaps)}`
        )
        expect(toldGaps.every((g) => g >= 14_500)).toBe(true)
        await en.p.close()
      })
    })
  },
})
