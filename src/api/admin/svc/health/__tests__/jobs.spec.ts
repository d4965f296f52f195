import {
  FAILURES_WARN,
  heartbeatOf,
  jobCheck,
  jobIntervals,
} from "../jobs/job-checks"
import {
  scrubError,
  secretsOf,
  type JobHeartbeat,
} from "../../../../../jobs/_heartbeat"

// The doctor's word on the scheduled jobs (issue 37): switched off, overdue (over twice the
// interval since the last run, or since the plugin's first start for a job that never ran),
// failing again and again, or fine; and an error kept in a heartbeat never carries a secret.
const NOW = Date.parse("2026-11-27T03:00:00Z")
const at = (secondsAgo: number) =>
  new Date(NOW - secondsAgo * 1000).toISOString()
const beat = (
  secondsAgo: number,
  over: Partial<JobHeartbeat> = {}
): JobHeartbeat => ({
  started_at: at(secondsAgo + 1),
  finished_at: at(secondsAgo),
  outcome: "ok",
  counts: {},
  error: null,
  runs: 10,
  failures_in_a_row: 0,
  last_ok_at: at(secondsAgo),
  last_error: null,
  last_error_at: null,
  ...over,
})

describe("jobCheck", () => {
  it("an interval of 0 is its own warning: the job is switched off, and the option turns it on", () => {
    const c = jobCheck(
      "svc-reconcile-checkouts",
      0,
      null,
      NOW,
      NOW - 86_400_000
    )
    expect(c.level).toBe("warn")
    expect(c.detail).toBe(
      "switched off (reconcileEveryMinutes: 0); no run recorded"
    )
    expect(c.advice).toMatch(
      /^Set the provider option `reconcileEveryMinutes` \(SVC_RECONCILE_EVERY_MINUTES\) to a number above 0/
    )
    expect(jobCheck("svc-watch-checkouts", 0, beat(30), NOW, null).detail).toBe(
      "switched off (watchEverySeconds: 0); last run 30 s ago (ok, 10 runs recorded)"
    )
  })

  it("ran within twice its interval: ok, with when it last ran", () => {
    const c = jobCheck("svc-watch-checkouts", 5, beat(9), NOW, null)
    expect(c).toMatchObject({ level: "ok", advice: null, every_seconds: 5 })
    expect(c.detail).toBe(
      "runs every 5 s; last run 9 s ago (ok, 10 runs recorded)"
    )
    expect(
      jobCheck("svc-reconcile-checkouts", 300, beat(599), NOW, null).level
    ).toBe("ok")
  })

  it("a short interval is given a minute: slow ticks (one at a time) are no missing worker", () => {
    expect(jobCheck("svc-watch-checkouts", 5, beat(59), NOW, null).level).toBe(
      "ok"
    )
    const late = jobCheck("svc-watch-checkouts", 5, beat(61), NOW, null)
    expect(late.level).toBe("warn")
    expect(late.detail).toBe(
      "runs every 5 s, but last run 61 s ago (ok, 10 runs recorded): over a minute"
    )
    expect(
      jobCheck("svc-watch-checkouts", 5, null, NOW, NOW - 59_000).level
    ).toBe("ok")
  })

  it("no run for over twice its interval: a warning naming the worker, workerMode and Redis", () => {
    const c = jobCheck("svc-reconcile-checkouts", 300, beat(601), NOW, null)
    expect(c.level).toBe("warn")
    expect(c.detail).toBe(
      "runs every 5 min, but last run 10 min ago (ok, 10 runs recorded): over twice its interval"
    )
    expect(c.advice).toMatch(
      /workerMode `worker` or `shared` \(MEDUSA_WORKER_MODE\)/
    )
    expect(c.advice).toMatch(/MEDUSA_WORKER_MODE=worker/)
    expect(c.advice).toMatch(/Redis/)
    expect(c.advice).toMatch(/refund payouts, withdrawals/)
  })

  it("never ran: judged from the plugin's first start, given twice the interval; not judged when that is unknown", () => {
    expect(
      jobCheck("svc-reconcile-checkouts", 300, null, NOW, NOW - 599_000)
    ).toMatchObject({
      level: "ok",
      detail:
        "runs every 5 min; no run recorded yet (the plugin started recently)",
    })
    const late = jobCheck("svc-watch-checkouts", 5, null, NOW, NOW - 3_600_000)
    expect(late.level).toBe("warn")
    expect(late.detail).toBe(
      "runs every 5 s, but has not run once since the plugin first started 60 min ago"
    )
    expect(jobCheck("svc-watch-checkouts", 5, null, NOW, null).level).toBe("ok")
  })

  it(`the last ${FAILURES_WARN} runs failed: a warning with the last error; fewer, or a success since: ok`, () => {
    const failing = beat(2, {
      outcome: "failed",
      failures_in_a_row: FAILURES_WARN,
      error: "payouts: connect ECONNREFUSED 127.0.0.1:4010",
    })
    const c = jobCheck("svc-reconcile-checkouts", 300, failing, NOW, null)
    expect(c.level).toBe("warn")
    expect(c.detail).toBe(
      "runs every 5 min; the last 3 runs failed: payouts: connect ECONNREFUSED 127.0.0.1:4010"
    )
    expect(c.advice).toMatch(/worker's log/)
    expect(
      jobCheck(
        "svc-reconcile-checkouts",
        300,
        { ...failing, failures_in_a_row: FAILURES_WARN - 1 },
        NOW,
        null
      ).level
    ).toBe("ok")
  })

  it("the intervals from the options, in seconds (defaults 5 min and 5 s)", () => {
    expect(jobIntervals({})).toEqual({
      "svc-reconcile-checkouts": 300,
      "svc-watch-checkouts": 5,
    })
    expect(
      jobIntervals({ reconcileEveryMinutes: 0, watchEverySeconds: 30 })
    ).toEqual({ "svc-reconcile-checkouts": 0, "svc-watch-checkouts": 30 })
  })
})

describe("heartbeats hold no secret", () => {
  const pem =
    "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIFakeKeyMaterialForTheTestOnly0123456789abcd\n-----END PRIVATE KEY-----\n"
  const options = {
    apiKey: "svc_pk_live_AbCdEfGhIjKlMnOp",
    privateKey: pem,
    keyId: "key_123456789",
    webhookToken: "tok_abcdefghijklmnopqrstuvwx",
    redisUrl: "redis://:hunter22@redis:6379",
  }

  it("scrubs the options' secrets, any API key, PEM, URL password and webhook token; one line, bounded", () => {
    const text = [
      `svc refused svc_pk_live_AbCdEfGhIjKlMnOp`,
      `key ${pem}`,
      `also svc_pk_test_zzzzzzzzzzzzzzzz`,
      `redis://:hunter22@redis:6379 down`,
      `POST /hooks/svc?token=tok_abcdefghijklmnopqrstuvwx`,
      `keyId key_123456789`,
    ].join("\n")
    const out = scrubError(text, secretsOf(options))
    for (const s of [
      "AbCdEfGhIjKlMnOp",
      "FakeKeyMaterial",
      "PRIVATE KEY",
      "zzzzzzzzzzzz",
      "hunter22",
      "tok_abc",
      "key_123456789",
    ])
      expect(out).not.toContain(s)
    expect(out).not.toContain("\n")
    expect(out).toContain("svc refused [secret]")
    expect(scrubError("x".repeat(1000), []).length).toBe(300)
  })

  it("a row not written by this code reads as no heartbeat, or with defaults", () => {
    expect(heartbeatOf(null)).toBeNull()
    expect(heartbeatOf({ finished_at: "not a date" })).toBeNull()
    expect(heartbeatOf({ finished_at: at(1) })).toMatchObject({
      outcome: "ok",
      runs: 0,
      failures_in_a_row: 0,
      counts: {},
      error: null,
    })
  })
})
