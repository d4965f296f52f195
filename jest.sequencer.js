// The order jest starts the integration files in (jest.config.js, `--maxWorkers=2`): the long
// files first, so the run does not end with one worker on a three-minute file while the other
// has nothing left. Jest's own order does this only with the times of an earlier run in its
// cache; a fresh clone (CI) has none, and jest then goes by file size, which puts the long
// waiting files (a killed process's two-minute lock lease, the chaos run: small files) near the end.
//
// Order: files that failed in jest's last run first (as jest does); then the files with a known
// time, longest first: jest's time from its last run when it has one, else the time below; then
// the rest by file size, largest first (as jest does).
const Sequencer = require("@jest/test-sequencer").default
const { relative } = require("node:path")

/**
 * Seconds a file took in a fresh-clone CI (two files at a time on the 2-core machine), the files
 * of 40 s or more: the last green run before 2026-12-08 where it had them (issue 49), else a run
 * of ci-time (082cac8, a busy machine). The files made of parts (`*.cases.ts`: orders-admin,
 * payments, store-extensions, svc-admin) and the line's waits (checkout-line, watcher) are small
 * files, and size would put them last: the run then ended with one worker on a 50-85 s file while
 * the other had nothing left.
 */
const KNOWN_SECONDS = {
  "integration-tests/package/packed-install.spec.ts": 236,
  "integration-tests/admin-browser/admin-pages.spec.ts": 192,
  "integration-tests/browser/storefront.spec.ts": 183,
  "integration-tests/browser/kit-languages.spec.ts": 134,
  "integration-tests/scale/cluster.spec.ts": 131,
  "integration-tests/upgrade/upgrade.spec.ts": 118,
  "integration-tests/scale/crash-points.spec.ts": 95,
  "integration-tests/security/security.spec.ts": 95,
  "integration-tests/http/store-extensions.spec.ts": 88,
  "integration-tests/http/payments.spec.ts": 83,
  "integration-tests/browser/kit-line.spec.ts": 79,
  "integration-tests/http/checkout-line.spec.ts": 71,
  "integration-tests/scale/checkout-line-cluster.spec.ts": 61,
  "integration-tests/storefront/kit.spec.ts": 59,
  "integration-tests/http/orders-admin.spec.ts": 59,
  "integration-tests/http/watcher.spec.ts": 56,
  "integration-tests/scale/paid-no-order-crash.spec.ts": 55,
  "integration-tests/admin/svc-admin.spec.ts": 54,
  "integration-tests/http/checkout-flow.spec.ts": 42,
  "integration-tests/http/validation-and-faults.spec.ts": 40,
}

class LongFirstSequencer extends Sequencer {
  sort(tests) {
    const size = (t) => t.context.hasteFS.getSize(t.path) ?? 0
    const known = (t) => {
      const last = this.time(t)
      if (last != null) return last
      const s = KNOWN_SECONDS[relative(t.context.config.rootDir, t.path).split("\\").join("/")]
      return s == null ? null : s * 1000
    }
    const keyed = tests.map((t) => ({ t, failed: this.hasFailed(t), ms: known(t), size: size(t) }))
    keyed.sort((a, b) => {
      if (a.failed !== b.failed) return a.failed ? -1 : 1
      if ((a.ms != null) !== (b.ms != null)) return a.ms != null ? -1 : 1
      if (a.ms != null && b.ms != null) return b.ms - a.ms
      return b.size - a.size
    })
    return keyed.map((k) => k.t)
  }
}

module.exports = LongFirstSequencer
