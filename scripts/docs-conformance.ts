/**
 * Writes docs/conformance.md: every client method against `startSandbox()` over real HTTP,
 * once per algorithm, the outcome per route (src/client/__tests__/helpers/conformance.ts).
 * src/client/__tests__/sandbox-conformance.spec.ts runs the same steps and fails when the
 * committed file differs from what it produces.
 *
 * Run: npm run docs:conformance   (node -r @swc-node/register scripts/docs-conformance.ts)
 */
import { writeFileSync } from "node:fs"
import { relative } from "node:path"

import { SIGNATURE_ALGORITHMS } from "../src/client"
import { CONFORMANCE_DOC, conformanceContext, outcomeOf, recordOutcome, renderConformance, steps, type ConformanceResults } from "../src/client/__tests__/helpers/conformance"

async function main(): Promise<void> {
  const results: ConformanceResults = new Map()
  for (const alg of SIGNATURE_ALGORITHMS) {
    const { x, close } = await conformanceContext(alg)
    try {
      for (const step of steps) recordOutcome(results, step, alg, await outcomeOf(step, x))
    } finally {
      await close()
    }
  }
  writeFileSync(CONFORMANCE_DOC, renderConformance(results))
  console.log(`wrote ${relative(process.cwd(), CONFORMANCE_DOC)} (${results.size} routes × ${SIGNATURE_ALGORITHMS.length} algorithms)`)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
