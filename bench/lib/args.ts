/** `--name=value` flags and bare positionals from argv. */
export function parseArgs(argv = process.argv.slice(2)): {
  flags: Map<string, string>
  positionals: string[]
} {
  const flags = new Map<string, string>()
  const positionals: string[] = []
  for (const a of argv) {
    const m = /^--([^=]+)(?:=(.*))?$/.exec(a)
    if (m) flags.set(m[1], m[2] ?? "true")
    else positionals.push(a)
  }
  return { flags, positionals }
}

export function numberFlag(
  flags: Map<string, string>,
  name: string,
  def: number
): number {
  const v = flags.get(name)
  if (v === undefined) return def
  const n = Number(v)
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`--${name} must be a positive number, got ${v}`)
  return n
}

/** `--ceiling=100` or `--ceiling=off`: the svc account's calls per minute. */
export function ceilingFlag(
  flags: Map<string, string>,
  def: number | null
): number | null {
  const v = flags.get("ceiling")
  if (v === undefined) return def
  if (v === "off") return null
  return numberFlag(flags, "ceiling", 100)
}

export const describeCeiling = (c: number | null) =>
  c === null
    ? "off (sandbox unlimited, plugin client limiter 1,000,000/min)"
    : `${c} calls/min (sandbox account limit and plugin client limiter)`
