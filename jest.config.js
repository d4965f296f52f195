// Two projects: "unit" (fast, no database: client, signing, sandbox over real
// local HTTP) and "integration" (a real Medusa app on PostgreSQL talking to the
// sandbox over real HTTP). Both compile TypeScript with @swc/jest.
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
      // after the environment: the setup file needs the test file's path (expect.getState().testPath)
      setupFilesAfterEnv: ["<rootDir>/integration-tests/setup.js"],
    },
  ],
}
