// Browser helpers for the storefront tests: Debian's chromium driven by
// playwright-core (never a downloaded browser), a fresh profile per launch,
// and numbered screenshots of each step under artifacts/screenshots/.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { chromium, type BrowserContext, type Page } from "playwright-core"

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium"
/** The tests install nothing: without chromium they fail with the fix to apply (see docs/demo.md). */
export const hasChromium = existsSync(CHROMIUM_PATH)

/**
 * A browser spec's `describe`: skipped without chromium, and then a test fails with the fix
 * (the tests never download a browser), unless SKIP_BROWSER_TESTS=1 asks to skip them.
 */
export function describeInChromium(): jest.Describe {
  const skipAllowed = process.env.SKIP_BROWSER_TESTS === "1"
  ;(hasChromium || skipAllowed ? it.skip : it)(
    "needs Debian's chromium at /usr/bin/chromium",
    () => {
      throw new Error(
        "browser tests need /usr/bin/chromium: apt-get install -y chromium, or scripts/ensure-chromium.sh (or SKIP_BROWSER_TESTS=1)"
      )
    }
  )
  return hasChromium ? describe : describe.skip
}

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-quic",
  "--no-first-run",
  "--disable-component-update",
  "--disable-sync",
]

export const SCREENSHOT_DIR = resolve(__dirname, "../artifacts/screenshots")

/** A screenshot of `selector` in CSS pixels, under artifacts/screenshots/`folder`, and in docs/images with UPDATE_DOCS_IMAGES=1. */
export async function docsShot(
  page: Page,
  selector: string,
  folder: string,
  name: string
) {
  const dirs = [
    join(SCREENSHOT_DIR, folder),
    ...(process.env.UPDATE_DOCS_IMAGES === "1"
      ? [resolve(__dirname, "../docs/images")]
      : []),
  ]
  for (const dir of dirs) {
    mkdirSync(dir, { recursive: true })
    await page
      .locator(selector)
      .screenshot({ path: join(dir, `${name}.png`), scale: "css" }) // the phone's CSS pixels, not its 3 device pixels each
  }
}

/** A phone as the storefront tests measure it: 390×844 CSS px, touch, the page's meta viewport honoured. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
} as const

/**
 * Chromium with a fresh profile; `phone`: a touch phone context (PHONE) instead of the 1100×900 desktop one;
 * `bfcache`: the back-forward cache on, as in a shopper's browser (playwright turns it off by default).
 */
export async function launchBrowser(
  opts: { phone?: boolean; bfcache?: boolean } = {}
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), "svc-chromium-"))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
    ...(opts.bfcache
      ? { ignoreDefaultArgs: ["--disable-back-forward-cache"] }
      : {}),
    ...(opts.phone ? PHONE : { viewport: { width: 1100, height: 900 } }),
  })
  context.setDefaultTimeout(20_000)
  return {
    context,
    close: async () => {
      await context.close().catch(() => undefined)
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/**
 * One chromium for a test file, and a fresh context per `newContext()` (its own cookies, storage and
 * cache, as a new profile has; the desktop 1100×900 viewport of launchBrowser): what a new
 * launchBrowser() per test gives, without starting chromium again for each test. `storageState`:
 * the cookies and storage a context had (BrowserContext.storageState()), such as a signed-in session.
 */
export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>
export async function launchChromium(): Promise<{
  newContext: (opts?: {
    storageState?: StorageState
  }) => Promise<{ context: BrowserContext; close: () => Promise<void> }>
  close: () => Promise<void>
}> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
  })
  return {
    newContext: async ({
      storageState,
    }: { storageState?: StorageState } = {}) => {
      const context = await browser.newContext({
        viewport: { width: 1100, height: 900 },
        acceptDownloads: true,
        storageState,
      })
      context.setDefaultTimeout(20_000)
      return { context, close: () => context.close().catch(() => undefined) }
    },
    close: () => browser.close().catch(() => undefined),
  }
}

/** Numbered full-page screenshots of one journey: artifacts/screenshots/<journey>/01-<step>.png */
export function stepShooter(page: Page, journey: string) {
  const dir = join(SCREENSHOT_DIR, journey)
  mkdirSync(dir, { recursive: true })
  let n = 0
  return async (step: string) => {
    n += 1
    await page.screenshot({
      path: join(dir, `${String(n).padStart(2, "0")}-${step}.png`),
      fullPage: true,
    })
  }
}
