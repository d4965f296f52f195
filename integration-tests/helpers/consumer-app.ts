/**
 * A consumer of the packed plugin or kit in a temp dir, with nothing of this repository in
 * reach: its environment, timed steps, long-running children, blocks copied out of README.md.
 * Used by integration-tests/compat (npm run test:compat) and the storefront starter test.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process"
import { readFileSync } from "node:fs"
import { join } from "node:path"

const root = join(__dirname, "..", "..")

/** The consumer's environment: nothing of this repository's test setup (jest's NODE_OPTIONS, SVC_* of other specs, npm run's npm_*). */
export function consumerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env }
  // keep only where npm's cache and registry are
  const keep = /^npm_config_(cache|registry|userconfig|globalconfig|ca|cafile|strict_ssl|proxy|https_proxy|noproxy)$/i
  for (const k of Object.keys(e)) if (k.startsWith("SVC_") || (k.startsWith("npm_") && !keep.test(k)) || k === "INIT_CWD") delete e[k]
  delete e.NODE_OPTIONS
  delete e.TEST_LOG_DIR
  delete e.DATABASE_URL
  return { ...e, NODE_ENV: "development", MEDUSA_DISABLE_TELEMETRY: "true", NEXT_TELEMETRY_DISABLED: "1", npm_config_loglevel: "error", ...extra }
}

/** Runs steps synchronously and keeps each one's time (ms) in `times`. */
export class Steps {
  readonly times: Record<string, number> = {}
  run(step: string, cmd: string, args: string[], cwd: string, timeoutMs: number, env = consumerEnv()): SpawnSyncReturns<string> {
    const t0 = Date.now()
    const r = spawnSync(cmd, args, { cwd, env, encoding: "utf8", timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 })
    this.times[step] = Date.now() - t0
    if (r.status !== 0) throw new Error(`${step} (${cmd} ${args.join(" ")}) failed with ${r.status ?? r.signal}:\n${r.stdout?.slice(-4000)}\n${r.stderr?.slice(-4000)}`)
    return r
  }
}

/** The fenced block of language `lang` after `marker` in README.md. */
export function readmeBlock(marker: string, lang: string): string {
  const readme = readFileSync(join(root, "README.md"), "utf8")
  const at = readme.indexOf(marker)
  if (at < 0) throw new Error(`README.md has no "${marker}"`)
  const m = readme.slice(at).match(new RegExp("```" + lang + "\\n([\\s\\S]*?)```"))
  if (!m) throw new Error(`README.md has no \`\`\`${lang} block after "${marker}"`)
  return m[1]!
}

/** Long-running children of one test file, each in its own process group; `killAll` in afterAll. */
export class Children {
  private readonly pids: number[] = []
  /** Resolves once `ready` is printed (the output so far), rejects if the child exits first. */
  start(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, ready: RegExp, ms: number): Promise<{ out: () => string; pid: number }> {
    return new Promise((resolve, reject) => {
      const child = spawn(cmd, args, { cwd, env, detached: true })
      this.pids.push(child.pid!)
      let out = ""
      const timer = setTimeout(() => reject(new Error(`${cmd} ${args.join(" ")}: not ready after ${ms} ms:\n${out.slice(-4000)}`)), ms)
      const onData = (b: Buffer) => {
        out += b.toString()
        if (ready.test(out)) {
          clearTimeout(timer)
          resolve({ out: () => out, pid: child.pid! })
        }
      }
      child.stdout.on("data", onData)
      child.stderr.on("data", onData)
      child.on("error", (e) => {
        clearTimeout(timer)
        reject(new Error(`${cmd} ${args.join(" ")}: ${e.message}`))
      })
      child.on("exit", (code) => {
        clearTimeout(timer)
        reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}:\n${out.slice(-4000)}`))
      })
    })
  }
  /** SIGKILL to one child's process group (the app and what it spawned). */
  kill(pid: number): void {
    try {
      process.kill(-pid, "SIGKILL")
    } catch {
      /* already gone */
    }
  }
  killAll(): void {
    for (const pid of this.pids) this.kill(pid)
  }
}
