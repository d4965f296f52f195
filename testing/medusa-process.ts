/**
 * Running Medusa's CLI as child processes, for the specs and benches that need
 * real `medusa start` processes (testing/cluster.ts,
 * testing/stack.ts).
 */
import { spawnSync, type ChildProcess } from "node:child_process"
import { closeSync, mkdirSync, openSync } from "node:fs"
import { join, resolve } from "node:path"

/**
 * A run's log folder, made, under `parent`, and the database name for it: both carry the
 * run's name, the time (yyyymmdd-hhmmss) and the process id.
 */
export function runNames(
  parent: string,
  folder: string,
  dbPrefix: string,
  name: string
): { logDir: string; dbName: string } {
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\..*/, "")
    .replace("T", "-")
  const logDir = join(parent, `${folder}-${stamp}-${process.pid}`)
  mkdirSync(logDir, { recursive: true })
  const dbName = `${dbPrefix}_${name.replace(/\W/g, "_")}_${stamp.replace("-", "_")}_${process.pid}`
  return { logDir, dbName }
}

export const MEDUSA_BIN = join(
  resolve(__dirname, ".."),
  "node_modules/.bin/medusa"
)

/** Polls `url` until it answers 2xx; fails at once if `child` exits first. */
export async function waitForHealth(
  url: string,
  child: ChildProcess,
  timeoutMs: number
): Promise<void> {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `medusa start exited (${child.exitCode ?? child.signalCode}) before ${url} answered`
      )
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

/** `medusa <args>` in `cwd`, its output appended to `logFile`; throws with `what` if it fails. */
export function runMedusa(
  cwd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  what: string
): void {
  const fd = openSync(logFile, "a")
  const r = spawnSync(MEDUSA_BIN, args, { cwd, env, stdio: ["ignore", fd, fd] })
  closeSync(fd)
  if (r.status !== 0)
    throw new Error(
      `${what} failed (exit ${r.status ?? r.signal}); see ${logFile}`
    )
}
