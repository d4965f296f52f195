/**
 * The doctor's word on the scheduled jobs, read from their heartbeats
 * (src/jobs/_heartbeat.ts). The rule (jobCheck, pure):
 * - interval 0: the job is switched off (warn): the option turns it on;
 * - the last K (FAILURES_WARN) runs failed: warn, with the last error;
 * - no run finished for over twice the interval: warn, with the likely cause
 *   (no worker, workerMode, Redis) and the fix; never under a minute (OVERDUE_MIN_MS).
 *   "Since when" is the last run,
 *   or, for a job that never ran, the plugin's first start in this database
 *   (`jobs_since`, written once): a store that just installed the plugin is
 *   given twice the interval before the doctor speaks. A store that was down
 *   as a whole for longer may show the warning until the job's first run after
 *   the restart (one interval at most); the detail says when it last ran.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { SVC_MODULE, type SvcModuleService } from "../../../../../modules/svc"
import type { SvcProviderOptions } from "../../../../../lib/svc-runtime/options"
import {
  heartbeatSchema,
  JOB_NAMES,
  type JobHeartbeat,
  type JobName,
} from "../../../../../jobs/_heartbeat"
import {
  english,
  say,
  spoken,
  type MaybeSpoken,
  type Said,
  type Spoken,
} from "../../../../../lib/texts"

/**
 * "Overdue" is never under a minute: Medusa's schedule does not keep a seconds interval to the
 * second (ticks run one at a time; measured in integration-tests/http/watcher.spec.ts: a 1 s
 * watcher's runs came up to 6 s apart on the loaded 2-core machine, its ticks taking 0.1 s), which
 * is no sign of a missing worker.
 */
const OVERDUE_MIN_MS = 60_000
/** A warning once this many runs in a row failed. */
export const FAILURES_WARN = 3

export type Level = "ok" | "warn" | "fail"
/** A check's level, with its detail and advice in English, each with its code and values for the admin's language (src/lib/texts). */
export type SpokenVerdict = { level: Level } & Spoken<"detail"> &
  MaybeSpoken<"advice">
/** A job's check: its name and label, its interval (`every_seconds`, 0: switched off), option and last heartbeat, and the verdict. */
export type JobState = ReturnType<typeof jobCheck>

/** Each job's check name, option (and its variable) and what it does. */
const JOBS = {
  "svc-reconcile-checkouts": {
    label: say("check.jobReconcile"),
    option: "reconcileEveryMinutes",
    env: "SVC_RECONCILE_EVERY_MINUTES",
    what: say("job.whatReconcile"),
  },
  "svc-watch-checkouts": {
    label: say("check.jobWatch"),
    option: "watchEverySeconds",
    env: "SVC_WATCH_EVERY_SECONDS",
    what: say("job.whatWatch"),
  },
} as const

/** "3 min", "2 h 5 min", "40 s": a duration for the merchant. */
function ago(ms: number): Said {
  const s = Math.max(0, Math.round(ms / 1000))
  if (s < 120) return say("common.seconds", { n: s })
  const m = Math.round(s / 60)
  if (m < 120) return say("common.minutes", { n: m })
  const h = Math.floor(m / 60)
  if (h < 48)
    return m % 60
      ? say("common.hoursMinutes", { h, m: m % 60 })
      : say("common.hours", { h })
  return say("common.days", { n: Math.round(h / 24) })
}

/**
 * One job's check. `sinceMs`: when the plugin first started in this database
 * (null: unknown, then a job with no run is not judged overdue).
 */
export function jobCheck(
  job: JobName,
  everySeconds: number,
  last: JobHeartbeat | null,
  nowMs: number,
  sinceMs: number | null
) {
  const { label, option, env, what } = JOBS[job]
  const state = (level: Level, detail: Said, advice: Said | null = null) => ({
    job,
    label: english(label),
    every_seconds: everySeconds,
    option,
    last,
    level,
    ...spoken("detail", detail),
    ...spoken("advice", advice),
  })
  const from = last ? Date.parse(last.finished_at) : sinceMs
  const since = ago(nowMs - (from ?? nowMs)) // from is null: not said
  const lastRun = !last
    ? say("job.noRun")
    : last.runs
      ? say("job.lastRunCounted", {
          ago: since,
          outcome: last.outcome,
          runs: last.runs,
        })
      : say("job.lastRun", { ago: since, outcome: last.outcome })
  if (everySeconds === 0)
    return state(
      "warn",
      say("job.off", { option, last: lastRun }),
      say("job.offAdvice", { option, env, what })
    )
  const due = Math.max(2 * everySeconds * 1000, OVERDUE_MIN_MS)
  const every = say("job.every", { interval: ago(everySeconds * 1000) })
  if (last && last.failures_in_a_row >= FAILURES_WARN) {
    const n = last.failures_in_a_row
    const error = last.error ?? last.last_error ?? say("job.noMessage")
    return state(
      "warn",
      say("job.failing", { every, n, error }),
      say("job.failingAdvice")
    )
  }
  if (from === null || Number.isNaN(from) || nowMs - from <= due)
    return state(
      "ok",
      last
        ? say("job.ok", { every, last: lastRun })
        : say("job.okNoRun", { every })
    )
  return state(
    "warn",
    !last
      ? say("job.neverRan", { every, ago: since })
      : due === OVERDUE_MIN_MS
        ? say("job.overdueMinute", { every, last: lastRun })
        : say("job.overdueInterval", { every, last: lastRun }),
    say("job.overdueAdvice", { what })
  )
}

export const heartbeatOf = (value: unknown): JobHeartbeat | null =>
  heartbeatSchema.safeParse(value).data ?? null

/** The intervals the store's options set (seconds; 0: off). */
export function jobIntervals(
  options: Partial<SvcProviderOptions>
): Record<JobName, number> {
  return {
    "svc-reconcile-checkouts": (options.reconcileEveryMinutes ?? 5) * 60,
    "svc-watch-checkouts": options.watchEverySeconds ?? 5,
  }
}

/** Both jobs' states, read from their heartbeats (no svc call: the admin's overview reads this alone). */
export async function jobStates(
  container: MedusaContainer,
  options: Partial<SvcProviderOptions>,
  nowMs = Date.now()
) {
  const intervals = jobIntervals(options)
  const rows = await container
    .resolve<SvcModuleService>(SVC_MODULE)
    .jobHeartbeats()
    .catch(() => []) // a store that has not run the migrations: no heartbeat, no mark
  const row = (key: string) => rows.find((r) => r.key === key)
  const mark = row("jobs_since")
  const sinceMs = mark ? new Date(mark.created_at).getTime() : null
  return Object.values(JOB_NAMES).map((job) =>
    jobCheck(
      job,
      intervals[job],
      heartbeatOf(row(`job:${job}`)?.value),
      nowMs,
      sinceMs
    )
  )
}
