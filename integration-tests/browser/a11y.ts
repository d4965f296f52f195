// Accessibility checks of the storefront kit in chromium: axe-core (the devDependency, its
// axe.min.js injected into the page) with WCAG 2.1 A and AA rules, and the geometry of what a
// shopper taps and reads (tap areas, bank names that must not be cut off).
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { Page } from "playwright-core"
import { SCREENSHOT_DIR } from "../../testing/browser"

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
/** The kit's own markup: SvcPaymentOptions, FpxBankPicker, SvcReturn / SvcBalanceReturn. */
export const KIT_ROOTS = ".svc-payment, .svc-fpx-picker, .svc-return"
export const A11Y_DIR = join(SCREENSHOT_DIR, "..", "a11y")

export type AxeFinding = {
  rule: string
  impact: string
  target: string
  inKit: boolean
  help: string
}

/** axe-core's violations on the page as it is now, one entry per element, marked inside the kit's markup or not. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => "axe" in window))) {
    await page.addScriptTag({
      path: join(require.resolve("axe-core"), "..", "axe.min.js"),
    })
  }
  return page.evaluate(
    async ([tags, roots]) => {
      type AxeNode = { target: unknown[] }
      type AxeResult = {
        id: string
        impact?: string | null
        help: string
        nodes: (AxeNode & { impact?: string | null })[]
      }
      const axe = (
        window as unknown as {
          axe: {
            run: (
              ctx: Document,
              opts: object
            ) => Promise<{ violations: AxeResult[]; passes: AxeResult[] }>
          }
        }
      ).axe
      const r = await axe.run(document, {
        runOnly: { type: "tag", values: tags },
        resultTypes: ["violations"],
      })
      if (!r.passes.length)
        throw new Error("axe-core checked nothing on this page")
      return r.violations.flatMap((v) =>
        v.nodes.map((n) => {
          const sel = n.target.map(String)
          const el = sel.length === 1 ? document.querySelector(sel[0]) : null
          return {
            rule: v.id,
            impact: n.impact ?? v.impact ?? "unknown",
            target: sel.join(" >> "),
            inKit: !!el?.closest(roots as string),
            help: v.help,
          }
        })
      )
    },
    [AXE_TAGS, KIT_ROOTS] as const
  )
}

/** Serious or critical findings inside the kit's markup: what the tests fail on. */
export const blocking = <T extends AxeFinding>(f: T[]): T[] =>
  f.filter(
    (x) => x.inKit && (x.impact === "serious" || x.impact === "critical")
  )

/** Writes the findings of a run as JSON under artifacts/a11y/ and returns a one-line-per-group summary. */
export function recordFindings(
  name: string,
  rows: (AxeFinding & { state: string; size: string })[]
): string {
  mkdirSync(A11Y_DIR, { recursive: true })
  writeFileSync(join(A11Y_DIR, `${name}.json`), JSON.stringify(rows, null, 2))
  const groups = new Map<string, number>()
  for (const r of rows) {
    const k = `${r.size} ${r.rule} (${r.impact}${r.inKit ? ", kit" : ", page"})`
    groups.set(k, (groups.get(k) ?? 0) + 1)
  }
  return groups.size
    ? [...groups].map(([k, n]) => `${k}: ${n}`).join("\n")
    : "no violations"
}

export type Box = { x: number; y: number; width: number; height: number }

/** Points `inset` px inside each corner of a box (viewport coordinates). */
export function cornerPoints(
  b: Box,
  inset = 4
): { where: string; x: number; y: number }[] {
  const l = b.x + inset
  const r = b.x + b.width - inset
  const t = b.y + inset
  const d = b.y + b.height - inset
  return [
    { where: "top-left", x: l, y: t },
    { where: "top-right", x: r, y: t },
    { where: "bottom-left", x: l, y: d },
    { where: "bottom-right", x: r, y: d },
  ]
}

/**
 * Banks whose name or state ("(offline)") is not fully inside its row: text overflowing the
 * row (painted under the next one), clipped by an overflow, or cut with an ellipsis.
 */
export async function cutBankNames(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = []
    for (const label of Array.from(
      document.querySelectorAll<HTMLLabelElement>("label[for^=svc-bank-]")
    )) {
      const box = label.getBoundingClientRect()
      const cs = getComputedStyle(label)
      const inner = {
        left: box.left + parseFloat(cs.borderLeftWidth),
        right: box.right - parseFloat(cs.borderRightWidth),
        top: box.top + parseFloat(cs.borderTopWidth),
        bottom: box.bottom - parseFloat(cs.borderBottomWidth),
      }
      const texts = Array.from(
        label.querySelectorAll<HTMLElement>(
          ".svc-fpx-bank-name, .svc-fpx-bank-offline"
        )
      )
      const bad = texts.some((t) => {
        const range = document.createRange()
        range.selectNodeContents(t)
        const r = range.getBoundingClientRect()
        const s = getComputedStyle(t)
        return (
          r.right > inner.right + 0.5 ||
          r.left < inner.left - 0.5 ||
          r.bottom > inner.bottom + 0.5 ||
          r.top < inner.top - 0.5 ||
          s.textOverflow === "ellipsis" ||
          t.scrollWidth > t.clientWidth + 1
        )
      })
      if (bad || label.scrollWidth > label.clientWidth + 1)
        cut.push((label.textContent ?? "").trim())
    }
    return cut
  })
}
