// A store's own extensions, the way a store adds them: the example subscribers of docs/examples
// (docs/events.md) built as a small local plugin (the demo's in .demo/examples, store-extensions.spec's in a
// temporary folder), which medusa-config.ts loads when SVC_EXAMPLES_PLUGIN names it, with Medusa's
// Notification Module and its local provider (each email written to the log). The example is the very file a
// merchant copies; its import of `medusa-payment-svc/workflows` is pointed at the plugin's
// event names (bundled: a few constants), Medusa's packages stay the app's own.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { basename, join, resolve } from "node:path"
import { buildSync } from "esbuild"

const ROOT = resolve(__dirname, "..")
const EXAMPLES = ["svc-refund-email.ts"]

/** A fresh folder for a test's plugin inside the checkout (.cache/, ignored by git): below it, Medusa's packages resolve. */
export function examplesDir(): string {
  mkdirSync(join(ROOT, ".cache"), { recursive: true })
  return mkdtempSync(join(ROOT, ".cache", "svc-examples-"))
}

/**
 * Builds `<parent>/examples` (a plugin: package.json and .medusa/server/src/subscribers/*.js); its folder.
 * `eventLog`: with the test subscriber testing/svc-event-log.ts too (every plugin event appended to the
 * file SVC_EVENT_LOG names, with the process that took it). `subscribers`: more subscriber files built
 * the same way (the demo's, demo/plugin.ts).
 */
export function buildExamplesPlugin(
  parent: string,
  opts: { eventLog?: boolean; subscribers?: string[] } = {}
): string {
  const dir = join(parent, "examples")
  const out = join(dir, ".medusa", "server", "src", "subscribers")
  mkdirSync(out, { recursive: true })
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify(
      { name: "svc-demo-examples", version: "0.0.0", private: true },
      null,
      2
    )
  )
  const entries = [
    ...EXAMPLES.map((f) => join(ROOT, "docs", "examples", f)),
    ...(opts.eventLog ? [join(ROOT, "testing", "svc-event-log.ts")] : []),
    ...(opts.subscribers ?? []),
  ]
  for (const entry of entries) {
    buildSync({
      entryPoints: [entry],
      outfile: join(out, basename(entry).replace(/\.ts$/, ".js")),
      bundle: true,
      platform: "node",
      format: "cjs",
      target: "node20",
      packages: "external",
      alias: {
        "medusa-payment-svc/workflows": join(
          ROOT,
          "src",
          "lib",
          "events",
          "svc-events.ts"
        ),
      },
      logLevel: "warning",
    })
  }
  return dir
}
