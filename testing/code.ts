/**
 * Which code a bench measures. Others edit src/ while benches run (a half-done
 * refactor does not boot), so by default a bench runs Medusa, the plugin and the
 * sandbox from a snapshot of a commit (`git archive`, read-only for the repo) with
 * this checkout's node_modules linked in; `worktree` measures the files as they are.
 * The bench's own harness (bench/) is copied into the snapshot.
 */
import { execFileSync, spawnSync } from "node:child_process"
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"

export const ROOT = resolve(__dirname, "..")

export interface Code {
  /** folder Medusa runs from (its src/ is the app) */
  dir: string
  /** what is measured, for the table header */
  label: string
}

function git(args: string[]): string {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim()
}

export function prepareCode(ref: string): Code {
  if (ref === "worktree") {
    const dirty = spawnSync("git", ["status", "--porcelain", "src"], { cwd: ROOT, encoding: "utf8" }).stdout.trim()
    const head = git(["rev-parse", "--short", "HEAD"])
    return { dir: ROOT, label: dirty ? `working tree (${head} + ${dirty.split("\n").length} changed files in src/)` : `working tree (${head}, clean)` }
  }
  const sha = git(["rev-parse", "--verify", `${ref}^{commit}`])
  const subject = git(["log", "-1", "--format=%h %ad %s", "--date=format:%Y-%m-%d %H:%M", sha])
  const dir = join(tmpdir(), "svc-bench", `code-${sha.slice(0, 12)}`)
  if (!existsSync(join(dir, ".complete"))) {
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    execFileSync("bash", ["-c", `git archive ${sha} | tar -x -C "${dir}"`], { cwd: ROOT })
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"))
    execFileSync("touch", [join(dir, ".complete")])
  }
  // the harness as it is now (it may not be committed yet)
  cpSync(join(ROOT, "bench"), join(dir, "bench"), { recursive: true })
  return { dir, label: `commit ${subject.length > 90 ? subject.slice(0, 87) + "…" : subject}` }
}
