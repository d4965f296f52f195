// The README is the front page (at most 25 kB) with docs/ behind it: it stays that size,
// and every relative link or image in README.md and docs/*.md names a file that exists.
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"

const ROOT = resolve(__dirname, "../..")
const DOCS = [
  join(ROOT, "README.md"),
  ...readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => join(ROOT, "docs", f)),
]

/** Markdown links and images outside fenced code blocks: [text](target) and ![alt](target). */
function relativeTargets(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, "")
  const out: string[] = []
  for (const m of prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1]!
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) continue // absolute URL, same-page anchor
    out.push(target.split("#")[0]!)
  }
  return out
}

describe("README and docs/", () => {
  it("README.md is a front page of at most 25 kB (25,600 bytes)", () => {
    expect(readFileSync(join(ROOT, "README.md")).length).toBeLessThanOrEqual(
      25_600
    )
  })

  it.each(DOCS.map((f) => [f.slice(ROOT.length + 1), f]))(
    "%s: every relative link and image names a file that exists",
    (_name, file) => {
      const missing = relativeTargets(readFileSync(file, "utf8")).filter(
        (t) => !existsSync(resolve(dirname(file), decodeURI(t)))
      )
      expect(missing).toEqual([])
    }
  )

  it("the link check finds a broken link (it can fail)", () => {
    expect(
      relativeTargets(
        "see [x](docs/nope.md) and ![i](images/a.png) but not [y](https://e.com) or [z](#anchor)"
      )
    ).toEqual(["docs/nope.md", "images/a.png"])
  })
})
