// The store's own extensions the demo runs (medusa-config.ts loads them when SVC_EXAMPLES_PLUGIN
// names the folder): docs/examples' subscriber (an email to the buyer when a refund's payout
// settles) and the demo's line in the log for every plugin event (subscribers/svc-events-log.ts),
// built as a small local plugin by testing/examples-plugin.ts.
import { join } from "node:path"
import { buildExamplesPlugin } from "../testing/examples-plugin"

/** The demo's own subscribers, beside docs/examples'. */
export const DEMO_SUBSCRIBERS = [join(__dirname, "subscribers", "svc-events-log.ts")]

/** Builds `<parent>/examples` (the demo's: .demo/examples); its folder. */
export function buildDemoPlugin(parent: string): string {
  return buildExamplesPlugin(parent, { subscribers: DEMO_SUBSCRIBERS })
}
