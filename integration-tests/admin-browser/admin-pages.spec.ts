// The plugin's admin pages in Medusa's own dashboard, in a real browser
// (Debian's chromium, playwright-core): a merchant signs in with email and
// password and uses each svc page: the payments needing attention, the order
// widgets (a refund through Select, Prompt and toast; Request payment for an
// order edit's balance), the settlements page
// (a withdrawal and the finance export download) and Settings → svc
// connection. Pages other agents add under src/admin/routes are opened too,
// when they exist, and must render without an error. The main menu has one
// svc entry with the svc pages beneath it, and axe-core (WCAG 2.1 A and AA)
// finds no serious or critical problem in the plugin's own markup on any page
// or order widget. In Chinese (set as Medusa's profile does) no page, order
// widget or menu entry of the plugin shows a word of its English catalogue,
// the server's sentences included (a doctor warning, a payment's attention
// reason, a refused refund's error, an event's detail, a status history's
// detail, check-missed's answer, a form value Medusa's validator refused:
// their codes in the admin's language), and a language the plugin does not
// ship shows its English.
//
// One Medusa boot for the file (the test runner, admin disabled) and one admin
// build (Medusa's bundler, in a child process while Medusa boots, cached by
// source hash under .cache/admin-browser), served beside Medusa with the API
// passed through (testing/admin-app.ts).
// UPDATE_DOCS_IMAGES=1 also writes the README's screenshots to docs/images/.
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { svcIntegrationRunner } from "../helpers/runner"
import { cancelOrderWorkflow } from "@medusajs/core-flows"
import type { Page } from "playwright-core"
import { ensureAdminUser } from "../../demo/admin-user"
import { useSvcSandbox } from "../helpers/svc-env"
import {
  cartWithSession,
  completeCart,
  flaggedCheckoutRow,
  orderOfCart,
  paidOrder as paidOrderOf,
  seedStore,
  SVC_PROVIDERS,
  waitFor,
  type Store,
} from "../helpers/store"
import {
  describeInChromium,
  hasChromium,
  launchChromium,
  SCREENSHOT_DIR,
  type StorageState,
} from "../../testing/browser"
import { editAdding, signInAsAdmin } from "../helpers/admin"
import { buildAdmin, serveAdmin } from "../../testing/admin-app"
import languages from "../../src/admin/i18n"

jest.setTimeout(240_000)

const ROOT = resolve(__dirname, "../..")
const DOCS_IMAGES = join(ROOT, "docs/images")
const SHOTS = join(SCREENSHOT_DIR, "admin")
const AXE = join(dirname(require.resolve("axe-core")), "axe.min.js")
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
/** The svc pages beneath "svc" in the main menu, in their order (routes/svc/<page>/page.tsx, `rank`). */
const SVC_MENU = [
  "payments",
  "settlements",
  "bank-accounts",
  "beneficiaries",
  "deposits",
  "token-transfers",
  "events",
]
const EMAIL = "merchant@svc-admin-browser.local"
const PASSWORD = "svc-admin-browser-1"

const svc = useSvcSandbox()
const describeBrowser = describeInChromium()

// Started before Medusa boots (this beforeAll runs before the runner's) and awaited after: build and boot overlap.
let adminBuild: ReturnType<typeof buildAdmin> | undefined
beforeAll(() => {
  if (!hasChromium) return
  adminBuild = buildAdmin()
  adminBuild.catch(() => undefined) // reported where it is awaited
})

/** Every admin route folder with a page (src/admin/routes/** /page.tsx), as dashboard paths. */
function routePages(): string[] {
  const base = join(ROOT, "src/admin/routes")
  const walk = (rel: string): string[] =>
    readdirSync(join(base, rel), { withFileTypes: true }).flatMap((d) => {
      if (!d.isDirectory()) return []
      const r = rel ? `${rel}/${d.name}` : d.name
      if (d.name.startsWith("[")) return [] // detail pages need an id
      return [...(existsSync(join(base, r, "page.tsx")) ? [r] : []), ...walk(r)]
    })
  return walk("")
}

type Tree = { [k: string]: string | Tree }
const flat = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "string"
      ? [[`${prefix}${k}`, v] as [string, string]]
      : flat(v, `${prefix}${k}.`)
  )
const ZH = new Map(flat(languages.zhCN.translation))
/**
 * The English of the plugin's catalogue that Chinese words differently, as a whole text node
 * ({{values}} match anything): [key, pattern]. Values with fewer than 3 letters of their own
 * (e.g. "{{count}} / {{limit}}", "Tx") are left out: they would match svc's codes and numbers.
 */
const ENGLISH = flat(languages.en.translation)
  .filter(
    ([k, v]) =>
      ZH.get(k) !== v &&
      v.replace(/\{\{[^}]+\}\}/g, "").replace(/[^A-Za-z]/g, "").length >= 3
  )
  .map(([k, v]) => {
    const parts = v
      .trim()
      .split(/\{\{[^}]+\}\}/)
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    return [k, new RegExp(`^${parts.join(".+?")}$`)] as const
  })

/** The pages of other agents (the ones this file does not use one by one). */
function otherPages(): string[] {
  const mine = new Set([
    "svc/payments",
    "svc/settlements",
    "settings/svc-doctor",
  ])
  return routePages().filter((r) => !mine.has(r))
}

svcIntegrationRunner({
  inApp: true,
  env: svc.env,
  testSuite: ({ api, getContainer }) => {
    describeBrowser("svc admin pages in chromium", () => {
      let adminApp: Awaited<ReturnType<typeof serveAdmin>>
      let chromium: Awaited<ReturnType<typeof launchChromium>>
      let shared: Awaited<
        ReturnType<Awaited<ReturnType<typeof launchChromium>>["newContext"]>
      >
      let page: Page
      let store: Store
      let signedIn: StorageState
      const sb = () => svc.ref.sandbox.control

      beforeAll(async () => {
        const built = await adminBuild!
        console.log(
          built.builtMs === null
            ? `admin build reused: ${built.outDir}`
            : `admin built in ${Math.round(built.builtMs / 1000)} s`
        )
        adminApp = await serveAdmin(built.outDir, svc.ref.medusaUrl)
        chromium = await launchChromium()
        // before the runner's snapshot (its first beforeEach): every test's database has this store
        // and admin user; the admin signs in once, through the login page, and each test's fresh
        // context starts with that session's cookies (the session lives in Medusa, not the database)
        store = await seedStore(getContainer())
        await ensureAdminUser(getContainer(), EMAIL, PASSWORD)
        const first = await chromium.newContext()
        const login = await first.context.newPage()
        await login.goto(`${adminApp.url}/app/login`, { timeout: 60_000 })
        await login
          .locator("input[name=email]")
          .fill(EMAIL, { timeout: 60_000 })
        await login.locator("input[name=password]").fill(PASSWORD)
        await login.locator("button[type=submit]").click()
        await login.waitForURL(/\/app\/orders/, { timeout: 60_000 })
        signedIn = await first.context.storageState()
        await first.close()
        shared = await chromium.newContext()
      })
      afterAll(async () => {
        await chromium?.close()
        await adminApp?.close()
      })
      // Each test in a new page of the file's one browser context, on the orders page as after
      // signing in: its cookies and the dashboard's storage are reset to the signed-in session's
      // (what a fresh context with that storage state has), its HTTP cache is not. A fresh context
      // per test loaded and compiled the dashboard's ~10 MB of scripts again for each test's first
      // page (2.3 s for the login page, against 0.7 s from the cache: 2026-11-27).
      beforeEach(async () => {
        await shared.context.clearCookies()
        await shared.context.addCookies(signedIn.cookies)
        page = await shared.context.newPage()
        // a page of the dashboard's origin that is not the dashboard, to reset its storage before it loads
        await page.goto(`${adminApp.url}/svc-test-blank`)
        const stored =
          signedIn.origins.find((o) => o.origin === adminApp.url)
            ?.localStorage ?? []
        await page.evaluate((items) => {
          localStorage.clear()
          sessionStorage.clear()
          for (const { name, value } of items) localStorage.setItem(name, value)
        }, stored)
        await page.setViewportSize({ width: 1280, height: 900 })
        page.on("pageerror", (e) => console.error(`page error: ${e.message}`))
        await page.goto(`${adminApp.url}/app/orders`, {
          timeout: 60_000,
          waitUntil: "networkidle",
        })
        if (!/\/app\/orders/.test(page.url()))
          throw new Error(
            `the signed-in session did not open the orders page: ${page.url()}`
          )
      })
      afterEach(async () => {
        await page?.close()
      })

      async function shot(
        name: string,
        target?: { screenshot: (o: { path: string }) => Promise<unknown> }
      ) {
        mkdirSync(SHOTS, { recursive: true })
        const path = join(SHOTS, `${name}.png`)
        await (target ?? page).screenshot({ path })
        if (process.env.UPDATE_DOCS_IMAGES === "1") {
          mkdirSync(DOCS_IMAGES, { recursive: true })
          await (target ?? page).screenshot({
            path: join(DOCS_IMAGES, `${name}.png`),
          })
        }
      }
      /** A Medusa UI Select: open it, pick the option whose text matches. */
      async function choose(triggerId: string, option: RegExp) {
        await page.locator(`#${triggerId}`).click()
        await page.getByRole("option", { name: option }).click()
      }
      /**
       * axe-core over the plugin's own markup ([data-svc-admin]: every svc page and widget root),
       * WCAG 2.1 A and AA; every violation is logged, the serious and critical ones returned as
       * "where: rule (impact) target".
       */
      async function axeProblems(where: string): Promise<string[]> {
        await page
          .waitForLoadState("networkidle", { timeout: 10_000 })
          .catch(() => undefined)
        await page.addScriptTag({ path: AXE })
        const violations = await page.evaluate(async (tags) => {
          const axe = (
            window as unknown as {
              axe: {
                run: (
                  context: unknown,
                  options: unknown
                ) => Promise<{
                  violations: {
                    id: string
                    impact: string | null
                    nodes: { target: unknown[] }[]
                  }[]
                }>
              }
            }
          ).axe
          const r = await axe.run(
            { include: [["[data-svc-admin]"]] },
            { runOnly: { type: "tag", values: tags } }
          )
          return r.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            targets: v.nodes.map((n) => n.target.map(String).join(" ")),
          }))
        }, WCAG)
        console.log(
          `axe ${where}: ${violations.length ? violations.map((v) => `${v.id} (${v.impact}) ×${v.targets.length}`).join(", ") : "no violation"}`
        )
        return violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .flatMap((v) =>
            v.targets.map((t) => `${where}: ${v.id} (${v.impact}) ${t}`)
          )
      }
      /** The visible links of the dashboard's sidebar whose path starts with /app/svc: [path, text]. */
      async function svcMenuLinks(): Promise<[string, string][]> {
        return page
          .locator("aside a[href^='/app/svc']:visible")
          .evaluateAll((as) =>
            as.map(
              (a) =>
                [
                  a.getAttribute("href") ?? "",
                  (a.textContent ?? "").trim(),
                ] as [string, string]
            )
          )
      }
      /** A paid FPX order of RM120.50, its payment captured. */
      const paidOrder = async () =>
        (await paidOrderOf(api, getContainer(), store, sb())).order

      it("svc payments: a payment that arrived after its order was canceled is listed for a refund", async () => {
        const { cartId, checkoutId } = await cartWithSession(
          api,
          store,
          SVC_PROVIDERS.wallet
        )
        sb().pay(checkoutId, { stopAt: "PROCESSING" })
        const done = await completeCart(api, store, cartId)
        await cancelOrderWorkflow(getContainer()).run({
          input: { order_id: done.order.id } as never,
        })
        sb().complete(checkoutId)
        await sb().flushWebhooks()
        await flaggedCheckoutRow(getContainer(), checkoutId)

        await page.goto(`${adminApp.url}/app/svc/payments`)
        const table = page.locator("[data-testid=svc-payments]")
        await table.getByText("refund_required").waitFor({ timeout: 30_000 })
        await table.getByRole("link", { name: done.order.id }).waitFor()
        await table.getByText("RM120.50").waitFor()
        expect(
          await axeProblems("svc/payments, a row needing attention")
        ).toEqual([])
        await shot("admin-svc-payments")
      })

      it("order page: the svc payment widget, and a refund to the buyer's bank through Select, a confirmation and a toast", async () => {
        const order = await paidOrder()
        await page.goto(`${adminApp.url}/app/orders/${order.id}`)
        const widget = page.locator("[data-testid=svc-payment]")
        await widget.getByText("COMPLETED").first().waitFor({ timeout: 60_000 })
        // the payment reference the buyer saw on svc's page, for an admin the buyer quotes it to
        expect(
          await widget
            .locator("[data-testid=svc-checkout-title]")
            .first()
            .textContent()
        ).toMatch(
          /^Shown to the buyer on svc's page as “Order [0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}”$/
        )
        await shot("admin-order-svc-payment")

        const panel = page.locator("[data-testid=svc-refunds]")
        await page.locator("#svc-refund-amount").fill("20.50")
        await page.locator("#svc-refund-name").fill("Siti Aminah")
        await choose("svc-refund-bank", /Malayan Banking/)
        await page.locator("#svc-refund-account").fill("5512345678")
        await choose("svc-refund-namecheck", /Loose/)
        await page.locator("#svc-refund-note").fill("damaged sleeve")
        await page.locator("#svc-refund-submit").click()
        // Prompt: nothing is sent before the confirmation
        await page.getByText("Refund RM20.50 to Siti Aminah?").waitFor()
        expect(Object.keys((sb().state() as any).payouts)).toHaveLength(0)
        await page.locator("#svc-refund-confirm").click()
        await page
          .locator(
            "[data-testid=svc-refund-result], [data-testid=svc-refund-error]"
          )
          .first()
          .waitFor({ timeout: 30_000 })
        expect(
          await page.locator("[data-testid=svc-refund-error]").count()
        ).toBe(0)
        await page.getByText("Refund sent").first().waitFor() // the toast
        await panel.getByText("RM20.50 → Siti Aminah").waitFor()
        const payouts = Object.values((sb().state() as any).payouts) as any[]
        expect(payouts).toHaveLength(1)
        expect(payouts[0].amount).toBe(2050)
        expect(await axeProblems("order widgets, a refund sent")).toEqual([])
        await panel.scrollIntoViewIfNeeded()
        await shot("admin-order-svc-refund", panel)
      })

      it("order page: Request payment for an order edit's balance shows the store's lasting link to copy (opened, it sends the buyer to svc's checkout), gives the same link again; paid, the balance is gone", async () => {
        const order = await paidOrder()
        const admin = await signInAsAdmin(getContainer(), svc.ref.medusaUrl)
        await editAdding(admin, order.id, store.variantId)
        const checkouts = () =>
          Object.keys((sb().state() as any).checkouts).length
        const before = checkouts()
        const earlier = new Set(Object.keys((sb().state() as any).checkouts))

        await page.goto(`${adminApp.url}/app/orders/${order.id}`)
        const balance = page.locator("[data-testid=svc-balance][data-due=true]")
        await balance
          .getByText("Balance due · RM120.50")
          .waitFor({ timeout: 60_000 })
        await choose("svc-balance-method", /svc wallet/)
        await page.locator("#svc-balance-request").click()
        const link = page.locator("#svc-balance-link")
        await link.waitFor({ timeout: 30_000 })
        const url = await link.inputValue()
        expect(
          url.startsWith(`${svc.ref.medusaUrl}/svc/pay/${order.id}/`)
        ).toBe(true)
        const made = Object.values((sb().state() as any).checkouts) as any[]
        expect(checkouts()).toBe(before + 1)
        const checkout = made.find((c) => !earlier.has(c.checkoutId))
        expect(checkout).toMatchObject({ amount: 12050, type: "SVC_ACCOUNT" })
        // the store's link sends the buyer on to that svc checkout
        const opened = await fetch(url, { redirect: "manual" })
        expect([opened.status, opened.headers.get("location")]).toEqual([
          303,
          expect.stringContaining(checkout.checkoutId),
        ])
        await balance
          .getByText(/The store's own link: it works until/)
          .waitFor()
        await page.getByText("Payment link made").first().waitFor() // the toast
        await shot("admin-order-svc-balance", balance)

        // New link while svc still has this one open: the same link, no second checkout
        await page
          .locator("#svc-balance-request", { hasText: "New link" })
          .click()
        await balance.getByText(/The same link was given again/).waitFor()
        expect(await link.inputValue()).toBe(url)
        expect(checkouts()).toBe(before + 1)
        await balance.getByText("Not sent to the customer yet").waitFor()
        await balance
          .getByText("Opened by the buyer 1× · last", { exact: false })
          .waitFor()
        // Send to customer: this app has no Notification Module, and the admin is told so (nothing sent)
        await page.locator("#svc-balance-send").click()
        await page.getByText("The link was not sent").first().waitFor()
        await balance
          .getByText(
            /no Notification Module with a provider for the email channel/
          )
          .waitFor()
        // Revoke link: the link stops working at once (its page says so), and Request payment makes a new one
        await page.locator("#svc-balance-revoke").click()
        await page.getByText("Payment link revoked").first().waitFor()
        await link.waitFor({ state: "detached" })
        expect((await fetch(url, { redirect: "manual" })).status).toBe(410)
        expect(
          await axeProblems("order widget, a payment link revoked")
        ).toEqual([])
        await page
          .locator("#svc-balance-request", { hasText: "Request payment" })
          .click()
        await link.waitFor({ timeout: 30_000 })
        expect(await link.inputValue()).not.toBe(url)
        expect(checkouts()).toBe(before + 1) // svc's checkout still open for the balance: the new link sends the buyer there

        // the buyer pays: the webhook captures it, and the order owes nothing
        sb().pay(checkout.checkoutId)
        await waitFor(
          async () => {
            await page.reload()
            await page
              .locator("[data-testid=svc-balance]")
              .waitFor({ state: "attached", timeout: 30_000 })
            return (
              (await page
                .locator("[data-testid=svc-balance]")
                .getAttribute("data-due")) === "false"
            )
          },
          "the balance gone from the order page",
          60_000
        )
      })

      it("svc settlements: a withdrawal through Select and a confirmation, then the finance export downloads a CSV", async () => {
        await paidOrder()
        await page.goto(`${adminApp.url}/app/svc/settlements`)
        await page
          .locator("[data-testid=svc-wallet-balance]")
          .waitFor({ timeout: 60_000 })
        await choose("svc-wd-account", /Malayan Banking|••••5678/)
        await page.locator("#svc-wd-amount").fill("150.25")
        await page.locator("#svc-wd-reference").fill("Nov settlement")
        await page.locator("#svc-wd-submit").click()
        await page.getByText("Withdraw RM150.25?").waitFor()
        await page.locator("#svc-wd-confirm").click()
        await page
          .locator("[data-testid=svc-wd-result], [data-testid=svc-wd-error]")
          .first()
          .waitFor({ timeout: 30_000 })
        expect(await page.locator("[data-testid=svc-wd-error]").count()).toBe(0)
        await page.getByRole("cell", { name: "Nov settlement" }).waitFor()
        const made = Object.values(
          (sb().state() as any).fiatWithdrawals
        ) as any[]
        expect(made.filter((w) => w.amount === 15025)).toHaveLength(1)
        expect(await axeProblems("svc/settlements, a withdrawal sent")).toEqual(
          []
        )
        await shot("admin-svc-settlements")

        const today = new Date(Date.now() + 8 * 3600_000)
          .toISOString()
          .slice(0, 10)
        await page.locator("#svc-export-from").fill(today)
        await page.locator("#svc-export-to").fill(today)
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.locator("#svc-export").click(),
        ])
        expect(download.suggestedFilename()).toBe(
          `svc-settlement-${today}-to-${today}.csv`
        )
        const csv = readFileSync((await download.path())!, "utf8")
        expect(csv.split("\r\n")[0]).toMatch(
          /^day,kind,direction,order_id,svc_id/
        )
        expect(csv).toMatch(/,checkout,in,order_/)
        expect(csv).toMatch(/,fiat_withdrawal,out,.*,15025,150\.25,/)
        await page.getByText("Finance export downloaded").first().waitFor()

        // a bad period is refused with the field named, in a toast
        await page.locator("#svc-export-from").fill("2026-12-31")
        await page.locator("#svc-export-to").fill("2026-01-01")
        await page.locator("#svc-export").click()
        await page.getByText("to: must be after from").waitFor()
      })

      it("Settings → svc connection: every check with its result, the webhook URL with a copy button", async () => {
        await page.goto(`${adminApp.url}/app/settings`)
        await page.getByRole("link", { name: "svc connection" }).click()
        await page.waitForURL(/\/app\/settings\/svc-doctor/)
        const summary = page.locator("[data-testid=svc-doctor-summary]")
        await summary.waitFor({ timeout: 60_000 })
        // green, or amber while no checkout webhook has arrived yet (webhooks of earlier tests may still land)
        expect(["ok", "warn"]).toContain(
          await summary.getAttribute("data-level")
        )
        for (const id of [
          "api_key",
          "account_status",
          "clock",
          "features",
          "environment",
          "rate",
        ]) {
          expect(
            await page
              .locator(`[data-testid=svc-check-${id}]`)
              .getAttribute("data-level")
          ).toBe("ok")
        }
        await page.locator("[data-testid=svc-check-webhooks]").waitFor()
        expect(
          await page.locator("[data-testid=svc-webhook-url]").textContent()
        ).toMatch(
          /^http:\/\/127\.0\.0\.1:\d+\/hooks\/svc\?token=[A-Za-z0-9_-]{43}$/
        ) // the generated token
        // not required yet: the admin can require it from here, the counts of requests with and without it beside it
        expect(
          await page.locator("#svc-webhook-token-require").textContent()
        ).toBe("Require the token")
        expect(
          await page
            .locator("[data-testid=svc-webhook-token-counts]")
            .textContent()
        ).toMatch(/^Last 24 h: \d+ requests with the token, \d+ without/)
        await page
          .getByText("none yet: register the URL above")
          .first()
          .waitFor()
        const body = (await page.locator("body").textContent()) ?? ""
        expect(body).not.toContain(svc.env.SVC_API_KEY)
        await shot("admin-svc-doctor")

        // red: svc refuses the account
        sb().setAccountStatus("FROZEN" as never)
        try {
          await page.locator("#svc-doctor-recheck").click()
          await page
            .locator("[data-testid=svc-doctor-summary][data-level=fail]")
            .waitFor()
          await page
            .getByText(/blocks every money-moving route/)
            .first()
            .waitFor()
        } finally {
          sb().setAccountStatus("ACTIVE" as never)
        }
      })

      it("the main menu: one svc entry, the svc pages beneath it (and Settings → svc connection under Settings)", async () => {
        await page.goto(`${adminApp.url}/app/orders`)
        await page
          .locator("aside a[href='/app/svc']")
          .first()
          .waitFor({ timeout: 60_000 })
        // closed: the one entry, beside Orders and Products
        expect(await svcMenuLinks()).toEqual([["/app/svc", "svc"]])
        const menu = await page
          .locator("aside a:visible")
          .evaluateAll((as) => as.map((a) => (a.textContent ?? "").trim()))
        expect(menu.filter((t) => /^svc/i.test(t))).toEqual(["svc"])
        expect(menu).toEqual(
          expect.arrayContaining(["Orders", "Products", "svc"])
        )

        // opened: the svc pages beneath it, in order, inside the svc entry's own nested list
        await page.locator("aside a[href='/app/svc']:visible").click()
        await page
          .locator("[data-testid=svc-overview] h1")
          .waitFor({ timeout: 60_000 })
        const beneath = SVC_MENU.map((p) => `/app/svc/${p}`)
        await page.locator(`aside a[href='${beneath[0]}']:visible`).waitFor()
        expect((await svcMenuLinks()).map(([href]) => href)).toEqual([
          "/app/svc",
          ...beneath,
        ])
        const entry = page
          .locator("aside a[href='/app/svc']:visible")
          .locator(`xpath=ancestor::div[.//a[@href='${beneath[0]}']][1]`)
        expect(
          await entry
            .locator("a:visible")
            .evaluateAll((as) => as.map((a) => a.getAttribute("href")))
        ).toEqual(["/app/svc", ...beneath])
        expect(await page.locator("aside a[href^='/app/svc-']").count()).toBe(0) // the old one-entry-per-page paths
        // this store runs its jobs by hand (intervals 0): the overview says so, with the option to set
        await page
          .locator("[data-testid=svc-overview-jobs]")
          .waitFor({ timeout: 60_000 })
        expect(
          await page
            .locator("[data-testid=svc-overview-job-svc-watch-checkouts]")
            .getAttribute("data-level")
        ).toBe("warn")
        expect(
          await page.locator("[data-testid=svc-overview-jobs]").textContent()
        ).toMatch(
          /Reconciliation job: switched off \(reconcileEveryMinutes: 0\).*Set the provider option `reconcileEveryMinutes`.*Checkout watcher: switched off/
        )
        await shot("admin-menu")

        // every page beneath opens from the menu; the connection doctor stays under Settings
        for (const p of SVC_MENU) {
          await page.locator(`aside a[href='/app/svc/${p}']:visible`).click()
          await page.waitForURL(new RegExp(`/app/svc/${p}$`))
          await page
            .locator("[data-svc-admin] h1")
            .first()
            .waitFor({ timeout: 60_000 })
        }
        await page.goto(`${adminApp.url}/app/settings`)
        await page
          .getByRole("link", { name: "svc connection" })
          .waitFor({ timeout: 60_000 })
      })

      it("accessibility: no serious or critical WCAG 2.1 A/AA violation (axe-core) in the plugin's markup on any svc page or order widget; the other svc admin pages (when present) open without an error", async () => {
        const order = await paidOrder() // a captured payment: the refund form, with its Selects, is shown
        const problems: string[] = []
        const pages = routePages()
        expect(pages).toEqual(
          expect.arrayContaining([
            "svc",
            ...SVC_MENU.map((p) => `svc/${p}`),
            "settings/svc-doctor",
          ])
        )
        const others = otherPages()
        for (const p of pages) {
          await page.goto(`${adminApp.url}/app/${p}`)
          await page
            .locator("[data-svc-admin] h1")
            .first()
            .waitFor({ timeout: 60_000 })
          // the pages of other agents: rendered, not Medusa's error page nor an error of their own
          if (others.includes(p)) {
            await page
              .locator("main h1, main h2")
              .first()
              .waitFor({ timeout: 60_000 })
            const text = (await page.locator("main").textContent()) ?? ""
            expect({
              page: p,
              error: /An error occurred|Something went wrong/i.test(text),
            }).toEqual({ page: p, error: false })
          }
          // the doctor's "Check again" shows Medusa UI's loading state (its words hidden) while svc is asked: scanned once answered
          if (p === "settings/svc-doctor")
            await page
              .locator("[data-testid=svc-doctor-summary]")
              .waitFor({ timeout: 60_000 })
          if (p === "svc")
            await page
              .locator("[data-testid=svc-overview-jobs]")
              .waitFor({ timeout: 60_000 })
          problems.push(...(await axeProblems(p)))
        }
        await page.goto(`${adminApp.url}/app/orders/${order.id}`)
        await page
          .locator("[data-testid=svc-payment]")
          .getByText("COMPLETED")
          .first()
          .waitFor({ timeout: 60_000 })
        await page.locator("#svc-refund-amount").waitFor()
        problems.push(...(await axeProblems("order widgets")))
        expect(problems).toEqual([])
        console.log(
          `other svc admin pages opened: ${others.join(", ") || "none"}`
        )
      })

      it("in Chinese (Medusa's profile language): no English word of the plugin's catalogue on any svc page, the order widgets or the svc menu, the server's sentences included (a doctor warning, an attention reason, a refused refund, an event's detail, a status history's detail, check-missed's answer, a refused form value); dates in Chinese; a language the plugin does not ship shows English", async () => {
        const paid = await paidOrderOf(api, getContainer(), store, sb())
        const order = paid.order
        // a payment that arrived after its order was canceled: listed with its reason, which the server wrote in English
        const late = await cartWithSession(api, store, SVC_PROVIDERS.wallet)
        sb().pay(late.checkoutId, { stopAt: "PROCESSING" })
        const lateOrder = (await completeCart(api, store, late.cartId)).order
        await cancelOrderWorkflow(getContainer()).run({
          input: { order_id: lateOrder.id } as never,
        })
        sb().complete(late.checkoutId)
        await sb().flushWebhooks()
        await flaggedCheckoutRow(getContainer(), late.checkoutId)
        // a cart paid on svc before the storefront completed it: the webhook places the order, and the checkout's status history says so
        const byWebhook = await cartWithSession(api, store, SVC_PROVIDERS.fpx)
        sb().pay(byWebhook.checkoutId)
        await sb().flushWebhooks()
        const placed = await waitFor(
          () => orderOfCart(getContainer(), byWebhook.cartId),
          "the order the webhook placed",
          60_000
        )
        // as an admin does it: Settings → Profile → Edit → Language (Medusa's i18next keeps it in the browser: cookie and localStorage "lng")
        await page.goto(`${adminApp.url}/app/settings/profile/edit`)
        await page
          .locator("[role=dialog] button[role=combobox]")
          .click({ timeout: 60_000 })
        await page.getByRole("option", { name: "简体中文" }).click()
        await page.locator("[role=dialog] button[type=submit]").click()
        await page.waitForFunction(
          () => localStorage.getItem("lng") === "zhCN",
          undefined,
          { timeout: 30_000 }
        )

        /** The visible text nodes and the names (aria-label, placeholder, title) inside the plugin's roots, and the svc menu's entries, that are English of the catalogue. */
        const english = async (where: string) => {
          await page
            .waitForLoadState("networkidle", { timeout: 10_000 })
            .catch(() => undefined)
          const texts = await page.evaluate(() => {
            const out: string[] = []
            for (const root of Array.from(
              document.querySelectorAll(
                "[data-svc-admin], aside a[href^='/app/svc'], a[href='/app/settings/svc-doctor']"
              )
            )) {
              const walker = document.createTreeWalker(
                root,
                NodeFilter.SHOW_TEXT
              )
              for (let n = walker.nextNode(); n; n = walker.nextNode()) {
                const el = n.parentElement
                if (el && el.getClientRects().length && n.textContent?.trim())
                  out.push(n.textContent.trim())
              }
              for (const el of Array.from(
                root.querySelectorAll("[aria-label], [placeholder], [title]")
              ))
                for (const a of ["aria-label", "placeholder", "title"])
                  if (el.getAttribute(a)?.trim())
                    out.push(el.getAttribute(a)!.trim())
            }
            return out
          })
          expect(texts.length).toBeGreaterThan(0)
          return texts.flatMap((t) =>
            ENGLISH.filter(([, re]) => re.test(t)).map(
              ([k]) => `${where}: "${t}" (${k})`
            )
          )
        }

        const found: string[] = []
        for (const p of routePages()) {
          await page.goto(`${adminApp.url}/app/${p}`)
          await page
            .locator("[data-svc-admin] h1")
            .first()
            .waitFor({ timeout: 60_000 })
          if (p === "settings/svc-doctor")
            await page
              .locator("[data-testid=svc-doctor-summary]")
              .waitFor({ timeout: 60_000 })
          expect({
            page: p,
            chinese: /[\u4e00-\u9fff]/.test(
              (await page.locator("[data-svc-admin]").first().textContent()) ??
                ""
            ),
          }).toEqual({ page: p, chinese: true })
          found.push(...(await english(p)))
          // the server's sentences, each in Chinese: the jobs switched off (a doctor warning), the reason a payment needs an admin
          if (p === "svc")
            expect(
              await page
                .locator("[data-testid=svc-overview-jobs]")
                .textContent()
            ).toMatch(
              /对账任务: 已关闭（reconcileEveryMinutes: 0）；没有运行记录/
            )
          if (p === "settings/svc-doctor")
            expect(
              await page
                .locator("[data-testid=svc-check-job_watch]")
                .textContent()
            ).toMatch(
              /已关闭（watchEverySeconds: 0）.*请将服务商选项 `watchEverySeconds`/
            )
          if (p === "svc/payments")
            await page
              .locator("[data-testid=svc-payments]")
              .getByText(`订单 ${lateOrder.id} 取消后才付款；请退款给买家。`)
              .waitFor({ timeout: 30_000 })
        }
        /** An admin route called as the page does (the admin's session cookie). */
        const adminFetch = (path: string, body?: unknown) =>
          page.evaluate(
            async ([path, body]) => {
              const init =
                body === undefined
                  ? {}
                  : {
                      method: "POST",
                      headers: { "content-type": "application/json" },
                      body: JSON.stringify(body),
                    }
              const r = await fetch(path as string, {
                credentials: "include",
                ...init,
              })
              return { status: r.status, body: await r.json() }
            },
            [path, body] as const
          )
        // check-missed on the deposits page: a hash Medusa's validator refuses, then a missed deposit's; the answers in Chinese
        const account = (await adminFetch("/admin/svc/bank-accounts?limit=100"))
          .body.bank_accounts[0].id
        const trigger = (
          await adminFetch(
            `/admin/svc/bank-accounts/${account}/trigger-address`,
            {}
          )
        ).body.trigger_address.address
        const missed = sb().simulateDeposit({
          area: "WALLET",
          triggerAddress: trigger,
          from: `0x${"5a".repeat(20)}`,
          amountSen: 110000,
          undetected: true,
        }) as any
        await page.goto(`${adminApp.url}/app/svc/deposits`)
        const checkMissed = page.locator("form", {
          has: page.locator("#svc-dep-missed-tx"),
        })
        await page
          .locator("#svc-dep-missed-tx")
          .fill("0x12", { timeout: 60_000 })
        await choose("svc-dep-missed-network", /Ethereum Sepolia/)
        await checkMissed.locator("button[type=submit]").click()
        await page
          .getByText(
            "请求无效：tx_hash：必须是 EVM 交易哈希：0x 后跟 64 个十六进制字符（补查仅支持 EVM；无法检查 Solana 签名）"
          )
          .first()
          .waitFor({ timeout: 30_000 })
        await page.locator("#svc-dep-missed-tx").fill(missed.txHash)
        await checkMissed.locator("button[type=submit]").click()
        await page
          .getByText(
            "QUEUED: svc 已接受该交易进行处理：其存款将在几分钟内以事件形式到达（请勿重复提交）。"
          )
          .first()
          .waitFor({ timeout: 30_000 })
        found.push(...(await english("svc/deposits, check-missed")))
        // the missed deposit's events, processed: each one's detail in Chinese on the events page
        await sb().flushWebhooks()
        const details = page
          .locator("[data-svc-admin] td")
          .filter({ hasText: /^(事件称 \S+；)?svc 显示 / })
        await waitFor(
          async () => {
            await page.goto(`${adminApp.url}/app/svc/events`)
            await page
              .locator("[data-svc-admin] h1")
              .first()
              .waitFor({ timeout: 60_000 })
            await page
              .waitForLoadState("networkidle", { timeout: 10_000 })
              .catch(() => undefined)
            return (await details.count()) > 0
          },
          "the missed deposit's events, with their details in Chinese",
          60_000
        )
        found.push(...(await english("svc/events, a deposit's events")))

        // the svc menu, opened, in Chinese
        await page.goto(`${adminApp.url}/app/svc`)
        await page
          .locator(`aside a[href='/app/svc/payments']:visible`)
          .waitFor({ timeout: 60_000 })
        expect(Object.fromEntries(await svcMenuLinks())).toMatchObject({
          "/app/svc": "svc",
          "/app/svc/payments": "付款",
          "/app/svc/settlements": "结算",
        })
        found.push(...(await english("svc menu")))

        await page.goto(`${adminApp.url}/app/orders/${order.id}`)
        const widget = page.locator("[data-testid=svc-payment]")
        await widget.getByText("COMPLETED").first().waitFor({ timeout: 60_000 })
        await page.locator("#svc-refund-amount").waitFor()
        await widget.getByRole("heading", { name: "svc 付款" }).waitFor()
        expect(
          await widget
            .locator("[data-testid=svc-checkout-title]")
            .first()
            .textContent()
        ).toMatch(/^在 svc 付款页面向买家显示为“Order /)
        expect(await widget.textContent()).toMatch(/\d{4}\/\d{1,2}\/\d{1,2}/) // the status history's moments, as zh-CN writes them
        found.push(...(await english("order widgets")))
        await shot("admin-order-svc-zhCN")
        // the order the webhook placed: its status history's detail in Chinese
        await page.goto(`${adminApp.url}/app/orders/${placed.id}`)
        await page
          .locator("[data-testid=svc-payment]")
          .getByText(`订单 ${placed.id} 已由 webhook 下单`, { exact: false })
          .waitFor({ timeout: 60_000 })
        found.push(
          ...(await english("order widgets, an order the webhook placed"))
        )
        await page.goto(`${adminApp.url}/app/orders/${order.id}`)
        await page.locator("#svc-refund-amount").waitFor({ timeout: 60_000 })
        // a refund of more than was paid: refused by the server in English, with its code, shown in Chinese
        const payouts = () => Object.keys((sb().state() as any).payouts).length
        const payoutsBefore = payouts()
        await page.locator("#svc-refund-amount").fill("500.00")
        await page.locator("#svc-refund-name").fill("Siti Aminah")
        await choose("svc-refund-bank", /Malayan Banking/)
        await page.locator("#svc-refund-account").fill("5512345678")
        await page.locator("#svc-refund-submit").click()
        await page.locator("#svc-refund-confirm").click()
        const refusedRefund = page.locator("[data-testid=svc-refund-error]")
        await refusedRefund.waitFor({ timeout: 30_000 })
        expect(await refusedRefund.textContent()).toBe(
          "amount：最多可退款 RM120.50（已收款 RM120.50，已退款 RM0.00，正在发送的出款 RM0.00）；收到 RM500.00"
        )
        expect(payouts()).toBe(payoutsBefore) // nothing was sent
        found.push(...(await english("order widgets, a refund refused")))
        // a form value Medusa's validator refuses (an account number with a dash): its "Invalid request: …" and the plugin's rule, in Chinese
        await page.locator("#svc-refund-amount").fill("10.00")
        await page.locator("#svc-refund-account").fill("5512-345678")
        await page.locator("#svc-refund-submit").click()
        await page.locator("#svc-refund-confirm").click()
        await page
          .locator("[data-testid=svc-refund-error]", { hasText: "请求无效" })
          .waitFor({ timeout: 30_000 })
        expect(await refusedRefund.textContent()).toBe(
          "请求无效：beneficiary.account_number：必须是 6-20 位数字，不含空格或连字符"
        )
        expect(payouts()).toBe(payoutsBefore)
        found.push(...(await english("order widgets, a form value refused")))
        // the same refusal as the API answers it: the English for API users and logs, the code and values beside it
        const refund = (amount: string, account: string) =>
          adminFetch("/admin/svc/refunds", {
            payment_id: paid.paymentId,
            amount,
            beneficiary: {
              name: "Siti Aminah",
              bank_code: "MBBEMYKL",
              account_number: account,
            },
          })
        const answer = await refund("500.00", "5512345678")
        expect(answer).toMatchObject({
          status: 400,
          body: {
            message:
              "amount: at most RM120.50 can be refunded (captured RM120.50, refunded RM0.00, payouts still being sent RM0.00); got RM500.00",
            message_code: "refund.tooMuch",
            message_params: {
              left: "120.50",
              captured: "120.50",
              refunded: "0.00",
              open: "0.00",
              amount: "500.00",
            },
          },
        })
        // and the refused value as the API answers it: Medusa's English naming the field and the rule, the code beside it
        expect(await refund("10.00", "5512-345678")).toMatchObject({
          status: 400,
          body: {
            message:
              "Invalid request: beneficiary.account_number: must be 6-20 digits, no spaces or dashes",
            message_code: "input.invalid",
            message_params: {
              problems:
                "beneficiary.account_number: must be 6-20 digits, no spaces or dashes",
            },
          },
        })
        expect(found).toEqual([])

        // a language the plugin has no words for (Japanese, which Medusa's admin offers; Malay, which it does not): the plugin's English
        for (const lng of ["ja", "ms"]) {
          await page.evaluate((l) => {
            localStorage.setItem("lng", l)
            document.cookie = `lng=${l}; path=/`
          }, lng)
          await page.goto(`${adminApp.url}/app/svc/payments`)
          await page
            .locator("[data-svc-admin] h1", {
              hasText: "svc payments needing attention",
            })
            .waitFor({ timeout: 60_000 })
        }
      })
    })
  },
})
