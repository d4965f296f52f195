// medusaIntegrationTestRunner with the file's database copied from a migrated template
// (template-db.ts) instead of migrated in the file: same options, same context, same tests.
import { join } from "node:path"
import { tmpdir } from "node:os"
import { MedusaAppLoader } from "@medusajs/framework"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import {
  databaseFromTemplate,
  templateDisabled,
} from "../../testing/template-db"

type RunnerOptions = Parameters<typeof medusaIntegrationTestRunner>[0]
type Loader = {
  runModulesMigrations: (...a: unknown[]) => Promise<void>
  getLinksExecutionPlanner: (...a: unknown[]) => Promise<unknown>
}

/**
 * The runner migrates the modules (MedusaAppLoader.runModulesMigrations) and syncs the links
 * (getLinksExecutionPlanner: plan, execute) before it boots the app, with no option to skip
 * either. On a database copied from the template both are done already: the next call of each,
 * the runner's, does nothing (a plan with no actions). Returns the undo, for when the runner
 * never got to them.
 */
function skipNextMigrations(): () => void {
  const proto = MedusaAppLoader.prototype as unknown as Loader
  const run = proto.runModulesMigrations
  const plan = proto.getLinksExecutionPlanner
  if (typeof run !== "function" || typeof plan !== "function") {
    throw new Error(
      "MedusaAppLoader has no runModulesMigrations/getLinksExecutionPlanner any more: integration-tests/helpers/runner.ts needs a look (SVC_TEST_DB_TEMPLATE=off meanwhile)"
    )
  }
  const undo = () => {
    proto.runModulesMigrations = run
    proto.getLinksExecutionPlanner = plan
  }
  proto.runModulesMigrations = async () => {
    proto.runModulesMigrations = run
  }
  proto.getLinksExecutionPlanner = async () => {
    proto.getLinksExecutionPlanner = plan
    return { createPlan: async () => [], executePlan: async () => undefined }
  }
  return undo
}

/**
 * The same two calls timed, not skipped (SVC_TEST_DB_TEMPLATE=off or verify): the log says how
 * long the runner's migrations and link sync took (`[boot]`), the part of the boot a copy saves.
 */
function timeNextMigrations(): () => void {
  const proto = MedusaAppLoader.prototype as unknown as Loader
  const run = proto.runModulesMigrations
  const plan = proto.getLinksExecutionPlanner
  const undo = () => {
    proto.runModulesMigrations = run
    proto.getLinksExecutionPlanner = plan
  }
  let started = 0
  proto.runModulesMigrations = async function (this: unknown, ...a: unknown[]) {
    proto.runModulesMigrations = run
    started = Date.now()
    return run.apply(this, a)
  }
  proto.getLinksExecutionPlanner = async function (
    this: unknown,
    ...a: unknown[]
  ) {
    proto.getLinksExecutionPlanner = plan
    const planner = (await plan.apply(this, a)) as {
      executePlan: (...b: unknown[]) => Promise<unknown>
    }
    const execute = planner.executePlan.bind(planner)
    planner.executePlan = async (...b: unknown[]) => {
      const r = await execute(...b)
      console.log(
        `[boot] the runner's migrations and link sync: ${Date.now() - started} ms`
      )
      return r
    }
    return planner
  }
  return undo
}

/**
 * medusaIntegrationTestRunner({ inApp, env, testSuite, … }) for this repository's files: the
 * database comes from the template (built on first use), the app boots without migrating, and
 * the file's log says how long the boot took (`[boot]`).
 */
export function svcIntegrationRunner(options: RunnerOptions): void {
  let dbName = ""
  let started = 0
  let undo = () => {}
  beforeAll(async () => {
    started = Date.now()
    if (templateDisabled()) {
      undo = timeNextMigrations()
      return
    }
    const dir = process.env.TEST_LOG_DIR || tmpdir()
    const t = await databaseFromTemplate(dbName, join(dir, "template-db.log"))
    // verify: the runner migrates the copy as it would a new database, and should find nothing to do
    const verify = process.env.SVC_TEST_DB_TEMPLATE === "verify"
    undo = verify ? timeNextMigrations() : skipNextMigrations()
    console.log(
      `[boot] ${dbName}: a copy of ${t.template} (${t.built ? "built now" : "reused"}) in ${t.ms} ms; ${verify ? "the runner's migrations run (verify)" : "no migrations"}`
    )
  })
  medusaIntegrationTestRunner({
    ...options,
    testSuite: (ctx) => {
      dbName = ctx.dbConfig.dbName
      beforeAll(() => {
        undo()
        console.log(
          `[boot] database and Medusa ready in ${Date.now() - started} ms`
        )
      })
      options.testSuite(ctx)
    },
  })
  afterAll(() => undo())
}
