// Refreshes docs/images/*.png from a running demo (`npm run demo` in another
// terminal): drives the storefront in Debian's chromium through a failed FPX
// payment, a retry with FPX direct, and the order confirmation, then the order
// in the admin. Run: node -r @swc-node/register demo/screenshots.ts
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { launchBrowser } from "../testing/browser"

const ROOT = resolve(__dirname, "..")
const OUT = join(ROOT, "docs/images")
// written under .demo/ first: `medusa develop` restarts on any new file outside dot folders
const TMP = join(ROOT, ".demo/screenshots")

async function main() {
  const demo = JSON.parse(readFileSync(join(ROOT, ".demo/demo.json"), "utf8"))
  mkdirSync(TMP, { recursive: true })
  const browser = await launchBrowser()
  try {
    const page = await browser.context.newPage()
    await page.setViewportSize({ width: 960, height: 720 })
    const shot = (name: string) => page.screenshot({ path: join(TMP, `${name}.png`) })

    await page.goto(demo.storefrontUrl)
    await page.locator("#add-batik-shirt").click()
    await page.locator("#cart-section").waitFor({ state: "visible" })
    await page.locator("#checkout").click()
    await page.locator("#svc-method-fpx").check()
    await page.locator("#svc-pay").click()
    await page.waitForURL(/\/fpx\//)
    await page.locator("#fail").click()
    await page.locator("#failure").waitFor({ state: "visible" })
    await page.locator("#payment-section").scrollIntoViewIfNeeded()
    await shot("storefront-payment-failed")

    await page.locator("#svc-method-fpx-direct").check()
    await page.locator("#svc-bank-MBB0228").click()
    await page.locator("#svc-buyer-name").fill("Siti Aminah")
    await page.locator(".svc-fpx-picker").scrollIntoViewIfNeeded()
    await shot("storefront-fpx-direct-bank-picker")
    await page.locator("#svc-pay").click()
    await page.waitForURL(/\/fpx\//)
    await page.locator("#pay").click()
    await page.locator("#order-confirmation").waitFor({ state: "visible" })
    await page.waitForFunction(() => document.querySelector("#payment-status")?.textContent === "captured", null, { timeout: 30_000 })
    await shot("storefront-order-confirmation")
    const orderId = await page.locator("#order-id").textContent()

    if (process.env.SKIP_ADMIN !== "1") {
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.goto(demo.adminUrl, { timeout: 120_000 })
      await page.locator("input[name=email]").fill(demo.adminEmail, { timeout: 120_000 })
      await page.locator("input[name=password]").fill(demo.adminPassword)
      await page.locator("button[type=submit]").click()
      await page.waitForURL(/\/app\/orders/, { timeout: 60_000 })
      await page.goto(`${demo.adminUrl}/orders/${orderId}`)
      await page.getByText(/svc/i).first().waitFor({ timeout: 60_000 })
      await page.waitForTimeout(1500)
      await shot("admin-order-svc-payment")

      // refund part of it to the buyer's bank account from the svc refunds panel
      const panel = page.locator("[data-testid=svc-refunds]")
      // Medusa UI's Select: open it, pick the option
      const choose = async (trigger: string, option: RegExp) => {
        await page.locator(trigger).click()
        await page.getByRole("option", { name: option }).click({ timeout: 30_000 })
      }
      // a form sent with #<form>-submit and its confirmation prompt's #<form>-confirm; its error shown, thrown
      const submitConfirmed = async (form: string, what: string) => {
        await page.locator(`#${form}-submit`).click()
        await page.locator(`#${form}-confirm`).click()
        await page.locator(`[data-testid=${form}-result], [data-testid=${form}-error]`).first().waitFor({ timeout: 30_000 })
        const error = await page.locator(`[data-testid=${form}-error]`).textContent().catch(() => null)
        if (error) throw new Error(`${what} failed: ${error}`)
      }
      await page.locator("#svc-refund-amount").fill("20.50", { timeout: 30_000 })
      await page.locator("#svc-refund-name").fill("Siti Aminah")
      await choose("#svc-refund-bank", /Malayan Banking/)
      await page.locator("#svc-refund-account").fill("5512345678")
      await page.locator("#svc-refund-note").fill("damaged sleeve")
      await submitConfirmed("svc-refund", "refund from the admin panel")
      await panel.scrollIntoViewIfNeeded()
      await page.waitForTimeout(500)
      await panel.screenshot({ path: join(TMP, "admin-order-svc-refund.png") })

      // settle part of the wallet balance to the merchant's bank account
      await page.goto(`${demo.adminUrl}/svc/settlements`)
      await page.locator("[data-testid=svc-wallet-balance]").waitFor({ timeout: 60_000 })
      await page.locator("#svc-wd-account").click()
      await page.getByRole("option").first().click()
      await page.locator("#svc-wd-amount").fill("1500.00")
      await page.locator("#svc-wd-reference").fill("Demo settlement")
      await submitConfirmed("svc-wd", "withdrawal from the settlements page")
      await page.waitForTimeout(500)
      await shot("admin-svc-settlements")

      // Settings → svc connection (the connection doctor)
      await page.goto(`${demo.adminUrl}/settings/svc-doctor`)
      await page.locator("[data-testid=svc-doctor-summary]").waitFor({ timeout: 60_000 })
      await page.waitForTimeout(500)
      await shot("admin-svc-doctor")
    }
  } finally {
    await browser.close()
  }
  mkdirSync(OUT, { recursive: true })
  for (const f of readdirSync(TMP)) copyFileSync(join(TMP, f), join(OUT, f))
  console.log(`screenshots written to ${OUT}`)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
