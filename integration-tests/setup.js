// Runs in every integration test file before the file itself (setupFilesAfterEnv).

// MikroORM keeps entity metadata in a process-wide store; clear it between test
// files so each Medusa app boots with only its own models.
const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")
MetadataStorage.clear()

// Medusa's test runner (@medusajs/test-utils 2.21, medusa-test-runner.js) imports the app's
// links (src/links) to migrate, empties the module registry (MedusaModule.clearInstances), then
// boots the app, whose import of the same files is cached and registers nothing: the links are
// lost. `medusa start` imports them once; so the registry keeps them here across that clearing.
const { MedusaModule } = require("@medusajs/framework/modules-sdk")
const clearInstances = MedusaModule.clearInstances.bind(MedusaModule)
MedusaModule.clearInstances = () => {
  const links = [...MedusaModule.getCustomLinks()]
  clearInstances()
  for (const link of links) MedusaModule.setCustomLink(link)
}

// Logs to a file per test file, so the console keeps only jest's report (scripts/test.sh sets
// TEST_LOG_DIR and prints it at the end; TEST_LOG_CONSOLE=1 leaves everything on the console).
//
// Medusa 2.21.2's logger (@medusajs/framework/logger is @medusajs/cli/dist/reporter) is one
// winston logger built when the module loads: a Console transport always (JSON lines written
// straight to process.stdout, past jest's console), a File transport only if LOG_FILE is set,
// and one level for both (LOG_LEVEL, default "http"). No env var turns the Console transport off,
// so its transports are replaced here. knex (pool errors after the runner drops the test
// database) and the tests print with console.log; those lines go to the same file.
// console.warn and console.error stay on the console.
const dir = process.env.TEST_LOG_DIR
if (dir && !process.env.TEST_LOG_CONSOLE) {
  const { appendFileSync, mkdirSync } = require("node:fs")
  const path = require("node:path")
  const { format } = require("node:util")
  const Transport = require("winston-transport")

  const testFile = path.relative(process.cwd(), expect.getState().testPath)
  const file = path.join(dir, testFile.replace(/\.[jt]sx?$/, "").replace(/[\\/]/g, "__") + ".log")
  mkdirSync(dir, { recursive: true })
  // synchronous: --forceExit must not cut off the last lines
  const write = (line) => appendFileSync(file, String(line).replace(/\n?$/, "\n"))
  const MESSAGE = Symbol.for("message")

  class FileLines extends Transport {
    log(info, callback) {
      write(info[MESSAGE] ?? JSON.stringify(info))
      callback()
    }
  }

  const winston = require("@medusajs/framework/logger").logger.loggerInstance_
  if (winston && typeof winston.clear === "function" && typeof winston.add === "function") {
    winston.clear()
    winston.add(new FileLines())
  } else {
    process.stderr.write(`integration-tests/setup.js: Medusa's logger has no winston instance here; its logs stay on the console\n`)
  }
  for (const method of ["log", "info", "debug"]) {
    console[method] = (...args) => write(`[console.${method}] ${format(...args)}`)
  }
}
