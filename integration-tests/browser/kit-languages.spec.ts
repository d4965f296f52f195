// The storefront kit in English, Bahasa Malaysia and Simplified Chinese, in chromium, against a
// real Medusa app and the svc sandbox (kit-harness.tsx: `&lang=` is the page's <html lang>, the
// kit's default locale; `&locale=` its prop). Each state of the kit rendered in each language
// with axe-core clean and, in Malay and Chinese, no English sentence or word of the kit's left;
// the keyboard journey in Malay; the bank remembered on this device, and said when offline.
import { svcIntegrationRunner } from "../helpers/runner"
import type { Page } from "playwright-core"
import { en } from "../../packages/storefront/src/i18n/en"
import { ms } from "../../packages/storefront/src/i18n/ms"
import { useSvcSandbox } from "../helpers/svc-env"
import { editAdding, signInAsAdmin } from "../helpers/admin"
import {
  capturedWithCartLocked,
  cartWithSession,
  createCart,
  paidOrder,
  payWithWebhooksLost,
  seedStore,
  SVC_PROVIDERS,
  type Store,
} from "../helpers/store"
import {
  describeInChromium,
  launchBrowser,
  docsShot,
} from "../../testing/browser"
import { fpxStarted, useKitHarness } from "./kit-components"
import {
  axeFindings,
  blocking,
  KIT_ROOTS,
  recordFindings,
  type AxeFinding,
} from "./a11y"

jest.setTimeout(240_000)

const svc = useSvcSandbox()
const kit = useKitHarness(svc)

const describeBrowser = describeInChromium()

const LANGS = ["en", "ms", "zh-CN"] as const
type Lang = (typeof LANGS)[number]
/** Words that are names, not English: the brand, the scheme, the currency, svc's bank-type codes. */
const NAMES = ["svc", "FPX", "RM", "MYR", "RETAIL", "CORPORATE"]

/** Lower-case words of three letters or more. */
const words = (s: string) => s.toLowerCase().match(/[a-z][a-z']{2,}/g) ?? []
/** Words of the English catalogue that Malay never uses (the Malay render must hold none). */
const ENGLISH_ONLY = new Set(
  words(Object.values(en).join(" ")).filter(
    (w) =>
      !new Set(words(Object.values(ms).join(" ") + " " + NAMES.join(" "))).has(
        w
      )
  )
)
/** The English catalogue's sentences as fragments between placeholders, of two words or more. */
const ENGLISH_FRAGMENTS = Object.values(en)
  .flatMap((m) => m.split(/\{\w+\}/))
  .map((f) => f.trim())
  .filter((f) => (f.match(/[A-Za-z]+/g) ?? []).length >= 2)

/** Everything a shopper can read or hear in the kit's markup: text, and titles, labels, placeholders. */
const kitText = (p: Page) =>
  p.evaluate((roots) => {
    const out: string[] = []
    for (const root of Array.from(
      document.querySelectorAll<HTMLElement>(roots)
    )) {
      out.push(root.innerText)
      for (const el of Array.from(
        root.querySelectorAll("[title],[aria-label],[placeholder],img[alt]")
      ))
        for (const a of ["title", "aria-label", "placeholder", "alt"])
          if (el.getAttribute(a)) out.push(el.getAttribute(a)!)
    }
    return out.join("\n")
  }, KIT_ROOTS)

/**
 * English left in a Malay or Chinese render: any sentence fragment of the English catalogue, and
 * (the names taken out: banks, the payment reference, svc, FPX, RM) in Malay any word only English
 * uses, in Chinese any Latin word at all.
 */
function englishLeft(text: string, lang: Lang, bankNames: string[]): string[] {
  if (lang === "en") return []
  const left = ENGLISH_FRAGMENTS.filter((f) => text.includes(f)).map(
    (f) => `“${f}”`
  )
  let rest = text
  for (const n of [...bankNames].sort((a, b) => b.length - a.length))
    rest = rest.split(n).join(" ")
  rest = rest.replace(/“[^”]*”/g, " ") // the shopper's own search, quoted back
  rest = rest.replace(
    /[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/g,
    " "
  )
  for (const n of NAMES) rest = rest.replace(new RegExp(`\\b${n}\\b`, "g"), " ")
  const latin = rest.match(/[A-Za-z][A-Za-z']+/g) ?? []
  return [
    ...left,
    ...(lang === "zh-CN"
      ? latin
      : latin.filter((w) => ENGLISH_ONLY.has(w.toLowerCase()))),
  ]
}

svcIntegrationRunner({
  inApp: true,
  env: svc.env,
  testSuite: ({ api, getContainer }) => {
    describeBrowser("the storefront kit in three languages (chromium)", () => {
      let store: Store
      let browser: Awaited<ReturnType<typeof launchBrowser>>
      let bankNames: string[]

      beforeAll(async () => {
        browser = await launchBrowser()
        // before the runner's snapshot (its first beforeEach): every test's database has this store
        store = await seedStore(getContainer())
        kit.config.publishableKey = store.publishableKey
        const { data } = await api.get(
          "/store/svc/fpx-banks?include_inactive=true",
          store.headers
        )
        bankNames = [...data.retail, ...data.corporate].map(
          (b: { name: string }) => b.name
        )
      })
      afterAll(async () => {
        await browser?.close()
      })
      beforeEach(() => svc.ref.sandbox.control.clearFaults())

      const newPage = async () => {
        const p = await browser.context.newPage()
        p.on("pageerror", (e) => console.error(`page error: ${e.message}`))
        await p.setViewportSize({ width: 1280, height: 800 })
        return p
      }
      const url = (lang: Lang, q: string) => `${kit.url}/?lang=${lang}&${q}`
      const shoot = (p: Page, selector: string, name: string) =>
        docsShot(p, selector, "languages", name)

      /**
       * What a test over the kit in three languages collects (axe-core's findings, the English left
       * in Malay and Chinese, each state's text) on a page per language, and its verdict.
       */
      const languageRun = async () => {
        const rows: (AxeFinding & { state: string; size: string })[] = []
        const left: string[] = []
        const seen = new Map<string, string>()
        const pages = Object.fromEntries(
          await Promise.all(
            LANGS.map(async (l) => [l, await newPage()] as const)
          )
        ) as Record<Lang, Page>
        return {
          pages,
          left,
          seen,
          axe: async (p: Page, state: string, size: string) => {
            rows.push(
              ...(await axeFindings(p)).map((f) => ({ ...f, state, size }))
            )
          },
          words: (lang: Lang, state: string, text: string) => {
            left.push(
              ...englishLeft(text, lang, bankNames).map(
                (w) => `${lang} ${state}: ${w}`
              )
            )
            seen.set(`${lang} ${state}`, text)
          },
          close: async () => {
            for (const p of Object.values(pages)) await p.close()
          },
          /** The verdict: no blocking finding, no English left, every state of `changed` languages not the English one. */
          verdict: (what: string, name: string, changed: RegExp, cut = 300) => {
            console.log(
              `axe-core over ${what} in three languages (${rows.length} findings):\n${recordFindings(name, rows)}`
            )
            for (const [k, v] of seen)
              if (!k.startsWith("en "))
                console.log(`${k}: ${v.replace(/\n/g, " | ").slice(0, cut)}`)
            expect(
              blocking(rows).map(
                (f) =>
                  `${f.size} ${f.state}: ${f.rule} (${f.impact}) at ${f.target}: ${f.help}`
              )
            ).toEqual([])
            expect(left).toEqual([])
            expect(
              [...seen.keys()].filter(
                (k) =>
                  changed.test(k) &&
                  seen.get(k) === seen.get(k.replace(/^\S+/, "en"))
              )
            ).toEqual([]) // every state changed language
          },
        }
      }

      it("every state of the kit in English, Malay and Chinese, at 1280 px and on a 390 px phone: axe-core clean (on the phone in all three, at 1280 px in English), no sideways scrolling, no English left in Malay and Chinese; amounts in the locale's format; screenshots", async () => {
        const run = await languageRun()
        const { pages, left, seen } = run
        const check = async (lang: Lang, state: string) => {
          const p = pages[lang]
          // axe-core at 1280 px in English; on the phone's width below in every language. What a
          // language changes (the page's lang, every name and label) axe reads the same at either
          // width, and what the width changes (what is laid out, hidden or wrapped) does not depend
          // on the words; each run costs ~1 s of CPU (72 runs before: docs/testing.md, "How long").
          if (lang === "en") await run.axe(p, state, `${lang} 1280×800`)
          // the same state on a 390 px phone's width: axe-core again, and nothing wider than the screen
          await p.setViewportSize({ width: 390, height: 844 })
          await run.axe(p, state, `${lang} 390×844`)
          const wide = await p.evaluate(
            () => document.documentElement.scrollWidth
          )
          if (wide > 390)
            left.push(
              `${lang} ${state}: the page is ${wide} px wide on a 390 px phone`
            )
          await p.setViewportSize({ width: 1280, height: 800 })
          run.words(lang, state, await kitText(p))
        }
        const each = async (
          state: string,
          open: (p: Page, lang: Lang) => Promise<void>
        ) => {
          for (const lang of LANGS) {
            await open(pages[lang], lang)
            await check(lang, state)
          }
        }
        try {
          const { cartId } = await createCart(api, store)
          const big = await createCart(api, store, { quantity: 250 }) // RM30,125: over personal banking's cap
          const options = async (p: Page, lang: Lang, cart = cartId) => {
            await p.goto(url(lang, `c=options&remember=0&cart_id=${cart}`))
            await p.locator("#svc-method-wallet").waitFor()
          }
          await each("payment options", (p, l) => options(p, l))
          const direct = async (p: Page, lang: Lang) => {
            await options(p, lang)
            await p.locator("#svc-method-fpx-direct").check()
            await p.locator("#svc-bank-MBB0228").waitFor()
          }
          await each("FPX direct, personal banking", direct)
          await each("FPX direct, corporate banking", async (p, l) => {
            await direct(p, l)
            await p.locator("#svc-tab-corporate").click()
            await p.locator("#svc-bank-RHB0218B").waitFor()
          })
          await each("FPX direct, a search", async (p, l) => {
            await direct(p, l)
            await p.locator("#svc-banks-search").fill("may")
            await p.locator("#svc-bank-AMBB0209").waitFor({ state: "detached" })
          })
          await each(
            "FPX direct, a search hiding the chosen bank",
            async (p, l) => {
              await direct(p, l)
              await p.locator("#svc-bank-MBB0228").check()
              await p.locator("#svc-banks-search").fill("zz")
              await p
                .locator("#svc-bank-MBB0228")
                .waitFor({ state: "detached" })
            }
          )
          await each("FPX direct ready to pay", async (p, l) => {
            await direct(p, l)
            await p.locator("#svc-bank-MBB0228").check()
            await p.locator("#svc-buyer-name").fill("Siti Aminah")
            await p.locator("#svc-pay:not([disabled])").waitFor()
            if (l !== "en")
              await shoot(p, ".svc-payment", `storefront-pay-step-${l}`)
          })
          await each("over the personal-banking cap", async (p, l) => {
            await options(p, l, big.cartId)
            await p.locator("#svc-method-fpx").check()
            await p.locator("#svc-fpx-cap").waitFor()
          })
          // the cap in each language, the amount as the locale writes it
          expect(await pages.en.locator("#svc-fpx-cap").textContent()).toBe(
            en.retailCap.replace("{cap}", "RM\u00a030,000")
          )
          expect(await pages.ms.locator("#svc-fpx-cap").textContent()).toBe(
            ms.retailCap.replace("{cap}", "RM\u00a030,000")
          )
          expect(
            await pages["zh-CN"].locator("#svc-fpx-cap").textContent()
          ).toMatch(/^FPX 个人银行每笔付款上限为 RM\u00a030,000；/)
          await each("FPX direct over the cap", async (p) => {
            await p.locator("#svc-method-fpx-direct").check()
            await p.locator("#svc-bank-RHB0218B").waitFor()
          })
          await each("a remembered bank now offline", async (p, l) => {
            await p.goto(url(l, "c=picker"))
            await p.evaluate(() =>
              localStorage.setItem(
                "svc-fpx-bank",
                JSON.stringify({
                  code: "HSBC0223",
                  bankType: "RETAIL",
                  name: "HSBC Bank",
                })
              )
            )
            await p.reload()
            await p.locator("#svc-remembered-bank").waitFor()
          })
          await pages.en.evaluate(() => localStorage.removeItem("svc-fpx-bank"))

          // the return page: failed (svc's reason), placing (paid, the order late), paid with the reference
          const failed = await cartWithSession(api, store, SVC_PROVIDERS.wallet)
          svc.ref.sandbox.control.fail(failed.checkoutId)
          await each("return: failed", async (p, l) => {
            await p.goto(url(l, `c=return&cart_id=${failed.cartId}`))
            await p.locator(".svc-return--failed").waitFor()
          })
          expect(seen.get("ms return: failed")).toBe(
            `${ms.notThrough.replace("{reason}", ms.failed)}`
          )
          const late = await cartWithSession(api, store, SVC_PROVIDERS.wallet)
          await payWithWebhooksLost(svc.ref.sandbox.control, late.checkoutId)
          const leaseEnds = await capturedWithCartLocked(
            getContainer(),
            late.session.id,
            late.cartId
          )
          for (const l of LANGS)
            await pages[l].goto(
              url(l, `c=return&cart_id=${late.cartId}&poll=250`)
            )
          await each("return: placing", (p) =>
            p.locator(".svc-return--placing").waitFor()
          )
          await leaseEnds()
          await each("return: paid", async (p, l) => {
            await p.locator(".svc-return--paid").waitFor({ timeout: 45_000 })
            await p.locator(".svc-payment-reference").waitFor()
            if (l !== "en")
              await shoot(p, ".svc-return", `storefront-return-paid-${l}`)
          })
          expect(seen.get("ms return: paid")).toMatch(
            /^Pembayaran diterima\. Terima kasih! Pesanan anda #\d+ telah dibuat\.\n+Rujukan pembayaran \(dipaparkan di halaman svc\): [0-9A-Z-]{14}$/
          )
          expect(seen.get("zh-CN return: paid")).toMatch(
            /^已收到付款，谢谢！您的订单 #\d+ 已生成。\n+付款参考编号（显示于 svc 页面）： [0-9A-Z-]{14}$/
          )
        } finally {
          await run.close()
        }
        run.verdict("the kit", "kit-languages-axe", /^ms /)
      })

      it("the return page's loading and awaiting states and the balance page's failed and paid in English, Malay and Chinese: axe-core clean, no English left", async () => {
        const run = await languageRun()
        const { pages, seen } = run
        // the text of the loading state as it is shown, before the outcome replaces it
        for (const p of Object.values(pages))
          await p.addInitScript(() => {
            new MutationObserver(() => {
              const el = document.querySelector<HTMLElement>(
                ".svc-return--loading"
              )
              if (el)
                (window as unknown as { loadingText: string }).loadingText =
                  el.innerText
            }).observe(document, { subtree: true, childList: true })
          })
        const record = async (lang: Lang, state: string, text?: string) => {
          const p = pages[lang]
          // a state already gone (loading) is checked for its words only
          if (text === undefined) await run.axe(p, state, lang)
          run.words(lang, state, text ?? (await kitText(p)))
        }
        try {
          // FPX hosted still processing at the bank: the order placed, svc still confirming
          const processing = await cartWithSession(
            api,
            store,
            SVC_PROVIDERS.fpx
          )
          svc.ref.sandbox.control.pay(processing.checkoutId, {
            stopAt: "PROCESSING",
          })
          for (const l of LANGS) {
            await pages[l].goto(url(l, `c=return&cart_id=${processing.cartId}`))
            await pages[l]
              .locator(".svc-return--awaiting")
              .waitFor({ timeout: 45_000 })
            await record(
              l,
              "return: loading",
              await pages[l].evaluate(
                () =>
                  (window as unknown as { loadingText?: string }).loadingText ??
                  ""
              )
            )
            await record(l, "return: awaiting")
          }
          expect(seen.get("ms return: loading")).toBe(ms.confirming)
          expect(seen.get("ms return: awaiting")).toMatch(
            /^Pesanan anda #\d+ telah dibuat; svc masih mengesahkan pembayaran anda\./
          )

          // an order's balance (the merchant's order edit adds a shirt): failed at svc, then paid
          const admin = await signInAsAdmin(getContainer(), svc.ref.medusaUrl)
          const { orderId } = await paidOrder(
            api,
            getContainer(),
            store,
            svc.ref.sandbox.control,
            { providerId: SVC_PROVIDERS.wallet }
          )
          await editAdding(admin, orderId, store.variantId)
          const startBalance = async () => {
            const p = pages.en
            await p.goto(url("en", `c=balance&order_id=${orderId}`))
            await p.locator("#pay-balance").click()
            await p.waitForFunction(() =>
              (
                document.querySelector("#started")?.textContent ?? ""
              ).startsWith("http")
            )
            const started = (await p.locator("#started").textContent())!
            const c = Object.values(
              (
                svc.ref.sandbox.control.state() as {
                  checkouts: Record<
                    string,
                    { checkoutId: string; redirectUrl: string }
                  >
                }
              ).checkouts
            ).find((x) => started.includes(x.checkoutId))!
            return {
              checkoutId: c.checkoutId,
              search: new URL(c.redirectUrl).search.slice(1),
            }
          }
          const first = await startBalance()
          svc.ref.sandbox.control.fail(first.checkoutId)
          for (const l of LANGS) {
            await pages[l].goto(url(l, `c=balance-return&${first.search}`))
            await pages[l]
              .locator(".svc-return--failed")
              .waitFor({ timeout: 45_000 })
            await record(l, "balance: failed")
          }
          expect(seen.get("zh-CN balance: failed")).toMatch(
            /^您的付款未成功：\S/
          )
          const second = await startBalance()
          svc.ref.sandbox.control.pay(second.checkoutId)
          for (const l of LANGS) {
            await pages[l].goto(url(l, `c=balance-return&${second.search}`))
            await pages[l]
              .locator(".svc-return--paid")
              .waitFor({ timeout: 45_000 })
            await record(l, "balance: paid")
          }
          expect(seen.get("ms balance: paid")).toMatch(
            /^Pembayaran diterima\. Terima kasih! Baki pesanan #\d+ telah dibayar\.$/
          )
        } finally {
          await run.close()
        }
        run.verdict(
          "the return and balance pages",
          "kit-languages-return-axe",
          /^(?!en )/,
          Infinity
        )
      })

      it("the keyboard journey in Malay (the page's <html lang=ms-MY>): FPX direct, the tabs, a bank found with the search box and arrows, the name, Bayar sekarang; focus visible at every stop", async () => {
        const page = await newPage()
        try {
          const { cartId } = await createCart(api, store)
          await page.goto(
            `${kit.url}/?lang=ms-MY&c=options&remember=0&cart_id=${cartId}`
          )
          await page.getByRole("radio", { name: "Dompet svc" }).waitFor()
          const stops: string[] = []
          const press = async (key: string) => {
            await page.keyboard.press(key)
            const f = await page.evaluate(() => {
              const el = document.activeElement as HTMLElement | null
              const ring = (e: Element | null) => {
                if (!e) return false
                const s = getComputedStyle(e)
                return (
                  (s.outlineStyle !== "none" &&
                    parseFloat(s.outlineWidth) > 0) ||
                  s.boxShadow !== "none"
                )
              }
              return {
                id: el?.id ?? "",
                visible:
                  !!el &&
                  el.matches(":focus-visible") &&
                  (ring(el) || ring(el.closest("label"))),
              }
            })
            stops.push(
              `${key}→${f.id || "?"}${f.visible ? "" : " (focus not visible)"}`
            )
            return f.id
          }
          expect(await press("Tab")).toBe("svc-method-wallet")
          await press("ArrowDown")
          expect(await press("ArrowDown")).toBe("svc-method-fpx-direct")
          await page.getByRole("searchbox", { name: "Cari bank" }).waitFor()
          expect(await press("Tab")).toBe("svc-tab-retail")
          expect(
            await page
              .getByRole("tab", { name: "Perbankan Peribadi" })
              .getAttribute("aria-selected")
          ).toBe("true")
          expect(
            await page
              .getByRole("tablist", { name: "Jenis perbankan internet" })
              .count()
          ).toBe(1)
          expect(await press("ArrowRight")).toBe("svc-tab-corporate")
          expect(
            await page
              .getByRole("tab", { name: "Perbankan Korporat" })
              .getAttribute("aria-selected")
          ).toBe("true")
          expect(await press("ArrowLeft")).toBe("svc-tab-retail")
          expect(await press("Tab")).toBe("svc-banks-search")
          await page.keyboard.type("may")
          await page.waitForFunction(
            () =>
              document.querySelector("#svc-banks-status")?.textContent ===
              "2 daripada 19 bank sepadan dengan “may”."
          )
          expect(await press("Tab")).toBe("svc-bank-MBB0228")
          await press("Space")
          expect(await press("ArrowDown")).toBe("svc-bank-MB2U0227")
          expect(await press("ArrowUp")).toBe("svc-bank-MBB0228")
          expect(await page.locator("#svc-bank-MBB0228").isChecked()).toBe(true)
          expect(await press("Tab")).toBe("svc-buyer-name")
          expect(
            await page
              .getByRole("textbox", { name: "Nama pemegang akaun" })
              .getAttribute("placeholder")
          ).toBe(ms.buyerNamePlaceholder)
          await page.keyboard.type("Siti Aminah")
          expect(await press("Tab")).toBe("svc-pay")
          expect(await page.locator("#svc-pay").textContent()).toBe(
            "Bayar sekarang"
          )
          expect(stops.filter((s) => s.includes("not visible"))).toEqual([])
          await page.keyboard.press("Enter")
          const session = await fpxStarted(page, api, cartId, store.headers)
          expect(session.data).toMatchObject({
            bank: "MBB0228",
            bankType: "RETAIL",
            buyerName: "Siti Aminah",
          })
          console.log(`keyboard journey in Malay: ${stops.join(", ")}`)
        } finally {
          await page.close()
        }
      })

      it("the bank remembered on this device: written when a payment starts, pre-selected with its type next time; off with rememberBank={false}; an offline or vanished bank not chosen and said why; a storage that refuses fails nothing", async () => {
        const page = await newPage()
        try {
          const first = await createCart(api, store)
          await page.goto(url("ms", `c=options&cart_id=${first.cartId}`))
          await page.evaluate(() => localStorage.clear())
          await page.locator("#svc-method-fpx-direct").check()
          await page.locator("#svc-tab-corporate").click()
          await page.locator("#svc-bank-RHB0218B").check()
          // nothing is written by choosing: only a started payment is remembered
          expect(
            await page.evaluate(() => localStorage.getItem("svc-fpx-bank"))
          ).toBeNull()
          await page.locator("#svc-buyer-name").fill("Syarikat Maju Sdn Bhd")
          await page.locator("#svc-pay").click()
          await page.waitForFunction(() =>
            (document.querySelector("#started")?.textContent ?? "").includes(
              "/fpx/"
            )
          )
          expect(
            JSON.parse(
              (await page.evaluate(() => localStorage.getItem("svc-fpx-bank")))!
            )
          ).toEqual({
            code: "RHB0218B",
            bankType: "CORPORATE",
            name: "RHB Reflex",
          })

          // a new cart on this device: FPX direct opens on the corporate tab with the bank chosen
          const second = await createCart(api, store)
          await page.goto(url("ms", `c=options&cart_id=${second.cartId}`))
          await page.locator("#svc-method-fpx-direct").check()
          await page.locator("#svc-bank-RHB0218B:checked").waitFor()
          expect(
            await page
              .locator("#svc-tab-corporate")
              .getAttribute("aria-selected")
          ).toBe("true")
          await page.locator("#svc-buyer-name").fill("Syarikat Maju Sdn Bhd")
          await page.waitForFunction(
            () =>
              JSON.parse(document.querySelector("#choice")?.textContent || "{}")
                .bankType === "CORPORATE"
          )
          expect(await page.locator("#svc-remembered-bank").count()).toBe(0)

          // turned off: nothing chosen, nothing said, nothing written
          await page.goto(
            url("ms", `c=options&remember=0&cart_id=${second.cartId}`)
          )
          await page.locator("#svc-method-fpx-direct").check()
          await page.locator("#svc-bank-MBB0228").waitFor()
          expect(
            await page.locator("input[id^=svc-bank-]:checked").count()
          ).toBe(0)
          expect(
            await page.locator("#svc-tab-retail").getAttribute("aria-selected")
          ).toBe("true")

          // the remembered bank offline now (HSBC's personal banking, offline at svc): not chosen, the reason said
          const remembered = (code: string, bankType: string, name: string) =>
            page.evaluate(
              (v) => localStorage.setItem("svc-fpx-bank", JSON.stringify(v)),
              { code, bankType, name }
            )
          await remembered("HSBC0223", "RETAIL", "HSBC Bank")
          await page.goto(url("ms", "c=picker"))
          await page.locator("#svc-remembered-bank").waitFor()
          expect(await page.locator("#svc-remembered-bank").textContent()).toBe(
            ms.rememberedOffline.replace("{bank}", "HSBC Bank")
          )
          expect(
            await page.locator("input[id^=svc-bank-]:checked").count()
          ).toBe(0)
          expect(await page.locator("#chosen").textContent()).toBe("")
          // choosing another bank: the sentence goes
          await page.locator("#svc-bank-MBB0228").check()
          await page
            .locator("#svc-remembered-bank")
            .waitFor({ state: "detached" })
          // in Chinese; and a bank svc no longer offers
          await page.goto(url("zh-CN", "c=picker"))
          await page.locator("#svc-remembered-bank").waitFor()
          expect(await page.locator("#svc-remembered-bank").textContent()).toBe(
            "您上次使用的银行 HSBC Bank 目前暂停服务；请选择其他银行。"
          )
          await remembered("ZZZ0999", "RETAIL", "Bank Lama")
          await page.goto(url("en", "c=picker"))
          await page.locator("#svc-remembered-bank").waitFor()
          expect(await page.locator("#svc-remembered-bank").textContent()).toBe(
            "Bank Lama, the bank you used last time, is not offered now; choose another bank."
          )
          expect(
            await page.locator("input[id^=svc-bank-]:checked").count()
          ).toBe(0)

          // a browser whose storage refuses to write (a full quota, Safari's private mode): the payment
          // starts all the same (a storage refusing to be read is the unit tests'; the SDK reads it too)
          const refusing = await newPage()
          await refusing.addInitScript(() => {
            Storage.prototype.setItem = () => {
              throw new DOMException(
                "The quota has been exceeded.",
                "QuotaExceededError"
              )
            }
          })
          const errors: string[] = []
          refusing.on("pageerror", (e) => errors.push(e.message))
          const third = await createCart(api, store)
          await refusing.goto(url("ms", `c=options&cart_id=${third.cartId}`))
          await refusing.locator("#svc-method-fpx-direct").check()
          await refusing.locator("#svc-bank-MBB0228").check()
          await refusing.locator("#svc-buyer-name").fill("Siti Aminah")
          await refusing.locator("#svc-pay").click()
          await refusing.waitForFunction(() =>
            (document.querySelector("#started")?.textContent ?? "").includes(
              "/fpx/"
            )
          )
          expect(errors).toEqual([])
          await refusing.close()
        } finally {
          await page.close()
        }
      })
    })
  },
})
