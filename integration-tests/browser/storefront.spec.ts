// The shopper's journey in a real browser (Debian chromium): the demo
// storefront (demo/storefront, React on the plugin's storefront kit:
// SvcPaymentOptions, FpxBankPicker, SvcReturn) against a Medusa app running this plugin and the
// svc sandbox's hosted pages. Each journey ends as a merchant would check it:
// signed in to Medusa's admin API (email and password, JWT, @medusajs/js-sdk),
// the order and its captured payment, and the plugin's own svc checkout record
// (`GET /admin/svc/checkouts`).
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Page } from "playwright-core"
import { startStorefront } from "../../demo/storefront-server"
import { useSvcSandbox } from "../helpers/svc-env"
import { adminOrder, signInAsAdmin, type AdminSdk } from "../helpers/admin"
import { orderOfCart, seedStore, waitFor, type Store } from "../helpers/store"
import { hasChromium, launchBrowser, stepShooter } from "./browser"

jest.setTimeout(120_000)

const svc = useSvcSandbox()
const sf: { opts: Parameters<typeof startStorefront>[0]; handle?: Awaited<ReturnType<typeof startStorefront>> } = {
  opts: { port: 0, storeUrl: "", publishableKey: "" },
}
let savedCors: string | undefined
beforeAll(async () => {
  // after the sandbox (its beforeAll runs first), before Medusa boots: the
  // provider's redirect URL is the return page of this storefront
  sf.handle = await startStorefront(sf.opts)
  sf.opts.storeUrl = svc.ref.medusaUrl
  const redirect = `${sf.handle.url}/checkout/return?cart_id={cart_id}`
  const cors = `${sf.handle.url},${sf.handle.url.replace("localhost", "127.0.0.1")}`
  savedCors = process.env.STORE_CORS
  Object.assign(svc.env, { SVC_REDIRECT_URL: redirect, STORE_CORS: cors })
  Object.assign(process.env, { SVC_REDIRECT_URL: redirect, STORE_CORS: cors })
})
afterAll(async () => {
  if (savedCors === undefined) delete process.env.STORE_CORS
  else process.env.STORE_CORS = savedCors
  await sf.handle?.close()
})

const describeBrowser = hasChromium ? describe : describe.skip
// Never download a browser: without Debian's chromium this fails with the fix
// (`apt-get install -y chromium`, which .ci/run does), unless explicitly skipped.
const skipAllowed = process.env.SKIP_BROWSER_TESTS === "1"
;(hasChromium || skipAllowed ? it.skip : it)("needs Debian's chromium at /usr/bin/chromium", () => {
  throw new Error("browser tests need /usr/bin/chromium: apt-get install -y chromium (or SKIP_BROWSER_TESTS=1)")
})

medusaIntegrationTestRunner({
  inApp: true,
  env: svc.env,
  testSuite: ({ getContainer }) => {
    describeBrowser("storefront in chromium", () => {
      let store: Store
      let browser: Awaited<ReturnType<typeof launchBrowser>>
      let page: Page
      let admin: AdminSdk

      beforeAll(async () => {
        browser = await launchBrowser()
      })
      afterAll(async () => {
        await browser?.close()
      })
      beforeEach(async () => {
        store = await seedStore(getContainer())
        admin = await signInAsAdmin(getContainer(), svc.ref.medusaUrl)
        sf.opts.publishableKey = store.publishableKey
        page = await browser.context.newPage()
        page.on("pageerror", (e) => console.error(`page error: ${e.message}`))
        page.on("requestfailed", (r) => console.error(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`))
        page.on("response", (r) => r.status() === 404 && console.error(`404: ${r.url()}`))
      })
      afterEach(async () => {
        await page?.close()
      })

      const sandboxUrl = () => svc.ref.sandbox.url

      async function addShirtAndCheckout(shot: (s: string) => Promise<void>) {
        await page.goto(sf.handle!.url)
        await page.locator("body[data-ready=true]").waitFor({ state: "attached" })
        const problem = await page.locator("#message").textContent()
        if (problem) throw new Error(`storefront: ${problem}`)
        await shot("products")
        await page.locator("#add-batik-shirt").click()
        await page.locator("#cart-section").waitFor({ state: "visible" })
        await expectText("#cart-total", /120\.50/)
        await shot("cart")
        await page.locator("#checkout").click()
        await page.locator("#payment-section").waitFor({ state: "visible" })
      }

      async function expectText(selector: string, re: RegExp) {
        await page.waitForFunction(
          ([s, src]) => new RegExp(src as string).test(document.querySelector(s as string)?.textContent ?? ""),
          [selector, re.source],
          { timeout: 25_000 }
        )
      }

      /** On the return page: order confirmation with the payment captured; the cart id. */
      async function confirmed(shot: (s: string) => Promise<void>): Promise<string> {
        await page.waitForURL(/\/checkout\/return\?cart_id=/)
        await page.locator("#order-confirmation").waitFor({ state: "visible" })
        await expectText("#payment-status", /^captured$/)
        await shot("order-confirmation")
        return new URL(page.url()).searchParams.get("cart_id")!
      }

      /**
       * Through Medusa's admin API: the order shown to the shopper exists, is
       * paid (captured once, RM120.50) and its svc checkout is COMPLETED.
       */
      async function expectCapturedOrder(providerId: string) {
        const orderId = (await page.locator("#order-id").textContent())!
        expect(orderId).toMatch(/^order_/)
        const order = await waitFor(async () => {
          const o = await adminOrder(admin, orderId)
          return o.payment_status === "captured" ? o : undefined
        }, `order ${orderId} captured (admin API)`)
        expect(order).toMatchObject({ id: orderId, status: "pending", currency_code: "myr" })
        expect(Number(order.total)).toBe(120.5)
        expect(order.payment_collections).toHaveLength(1)
        const [payment] = order.payment_collections[0].payments
        expect(payment.provider_id).toBe(providerId)
        expect(payment.captured_at).toBeTruthy()
        expect(payment.captures).toHaveLength(1)
        expect(Number(payment.captures[0].amount)).toBe(120.5)
        const { checkouts } = await admin.client.fetch<{ checkouts: any[] }>("/admin/svc/checkouts", {
          query: { order_id: orderId },
        })
        const completed = checkouts.filter((c) => c.status === "COMPLETED")
        expect(completed).toHaveLength(1)
        expect(completed[0]).toMatchObject({ payment_session_id: payment.payment_session_id, amount_sen: 12050 })
        return { order, payment, checkouts }
      }

      it("FPX direct: bank picker (tabs, offline banks disabled), approve at the bank, order with captured payment", async () => {
        const shot = stepShooter(page, "fpx-direct")
        await addShirtAndCheckout(shot)
        await page.locator("#svc-method-fpx-direct").check()
        await page.locator("#svc-bank-MBB0228").waitFor({ state: "visible" })
        expect(await page.locator("#svc-pay").isDisabled()).toBe(true)
        expect(await page.locator("#svc-bank-HSBC0223").isDisabled()).toBe(true) // offline retail bank
        expect(await page.locator("label[for=svc-bank-MBB0228] img").getAttribute("src")).toContain("/_sandbox/bank-logos/MBB0228.svg")
        await page.locator("#svc-tab-corporate").click()
        await page.locator("#svc-bank-BIMB0340B").waitFor({ state: "visible" })
        expect(await page.locator("#svc-bank-BIMB0340B").isDisabled()).toBe(true) // offline corporate bank
        await shot("bank-picker-corporate")
        await page.locator("#svc-tab-retail").click()
        await page.locator("#svc-bank-MBB0228").click()
        await page.locator("#svc-buyer-name").fill("Siti Aminah")
        await shot("bank-picker-retail")
        await page.locator("#svc-pay").click()

        await page.waitForURL((u) => u.href.startsWith(`${sandboxUrl()}/fpx/`))
        await expectText("#bankName", /Maybank/i)
        expect(await page.locator("#payer").textContent()).toBe("Siti Aminah")
        await shot("bank-approval")
        await page.locator("#pay").click()

        const cartId = await confirmed(shot)
        const { order, payment } = await expectCapturedOrder("pp_svc-fpx-direct_svc")
        expect(order.id).toBe((await orderOfCart(getContainer(), cartId))?.id) // the order of the cart the shopper paid
        const session = order.payment_collections[0].payment_sessions.find((s: any) => s.id === payment.payment_session_id)
        expect(session.data).toMatchObject({ bank: "MBB0228", bankType: "RETAIL", svcStatus: "COMPLETED" })
      })

      it("svc wallet: sign in and pay on svc's page, order with captured payment", async () => {
        const shot = stepShooter(page, "wallet")
        await addShirtAndCheckout(shot)
        await page.locator("#svc-method-wallet").check()
        await shot("payment-choice")
        await page.locator("#svc-pay").click()

        await page.waitForURL((u) => u.href.startsWith(`${sandboxUrl()}/checkout/`))
        await page.locator("#walletName").fill("Siti Aminah")
        await shot("wallet-signin")
        await page.locator("#signin").click()
        await page.locator("#balance").waitFor({ state: "visible" })
        await shot("wallet-pay")
        await page.locator("#pay").click()

        const cartId = await confirmed(shot)
        const { order } = await expectCapturedOrder("pp_svc-wallet_svc")
        expect(order.id).toBe((await orderOfCart(getContainer(), cartId))?.id)
      })

      it("FPX fails at the bank: the shopper sees why, chooses again, pays; one order with one captured payment", async () => {
        const shot = stepShooter(page, "fpx-failed-then-retried")
        await addShirtAndCheckout(shot)
        await page.locator("#svc-method-fpx").check()
        await page.locator("#svc-pay").click()
        await page.waitForURL((u) => u.href.startsWith(`${sandboxUrl()}/fpx/`))
        const firstCheckout = new URL(page.url()).pathname.split("/").pop()
        await page.locator("#bank").selectOption("MBB0228")
        await shot("fpx-hosted-page")
        await page.locator("#fail").click()

        await page.waitForURL(/\/checkout\/return\?cart_id=/)
        await page.locator("#failure").waitFor({ state: "visible" })
        await expectText("#failure-reason", /fail/i)
        expect(await page.locator("#order-confirmation").isVisible()).toBe(false)
        await shot("payment-failed")
        const cartId = new URL(page.url()).searchParams.get("cart_id")!
        expect(await orderOfCart(getContainer(), cartId)).toBeUndefined()

        await page.locator("#svc-method-fpx").check()
        await page.locator("#svc-pay").click()
        await page.waitForURL((u) => u.href.startsWith(`${sandboxUrl()}/fpx/`))
        expect(new URL(page.url()).pathname.split("/").pop()).not.toBe(firstCheckout)
        await page.locator("#pay").click()

        expect(await confirmed(shot)).toBe(cartId)
        const { order } = await expectCapturedOrder("pp_svc-fpx_svc")
        expect(order.id).toBe((await orderOfCart(getContainer(), cartId))?.id)
        expect(order.payment_collections[0].payments).toHaveLength(1)
      })
    })
  },
})
