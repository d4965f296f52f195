// Projects: "unit" (fast, no database: client, signing, sandbox over real
// local HTTP) and "integration" (a real Medusa app on PostgreSQL talking to the
// sandbox over real HTTP), plus "compat" (npm run test:compat: the packed plugin in bare
// Medusa apps of each supported version; not in `npm test`). All compile TypeScript with @swc/jest.
// Integration tests log to files (integration-tests/setup.js), so the console holds jest's report.
const transform = {
  "^.+\\.[jt]sx?$": [
    "@swc/jest",
    {
      jsc: {
        parser: { syntax: "typescript", tsx: true, decorators: true },
        target: "es2021",
        transform: { legacyDecorator: true, decoratorMetadata: true },
      },
    },
  ],
}
const common = {
  transform,
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  // the storefront kit's "./x.js" imports: its .ts source (jest.resolver.js)
  resolver: "<rootDir>/jest.resolver.js",
  modulePathIgnorePatterns: ["<rootDir>/.medusa/", "<rootDir>/dist/", "<rootDir>/.demo/"],
}
module.exports = {
  // summaryThreshold 0: the failing tests are printed again at the very end of every run
  reporters: [["default", { summaryThreshold: 0 }]],
  // jest's 5 s default is a timing assertion nobody wrote: on a busy 2-core machine a test that
  // sends a hundred requests to a local sandbox can need more (speed is the benches' job). A
  // global option (jest ignores it per project); integration files set their own, longer ones.
  testTimeout: 30_000,
  // the long integration files first, also in a fresh clone with no times of an earlier run (a global option)
  testSequencer: "<rootDir>/jest.sequencer.js",
  // A worker is replaced after a file that leaves it holding more than this. An in-app integration
  // file's Medusa app is not all collected when the file ends (module registries, pools, timers),
  // so a worker that ran many of them grew to 3.1 GB (top, 2026-11-27) and every garbage
  // collection marked all of it; a new worker costs ~1 s (docs/testing.md, "How long").
  workerIdleMemoryLimit: "1000MB",
  projects: [
    {
      ...common,
      displayName: "unit",
      testMatch: ["<rootDir>/src/**/__tests__/**/*.spec.[jt]s", "<rootDir>/packages/*/src/**/__tests__/**/*.spec.[jt]s"],
    },
    {
      ...common,
      displayName: "integration",
      testMatch: ["<rootDir>/integration-tests/**/*.spec.[jt]s"],
      // npm run test:compat only (minutes per Medusa version): not part of `npm test`
      testPathIgnorePatterns: ["/node_modules/", "<rootDir>/integration-tests/compat/", "<rootDir>/integration-tests/storefront-starter/"],
      // after the environment: the setup file needs the test file's path (expect.getState().testPath)
      setupFilesAfterEnv: ["<rootDir>/integration-tests/setup.js"],
    },
    {
      ...common,
      displayName: "compat",
      // the packed plugin in bare Medusa apps of the oldest and newest supported versions, the packed
      // kit in a storefront shaped like Medusa's starter (npm run test:compat)
      testMatch: ["<rootDir>/integration-tests/compat/**/*.spec.[jt]s", "<rootDir>/integration-tests/storefront-starter/**/*.spec.[jt]s"],
      setupFilesAfterEnv: ["<rootDir>/integration-tests/setup.js"],
    },
  ],
}
