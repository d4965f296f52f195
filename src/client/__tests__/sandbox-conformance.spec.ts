/**
 * Every client method against the running svc sandbox (src/sandbox) over real HTTP, for
 * each algorithm (the steps: helpers/conformance.ts). A call counts as covered when the
 * sandbox answered 2xx and the response passed the client's zod schema, or answered the
 * typed error the step names (unknown ids -> 404). Then the committed docs/conformance.md
 * must be the table this run produces (`npm run docs:conformance` writes it).
 */
import { readFileSync } from "node:fs"

import { SIGNATURE_ALGORITHMS, type SignatureAlgorithm } from "../index"
import {
  CONFORMANCE_COMMAND,
  CONFORMANCE_DOC,
  conformanceContext,
  outcomeOf,
  recordOutcome,
  renderConformance,
  steps,
  type ConformanceResults,
  type Ctx,
} from "./helpers/conformance"

// Titles carry only index, route and method: jest hangs formatting closures in it.each titles.
const results: ConformanceResults = new Map()
jest.setTimeout(20_000)

describe.each(SIGNATURE_ALGORITHMS)(
  "sandbox conformance, %s",
  (alg: SignatureAlgorithm) => {
    let x: Ctx
    let close: () => Promise<void>
    beforeAll(async () => {
      ;({ x, close } = await conformanceContext(alg))
    })
    afterAll(async () => {
      await close()
    })
    it.each(steps.map((s, i) => [i, s[0], s[1]] as const))(
      "%i %s via %s",
      async (i) => {
        const step = steps[i]!
        const outcome = await outcomeOf(step, x)
        recordOutcome(results, step, alg, outcome)
        if (step[3]) expect(outcome).toMatch(new RegExp(`^404 ${step[3]}`))
        else expect(outcome).toBe("2xx, schema ok")
      }
    )
  }
)

describe("docs/conformance.md", () => {
  it(`is the table this run produces (else: ${CONFORMANCE_COMMAND})`, () => {
    const fresh = renderConformance(results)
    const committed = readFileSync(CONFORMANCE_DOC, "utf8")
    if (committed !== fresh) {
      const a = committed.split("\n")
      const b = fresh.split("\n")
      const at = b.findIndex((line, i) => line !== a[i])
      throw new Error(
        `docs/conformance.md is stale: run \`${CONFORMANCE_COMMAND}\` and commit it.\n` +
          `first difference, line ${at + 1}:\n  committed: ${a[at] ?? "(none)"}\n  this run:  ${b[at] ?? "(none)"}`
      )
    }
    expect(committed).toBe(fresh)
  })
})
