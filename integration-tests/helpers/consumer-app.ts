/**
 * A consumer of the packed plugin or kit in a temp dir, with nothing of this repository in
 * reach: its environment, timed steps, long-running children, blocks copied out of README.md.
 * Used by integration-tests/package (the packed install), integration-tests/compat (npm run
 * test:compat) and the storefront starter test.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process"
import {
  lstatSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs"
import { join } from "node:path"

const root = join(__dirname, "..", "..")

/** The consumer's environment: nothing of this repository's test setup (jest's NODE_OPTIONS, SVC_* of other specs, npm run's npm_*). */
export function consumerEnv(
  extra: Record<string, string> = {}
): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env }
  // keep only where npm's cache and registry are
  const keep =
    /^npm_config_(cache|registry|userconfig|globalconfig|ca|cafile|strict_ssl|proxy|https_proxy|noproxy)$/i
  for (const k of Object.keys(e))
    if (
      k.startsWith("SVC_") ||
      (k.startsWith("npm_") && !keep.test(k)) ||
      k === "INIT_CWD"
    )
      delete e[k]
  delete e.NODE_OPTIONS
  delete e.TEST_LOG_DIR
  delete e.DATABASE_URL
  return {
    ...e,
    NODE_ENV: "development",
    MEDUSA_DISABLE_TELEMETRY: "true",
    NEXT_TELEMETRY_DISABLED: "1",
    npm_config_loglevel: "error",
    ...extra,
  }
}

/** Runs steps synchronously and keeps each one's time (ms) in `times`. */
export class Steps {
  readonly times: Record<string, number> = {}
  run(
    step: string,
    cmd: string,
    args: string[],
    cwd: string,
    timeoutMs: number,
    env = consumerEnv()
  ): SpawnSyncReturns<string> {
    const t0 = Date.now()
    const r = spawnSync(cmd, args, {
      cwd,
      env,
      encoding: "utf8",
      timeout: timeoutMs,
      maxBuffer: 64 * 1024 * 1024,
    })
    this.times[step] = Date.now() - t0
    if (r.status !== 0)
      throw new Error(
        `${step} (${cmd} ${args.join(" ")}) failed with ${r.status ?? r.signal}:\n${r.stdout?.slice(-4000)}\n${r.stderr?.slice(-4000)}`
      )
    return r
  }

  /** `npm pack` of the package in `pkgDir` into `dest`: the tarball's path. */
  pack(step: string, pkgDir: string, dest: string): string {
    const packed = this.run(
      step,
      "npm",
      ["pack", "--json", "--pack-destination", dest, "--loglevel=error"],
      pkgDir,
      120_000
    )
    return join(dest, JSON.parse(packed.stdout)[0].filename)
  }

  /** `npm install` in `app` from the cache where it can (`args`: what to install, and flags). */
  npmInstall(step: string, app: string, args: string[], timeoutMs: number) {
    const quiet = ["--prefer-offline", "--no-audit", "--no-fund"]
    return this.run(
      step,
      "npm",
      ["install", ...args, ...quiet, "--loglevel=error"],
      app,
      timeoutMs
    )
  }
}

/** The fenced block of language `lang` after `marker` in README.md. */
export function readmeBlock(marker: string, lang: string): string {
  const readme = readFileSync(join(root, "README.md"), "utf8")
  const at = readme.indexOf(marker)
  if (at < 0) throw new Error(`README.md has no "${marker}"`)
  const m = readme
    .slice(at)
    .match(new RegExp("```" + lang + "\\n([\\s\\S]*?)```"))
  if (!m)
    throw new Error(`README.md has no \`\`\`${lang} block after "${marker}"`)
  return m[1]!
}

/** Long-running children of one test file, each in its own process group; `killAll` in afterAll. */
export class Children {
  private readonly pids: number[] = []
  /** Resolves once `ready` is printed (the output so far), rejects if the child exits first. */
  start(
    cmd: string,
    args: string[],
    cwd: string,
    env: NodeJS.ProcessEnv,
    ready: RegExp,
    ms: number
  ): Promise<{ out: () => string; pid: number }> {
    return new Promise((resolve, reject) => {
      const child = spawn(cmd, args, { cwd, env, detached: true })
      this.pids.push(child.pid!)
      let out = ""
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `${cmd} ${args.join(" ")}: not ready after ${ms} ms:\n${out.slice(-4000)}`
            )
          ),
        ms
      )
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
        reject(
          new Error(
            `${cmd} ${args.join(" ")} exited with ${code}:\n${out.slice(-4000)}`
          )
        )
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

/**
 * package.json of a bare Medusa `medusa` app in `app` with the packed plugin `tarball`: Medusa's
 * packages at `medusa`, and what `medusa` needs to read medusa-config.ts and scripts (ts-node),
 * as create-medusa-app adds.
 */
export function writeBareAppPackage(
  app: string,
  medusa: string,
  tarball: string
): void {
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify(
      {
        name: "bare-store",
        private: true,
        version: "0.0.0",
        dependencies: {
          "@medusajs/admin-sdk": medusa,
          "@medusajs/cli": medusa,
          "@medusajs/framework": medusa,
          "@medusajs/medusa": medusa,
          "medusa-payment-svc": `file:${tarball}`,
        },
        devDependencies: {
          "@types/node": "^20.17.0",
          "ts-node": "^10.9.2",
          typescript: "~5.9.3",
        },
      },
      null,
      2
    )
  )
}

/**
 * `app/node_modules` seeded with hard links of this repository's installed packages (`cp -al`,
 * no copy of a byte), before the app's `npm install`: npm resolves the app's package.json as it
 * would in an empty folder, keeps a seeded package where it is exactly what it resolves to,
 * unpacks the rest (the packed plugin always from its tarball: the repository has none installed)
 * and removes every seeded package the app does not depend on. Left out: the workspace links (the
 * storefront kit's link points at this repository's sources) and npm's bookkeeping of the
 * repository's tree (node_modules/.package-lock.json, caches). `nodeModulesBeyondNpm` checks
 * afterwards that npm's tree is all there is.
 */
export function seedNodeModules(app: string): void {
  const to = join(app, "node_modules")
  // the folder itself where node_modules is a link to another checkout's (a git worktree's):
  // a copied link would make the removals below, and npm, work in that checkout's node_modules
  const from = realpathSync(join(root, "node_modules"))
  const r = spawnSync("cp", ["-al", from, to], {
    encoding: "utf8",
  })
  if (r.status !== 0) throw new Error(`cp -al node_modules failed: ${r.stderr}`)
  rmSync(join(to, ".package-lock.json"), { force: true })
  rmSync(join(to, ".cache"), { recursive: true, force: true })
  for (const entry of packageDirs(to))
    if (lstatSync(join(to, entry)).isSymbolicLink()) rmSync(join(to, entry))
}

/** The top-level package folders of a node_modules (`name`, `@scope/name`), links included. */
function packageDirs(nodeModules: string): string[] {
  return readdirSync(nodeModules)
    .filter((n) => !n.startsWith("."))
    .flatMap((n) =>
      n.startsWith("@")
        ? readdirSync(join(nodeModules, n)).map((m) => `${n}/${m}`)
        : [n]
    )
}

/**
 * The top-level packages of `app/node_modules` that are not in the tree npm installed for the app
 * (node_modules/.package-lock.json, which npm writes from the tree it made): none after an
 * install, seeded or not.
 */
export function nodeModulesBeyondNpm(app: string): string[] {
  const nodeModules = join(app, "node_modules")
  const { packages } = JSON.parse(
    readFileSync(join(nodeModules, ".package-lock.json"), "utf8")
  ) as { packages: Record<string, unknown> }
  const inTree = new Set(Object.keys(packages))
  if (inTree.size === 0)
    throw new Error(
      "npm's record of the app's tree (node_modules/.package-lock.json) lists nothing"
    )
  return packageDirs(nodeModules).filter(
    (d) => !inTree.has(`node_modules/${d}`)
  )
}

/**
 * The installed package's sandbox CLI (`medusa-payment-svc sandbox`, `args` after the port),
 * its webhooks to the app's `/hooks/svc` on `port`: the SVC_* lines of the .env block it prints.
 */
export async function startSandboxCli(
  children: Children,
  app: string,
  port: number,
  args: string[] = []
): Promise<string[]> {
  const sandbox = await children.start(
    join(app, "node_modules/.bin/medusa-payment-svc"),
    [
      "sandbox",
      "--port",
      "0",
      ...args,
      "--webhook",
      `http://localhost:${port}/hooks/svc`,
    ],
    app,
    consumerEnv(),
    /SVC_ALGORITHM=.*\n/,
    60_000
  )
  return sandbox
    .out()
    .split("\n")
    .filter((l) => /^SVC_[A-Z_]+=/.test(l))
}

/**
 * The app configured as README's "Install into a store" says: .env (the sandbox's block, the
 * redirect URL, DATABASE_URL, PORT), README step 4's medusa-config.ts as printed with its
 * projectConfig "as generated" filled in and the admin bundle off (no `medusa build` here), and
 * a strict tsconfig.json.
 */
export function configureBareApp(
  app: string,
  o: { envBlock: string[]; databaseUrl: string; port: number; secret: string }
): void {
  writeFileSync(
    join(app, ".env"),
    `${o.envBlock.join("\n")}\nSVC_REDIRECT_URL=http://localhost:8000/checkout/svc-return?cart_id={cart_id}\nDATABASE_URL=${o.databaseUrl}\nPORT=${o.port}\n`
  )
  const config = readmeBlock("**4. `medusa-config.ts`:**", "ts")
  const generated = "    // ... as generated (databaseUrl, http, ...)"
  if (!config.includes(generated))
    throw new Error(
      `README.md's medusa-config.ts has no line "${generated.trim()}" to fill in`
    )
  writeFileSync(
    join(app, "medusa-config.ts"),
    config.replace(
      generated,
      `    databaseUrl: process.env.DATABASE_URL,
    http: { storeCors: "*", adminCors: "*", authCors: "*", jwtSecret: "${o.secret}", cookieSecret: "${o.secret}" },
  },
  admin: { disable: true`
    )
  )
  writeFileSync(
    join(app, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2021",
        module: "Node16",
        moduleResolution: "Node16",
        esModuleInterop: true,
        skipLibCheck: true,
        strict: true,
      },
      include: ["src/**/*", "medusa-config.ts"],
    })
  )
}

/**
 * A strict node16 tsconfig over `files` in `dir`, as a store's TypeScript checks an import of the
 * plugin. skipLibCheck as a Medusa store's own tsconfig has it: the client's schemas are Medusa's zod
 * (@medusajs/framework/zod, 4.2.0), whose .d.cts files fail node16's TS1542.
 */
export function writeStrictTsconfig(
  dir: string,
  files: string[],
  extra: Record<string, unknown> = {}
): void {
  const compilerOptions = {
    strict: true,
    noImplicitAny: true,
    module: "node16",
    moduleResolution: "node16",
    target: "es2022",
    noEmit: true,
    skipLibCheck: true,
    types: ["node"],
    ...extra,
  }
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions, files })
  )
}
