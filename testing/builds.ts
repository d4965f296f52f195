/**
 * The builds the package tests read (the plugin's .medusa/server, the storefront kit's dist/),
 * always from the current sources: a build is reused only when a hash of its inputs matches
 * the one stamped at its last build, so an edited source is never tested through a stale build.
 * One build at a time across jest workers (a lock file); the others wait and re-check.
 *   node -r @swc-node/register testing/builds.ts     both, as .ci/run and scripts/test.sh do
 */
import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { buildAdmin } from "./admin-app"

export const ROOT = resolve(__dirname, "..")

type Build = { name: string; inputs: string[]; stamp: string; run: () => void }

const BUILDS: Record<"plugin" | "kit", Build> = {
  plugin: {
    name: "the plugin (.medusa/server)",
    inputs: ["src", "package.json", "tsconfig.json"],
    stamp: ".medusa/server-source.sha256",
    run: () =>
      execFileSync("npx", ["medusa", "plugin:build"], {
        cwd: ROOT,
        stdio: "inherit",
        env: { ...process.env, NODE_OPTIONS: "" },
      }),
  },
  kit: {
    name: "the storefront kit (packages/storefront/dist)",
    inputs: [
      "packages/storefront/src",
      "packages/storefront/package.json",
      "packages/storefront/tsconfig.json",
      "src/rules",
      "scripts/build-storefront.mjs",
    ],
    stamp: "packages/storefront/.dist-source.sha256",
    run: () =>
      execFileSync(
        process.execPath,
        [join(ROOT, "scripts/build-storefront.mjs")],
        { cwd: ROOT, stdio: "inherit" }
      ),
  },
}

/** SHA-256 over the paths and bytes of every file below the inputs (tests and node_modules left out). */
export function sourceHash(inputs: string[], root = ROOT): string {
  const h = createHash("sha256")
  const add = (p: string) => {
    const full = join(root, p)
    if (!existsSync(full)) return
    if (statSync(full).isDirectory()) {
      for (const n of readdirSync(full).sort())
        if (n !== "node_modules" && n !== "__tests__") add(join(p, n))
    } else {
      h.update(relative(root, full))
        .update("\0")
        .update(readFileSync(full))
        .update("\0")
    }
  }
  for (const i of inputs) add(i)
  return h.digest("hex")
}

function withLock<T>(lockPath: string, fn: () => T): T {
  mkdirSync(dirname(lockPath), { recursive: true })
  const started = Date.now()
  for (;;) {
    try {
      closeSync(openSync(lockPath, "wx"))
      break
    } catch {
      // a lock older than 10 minutes was left by a killed run
      try {
        if (Date.now() - statSync(lockPath).mtimeMs > 600_000)
          rmSync(lockPath, { force: true })
      } catch {
        /* gone meanwhile */
      }
      if (Date.now() - started > 900_000)
        throw new Error(`waited 15 minutes for ${lockPath}`)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250)
    }
  }
  try {
    return fn()
  } finally {
    rmSync(lockPath, { force: true })
  }
}

/** Builds `which` unless its last build was made from exactly the current sources; says which. */
export function ensureBuilt(which: keyof typeof BUILDS): "built" | "current" {
  const b = BUILDS[which]
  const stamp = join(ROOT, b.stamp)
  return withLock(`${stamp}.lock`, () => {
    const hash = sourceHash(b.inputs)
    if (existsSync(stamp) && readFileSync(stamp, "utf8").trim() === hash)
      return "current"
    rmSync(stamp, { force: true })
    b.run()
    writeFileSync(stamp, `${hash}\n`)
    return "built"
  })
}

if (require.main === module) {
  // the builds named (default: plugin and kit); `admin` also makes the dashboard the admin browser
  // tests serve (testing/admin-app.ts, cached by a hash of src/admin), as
  // .ci/run does in a step of its own so that test file finds it built
  const isBuild = (n: string): n is keyof typeof BUILDS =>
    Object.prototype.hasOwnProperty.call(BUILDS, n)
  const asked = process.argv.slice(2)
  const names = asked.length ? asked : ["plugin", "kit"]
  const unknown = names.filter((n) => n !== "admin" && !isBuild(n))
  if (unknown.length) {
    console.error(
      `testing/builds.ts: unknown build ${unknown.join(", ")} (plugin, kit, admin)`
    )
    process.exit(2)
  }
  for (const which of names.filter(isBuild))
    console.log(`${BUILDS[which].name}: ${ensureBuilt(which)}`)
  if (names.includes("admin")) {
    buildAdmin()
      .then(({ outDir, builtMs }) =>
        console.log(
          `the admin dashboard for the browser tests (${relative(ROOT, outDir)}): ${builtMs === null ? "current" : `built in ${Math.round(builtMs / 1000)} s`}`
        )
      )
      .catch((e) => {
        console.error(e)
        process.exit(1)
      })
  }
}
