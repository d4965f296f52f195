/**
 * Where Medusa's CPU went, from the V8 CPU profile a bench's Medusa wrote
 * (`BENCH_CPU_PROF_DIR=/tmp/prof npm run bench:settle-cpu -- 30 --only=svc`, then
 * `node -r @swc-node/register bench/cpu-profile.ts /tmp/prof/*.cpuprofile`).
 *
 * Each sample's frames are grouped by where their code lives: a package in node_modules
 * (`@medusajs/workflows-sdk`, `@mikro-orm/core`, `pg`, …), a file of the plugin (`src/…`),
 * node's own (`node:…`), or V8's `(garbage collector)`, `(program)`. "self" is the time a
 * group's own code ran; "inclusive" the time with a group's frame anywhere on the stack
 * (after an `await`, a stack starts again at the microtask, so inclusive time stops there).
 */
import { readFileSync } from "node:fs"

type Node = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
  children?: number[]
}
type Profile = {
  nodes: Node[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

export function groupOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)"
  const nm = url.lastIndexOf("/node_modules/")
  if (nm >= 0) {
    const rest = url.slice(nm + "/node_modules/".length).split("/")
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!
  }
  if (url.startsWith("node:")) return "node:" + url.slice(5).split("/")[0]
  const src = url.indexOf("/src/")
  if (src >= 0) return "plugin " + url.slice(src + 1).replace(/^file:\/\//, "")
  return url.replace(/^file:\/\//, "")
}

function summarize(files: string[]) {
  const self = new Map<string, number>()
  const inclusive = new Map<string, number>()
  let total = 0
  let idle = 0
  for (const file of files) {
    const p = JSON.parse(readFileSync(file, "utf8")) as Profile
    const byId = new Map(p.nodes.map((n) => [n.id, n]))
    const parent = new Map<number, number>()
    for (const n of p.nodes)
      for (const c of n.children ?? []) parent.set(c, n.id)
    const groupsOnPath = new Map<number, Set<string>>()
    const pathOf = (id: number): Set<string> => {
      const known = groupsOnPath.get(id)
      if (known) return known
      const n = byId.get(id)!
      const up = parent.has(id) ? pathOf(parent.get(id)!) : new Set<string>()
      const s = new Set(up)
      s.add(groupOf(n.callFrame.url, n.callFrame.functionName))
      groupsOnPath.set(id, s)
      return s
    }
    // time per sample: the delta to the next sample (V8's own attribution)
    for (let i = 0; i < p.samples.length; i++) {
      const dt = (p.timeDeltas[i + 1] ?? 0) / 1000 // µs → ms
      const n = byId.get(p.samples[i]!)!
      const g = groupOf(n.callFrame.url, n.callFrame.functionName)
      if (g === "(idle)") {
        idle += dt
        continue
      }
      total += dt
      self.set(g, (self.get(g) ?? 0) + dt)
      for (const x of pathOf(n.id))
        inclusive.set(x, (inclusive.get(x) ?? 0) + dt)
    }
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(
        ([g, ms]) =>
          `| ${g} | ${(ms / 1000).toFixed(1)} s | ${((100 * ms) / total).toFixed(1)} % |`
      )
      .join("\n")
  console.log(
    `CPU busy ${(total / 1000).toFixed(1)} s (idle ${(idle / 1000).toFixed(1)} s), ${files.length} profile(s)\n`
  )
  console.log(
    `self time, top 25\n\n| where | self | of busy |\n|---|---|---|\n${top(self, 25)}\n`
  )
  const plugin = new Map(
    [...inclusive].filter(([g]) => g.startsWith("plugin "))
  )
  console.log(
    `the plugin's files, inclusive (until the first await)\n\n| file | inclusive | of busy |\n|---|---|---|\n${top(plugin, 25)}\n`
  )
  const packages = new Map(
    [...inclusive].filter(
      ([g]) =>
        !g.startsWith("plugin ") && !g.startsWith("(") && !g.startsWith("node:")
    )
  )
  console.log(
    `packages, inclusive\n\n| package | inclusive | of busy |\n|---|---|---|\n${top(packages, 20)}`
  )
}

if (require.main === module) {
  const files = process.argv.slice(2)
  if (!files.length) {
    console.error(
      "usage: node -r @swc-node/register bench/cpu-profile.ts <file.cpuprofile>…"
    )
    process.exit(2)
  }
  summarize(files)
}
