/**
 * Which code a bench measures. Others edit src/ while benches run (a half-done
 * refactor does not boot), so by default a bench runs Medusa, the plugin and the
 * sandbox from a snapshot of a commit (`git archive`, read-only for the repo) with
 * this checkout's node_modules linked in; `worktree` measures the files as they are.
 * The bench's own harness (bench/) is copied into the snapshot.
 */
import { execFileSync, spawnSync } from "node:child_process"
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs"
import { createHash } from "node:crypto"
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

export interface CodeOptions {
  /**
   * Packages the commit ran at another version than this checkout's node_modules has: the package's
   * name → the folder in node_modules holding that version (an npm alias devDependency, e.g.
   * `{ zod: "zod-v3" }`). The snapshot then gets a node_modules of its own: links to every entry
   * of this checkout's, these packages linked to their folder. Every package the commit depends on
   * must then resolve to the version in the commit's package-lock.json, or this throws.
   */
  deps?: Record<string, string>
}

export function prepareCode(ref: string, opts: CodeOptions = {}): Code {
  if (ref === "worktree") {
    const dirty = spawnSync("git", ["status", "--porcelain", "src"], {
      cwd: ROOT,
      encoding: "utf8",
    }).stdout.trim()
    const head = git(["rev-parse", "--short", "HEAD"])
    return {
      dir: ROOT,
      label: dirty
        ? `working tree (${head} + ${dirty.split("\n").length} changed files in src/)`
        : `working tree (${head}, clean)`,
    }
  }
  const sha = git(["rev-parse", "--verify", `${ref}^{commit}`])
  const subject = git([
    "log",
    "-1",
    "--format=%h %ad %s",
    "--date=format:%Y-%m-%d %H:%M",
    sha,
  ])
  const deps = Object.entries(opts.deps ?? depsOf(sha)).sort()
  // The snapshot's node_modules links into this checkout's: a snapshot is this checkout's only (a
  // folder per checkout, and its marker names the checkout). A snapshot left in /tmp by a clone
  // since deleted (CI clones afresh each run) would link to nothing: it is made again.
  const checkout = createHash("sha256").update(ROOT).digest("hex").slice(0, 8)
  const dir = join(
    tmpdir(),
    "svc-bench",
    `code-${sha.slice(0, 12)}-${checkout}${deps.map(([name, folder]) => `-${name}=${folder}`.replace(/[^\w=.-]/g, "_")).join("")}`
  )
  const marker = join(dir, ".complete")
  const made =
    existsSync(marker) &&
    readFileSync(marker, "utf8") === ROOT &&
    existsSync(join(dir, "node_modules", ".package-lock.json"))
  if (!made) {
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    execFileSync("bash", ["-c", `git archive ${sha} | tar -x -C "${dir}"`], {
      cwd: ROOT,
    })
    if (deps.length) linkNodeModules(dir, new Map(deps))
    else symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"))
    writeFileSync(marker, ROOT)
  }
  if (deps.length) checkDeps(sha, dir)
  // the harness as it is now (it may not be committed yet)
  cpSync(join(ROOT, "bench"), join(dir, "bench"), { recursive: true })
  return {
    dir,
    label: `commit ${subject.length > 90 ? subject.slice(0, 87) + "…" : subject}`,
  }
}

/**
 * The packages a commit ran at another version than this checkout has, when not named: zod 3
 * (the devDependency alias zod-v3) for a commit from before the plugin moved to zod 4, so the
 * benches' `--code=<old commit>` boots as the upgrade test does.
 */
function depsOf(sha: string): Record<string, string> {
  try {
    const lock = JSON.parse(git(["show", `${sha}:package-lock.json`])) as {
      packages?: Record<string, { version?: string }>
    }
    return lock.packages?.["node_modules/zod"]?.version?.startsWith("3.")
      ? { zod: "zod-v3" }
      : {}
  } catch {
    return {}
  }
}

/** `dir`/node_modules: links to this checkout's packages, `deps`' names linked to the folders holding the commit's versions. */
function linkNodeModules(dir: string, deps: Map<string, string>): void {
  const nm = join(dir, "node_modules")
  mkdirSync(nm)
  const root = join(ROOT, "node_modules")
  for (const entry of readdirSync(root)) {
    if (entry.startsWith("@")) {
      mkdirSync(join(nm, entry))
      for (const pkg of readdirSync(join(root, entry)))
        symlinkSync(
          join(root, deps.get(`${entry}/${pkg}`) ?? `${entry}/${pkg}`),
          join(nm, entry, pkg)
        )
    } else if (!deps.has(entry)) symlinkSync(join(root, entry), join(nm, entry))
  }
  for (const [name, folder] of deps)
    if (!name.startsWith("@")) symlinkSync(join(root, folder), join(nm, name))
}

/** Throws when a package the commit `sha` depends on (or develops with) resolves in `dir` to another version than its package-lock.json names. */
function checkDeps(sha: string, dir: string): void {
  const nm = join(dir, "node_modules")
  const lock = JSON.parse(git(["show", `${sha}:package-lock.json`])) as {
    packages: Record<
      string,
      {
        version?: string
        dependencies?: Record<string, string>
        devDependencies?: Record<string, string>
      }
    >
  }
  // devDependencies too: Medusa itself is one here (the store's, in a real install)
  const wanted = Object.keys({
    ...lock.packages[""]?.dependencies,
    ...lock.packages[""]?.devDependencies,
  })
  const wrong = wanted.flatMap((name) => {
    const want = lock.packages[`node_modules/${name}`]?.version
    const path = join(nm, name, "package.json")
    const have = existsSync(path)
      ? (JSON.parse(readFileSync(path, "utf8")) as { version: string }).version
      : "none"
    return want && want !== have
      ? [`${name} ${have} (the commit's lock: ${want})`]
      : []
  })
  if (wrong.length)
    throw new Error(
      `the snapshot of ${sha.slice(0, 12)} would run ${wrong.join(", ")}: name the right versions in prepareCode's deps`
    )
}
