/**
 * Jobs that report in (issue 37). Medusa runs scheduled jobs only in a process
 * whose `workerMode` is `worker` or `shared`: a store deployed with servers
 * only, or whose worker died, loses the reconciliation job and the watcher
 * without a word. Each run of either writes its heartbeat (one row per job in
 * svc_setting, `job:<name>`, written in one statement by whichever instance ran
 * it: src/modules/svc/webhook-statements.ts RECORD_JOB_RUN), and the doctor
 * reads the rows back and says when each last ran, and why one may not.
 *
 * The rule (jobCheck, pure):
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
import { svcModuleFrom } from "../../modules/svc"
import type { Level } from "./doctor"
import {
  english,
  say,
  spoken,
  type MaybeSpoken,
  type Said,
  type Spoken,
} from "../texts"

/** The two scheduled jobs (their Medusa names: src/jobs/*.ts `config.name`). */
export const JOB_NAMES = {
  reconcile: "svc-reconcile-checkouts",
  watch: "svc-watch-checkouts",
} as const
export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES]

/**
 * "Overdue" is never under a minute: Medusa's schedule does not keep a seconds interval to the
 * second (ticks run one at a time; measured in integration-tests/http/watcher.spec.ts: a 1 s
 * watcher's runs came up to 6 s apart on the loaded 2-core machine, its ticks taking 0.1 s), which
 * is no sign of a missing worker.
 */
export const OVERDUE_MIN_MS = 60_000
/** A warning once this many runs in a row failed. */
export const FAILURES_WARN = 3
/** Error messages kept per heartbeat are cut to this length. */
const ERROR_MAX = 300

/** What one run did: its start and end, ok or failed, its counts, the first error (secrets scrubbed). */
export type JobRun = {
  started_at: string
  finished_at: string
  outcome: "ok" | "failed"
  counts: Record<string, unknown>
  error: string | null
}

/** The row of a job: the last run, and what the statement carries over. */
export type JobHeartbeat = JobRun & {
  runs: number
  failures_in_a_row: number
  last_ok_at: string | null
  last_error: string | null
  last_error_at: string | null
}

export type JobState = {
  job: JobName
  label: string
  /** The interval in seconds; 0: switched off. */
  every_seconds: number
  option: string
  last: JobHeartbeat | null
  level: Level
} & Spoken<"detail"> &
  MaybeSpoken<"advice">

const LABEL: Record<
  JobName,
  { label: string; option: string; env: string; what: Said }
> = {
  "svc-reconcile-checkouts": {
    label: "Reconciliation job",
    option: "reconcileEveryMinutes",
    env: "SVC_RECONCILE_EVERY_MINUTES",
    what: say("job.whatReconcile"),
  },
  "svc-watch-checkouts": {
    label: "Checkout watcher",
    option: "watchEverySeconds",
    env: "SVC_WATCH_EVERY_SECONDS",
    what: say("job.whatWatch"),
  },
}

/** "3 min", "2 h 5 min", "40 s": a duration for the merchant. */
export function ago(ms: number): string {
  return english(agoSaid(ms))
}

/** ago() as a sentence of the catalogue (src/lib/texts). */
export function agoSaid(ms: number): Said {
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
): JobState {
  const l = LABEL[job]
  const base = {
    job,
    label: l.label,
    every_seconds: everySeconds,
    option: l.option,
    last,
  }
  const state = (
    level: Level,
    detail: Said,
    advice: Said | null = null
  ): JobState => ({
    ...base,
    level,
    ...spoken("detail", detail),
    ...spoken("advice", advice),
  })
  const lastRun = last
    ? last.runs
      ? say("job.lastRunCounted", {
          ago: agoSaid(nowMs - Date.parse(last.finished_at)),
          outcome: last.outcome,
          runs: last.runs,
        })
      : say("job.lastRun", {
          ago: agoSaid(nowMs - Date.parse(last.finished_at)),
          outcome: last.outcome,
        })
    : say("job.noRun")
  if (everySeconds === 0) {
    return state(
      "warn",
      say("job.off", { option: l.option, last: lastRun }),
      say("job.offAdvice", { option: l.option, env: l.env, what: l.what })
    )
  }
  const due = Math.max(2 * everySeconds * 1000, OVERDUE_MIN_MS)
  const every = say("job.every", { interval: agoSaid(everySeconds * 1000) })
  if (last && last.failures_in_a_row >= FAILURES_WARN) {
    const error = last.error ?? last.last_error ?? say("job.noMessage")
    return state(
      "warn",
      say("job.failing", { every, n: last.failures_in_a_row, error }),
      say("job.failingAdvice")
    )
  }
  const from = last ? Date.parse(last.finished_at) : sinceMs
  if (from !== null && !Number.isNaN(from) && nowMs - from > due) {
    return state(
      "warn",
      last
        ? say(
            due === OVERDUE_MIN_MS
              ? "job.overdueMinute"
              : "job.overdueInterval",
            { every, last: lastRun }
          )
        : say("job.neverRan", { every, ago: agoSaid(nowMs - from) }),
      say("job.overdueAdvice", { what: l.what })
    )
  }
  return state(
    "ok",
    last
      ? say("job.ok", { every, last: lastRun })
      : say("job.okNoRun", { every })
  )
}

/**
 * `text` with each of `secrets` replaced by "[secret]", and whatever looks like one too: an
 * unmasked API key (`svc_pk_…`), a PEM private key, a URL's password, a `token=` parameter.
 */
export function redactSecrets(
  text: string,
  secrets: (string | undefined | null)[]
): string {
  let out = text
  // longest first: a PEM line inside the whole PEM is replaced with it
  for (const s of [...secrets].sort(
    (a, b) => (b?.length ?? 0) - (a?.length ?? 0)
  ))
    if (s && s.length >= 6) out = out.split(s).join("[secret]")
  out = out.replace(
    /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/g,
    "[secret]"
  )
  out = out.replace(/svc_pk_[A-Za-z0-9_]{12,}/g, "[secret]")
  out = out.replace(
    /(\b[a-z][a-z0-9+.-]*:\/\/[^:/\s@"]*:)[^@\s"]+@/gi,
    "$1[secret]@"
  )
  return out.replace(/([?&]token=)[^&\s"]+/gi, "$1[secret]")
}

/** `text` without any secret (redactSecrets), on one line, at most ERROR_MAX characters. */
export function scrubError(
  text: string,
  secrets: (string | undefined | null)[]
): string {
  const out = redactSecrets(text, secrets).replace(/\s+/g, " ").trim()
  return out.length > ERROR_MAX ? `${out.slice(0, ERROR_MAX - 1)}…` : out
}

/** A heartbeat row's value, read defensively (an older or foreign row is not trusted to have every field). */
export function heartbeatOf(value: unknown): JobHeartbeat | null {
  const v = value as Partial<JobHeartbeat> | null
  if (
    !v ||
    typeof v.finished_at !== "string" ||
    Number.isNaN(Date.parse(v.finished_at))
  )
    return null
  return {
    started_at: typeof v.started_at === "string" ? v.started_at : v.finished_at,
    finished_at: v.finished_at,
    outcome: v.outcome === "failed" ? "failed" : "ok",
    counts: v.counts && typeof v.counts === "object" ? v.counts : {},
    error: typeof v.error === "string" ? v.error : null,
    runs: Number(v.runs ?? 0) || 0,
    failures_in_a_row: Number(v.failures_in_a_row ?? 0) || 0,
    last_ok_at: typeof v.last_ok_at === "string" ? v.last_ok_at : null,
    last_error: typeof v.last_error === "string" ? v.last_error : null,
    last_error_at: typeof v.last_error_at === "string" ? v.last_error_at : null,
  }
}

type Scope = { resolve: (key: string) => unknown }

/**
 * Records one run of `job` (never throws: a job whose heartbeat cannot be
 * written, e.g. before the migrations ran, still does its work).
 */
export async function recordJobRun(
  scope: Scope,
  job: JobName,
  run: JobRun,
  secrets: (string | undefined | null)[] = []
): Promise<void> {
  const error = run.error ? scrubError(run.error, secrets) : null
  const value = {
    ...run,
    error,
    ...(run.outcome === "ok"
      ? { last_ok_at: run.finished_at }
      : { last_error: error, last_error_at: run.finished_at }),
    runs: 1,
    failures_in_a_row: run.outcome === "failed" ? 1 : 0,
  }
  try {
    await svcModuleFrom(scope)?.recordJobRun(`job:${job}`, value)
  } catch {
    // the heartbeat is a report, never a reason for the job to fail
  }
}

/** Runs `body`, timing it and recording its outcome; an error thrown by `body` is recorded, then thrown again. */
export async function reportingRun<T extends Record<string, unknown>>(
  scope: Scope,
  job: JobName,
  secrets: (string | undefined | null)[],
  body: () => Promise<{ counts: T; error: string | null }>
): Promise<{ counts: T; error: string | null }> {
  const started = new Date().toISOString()
  try {
    const r = await body()
    await recordJobRun(
      scope,
      job,
      {
        started_at: started,
        finished_at: new Date().toISOString(),
        outcome: r.error ? "failed" : "ok",
        counts: r.counts,
        error: r.error,
      },
      secrets
    )
    return r
  } catch (e) {
    await recordJobRun(
      scope,
      job,
      {
        started_at: started,
        finished_at: new Date().toISOString(),
        outcome: "failed",
        counts: {},
        error: (e as Error).message ?? String(e),
      },
      secrets
    )
    throw e
  }
}

/** The intervals the store's options set (seconds; 0: off). */
export function jobIntervals(options: {
  reconcileEveryMinutes?: number
  watchEverySeconds?: number
}): Record<JobName, number> {
  return {
    "svc-reconcile-checkouts": (options.reconcileEveryMinutes ?? 5) * 60,
    "svc-watch-checkouts": options.watchEverySeconds ?? 5,
  }
}

/** Both jobs' states, read from their heartbeats (no svc call: the admin's overview reads this alone). */
export async function jobStates(
  container: MedusaContainer | Scope,
  options: { reconcileEveryMinutes?: number; watchEverySeconds?: number },
  nowMs = Date.now()
): Promise<JobState[]> {
  const intervals = jobIntervals(options)
  let rows: { key: string; value: unknown; created_at: string | Date }[] = []
  try {
    rows = (await svcModuleFrom(container)?.jobHeartbeats()) ?? []
  } catch {
    rows = [] // a store that has not run the migrations: no heartbeat, no mark
  }
  const byKey = new Map(rows.map((r) => [r.key, r]))
  const mark = byKey.get("jobs_since")
  const sinceMs = mark ? new Date(mark.created_at).getTime() : null
  return (Object.values(JOB_NAMES) as JobName[]).map((job) =>
    jobCheck(
      job,
      intervals[job],
      heartbeatOf(byKey.get(`job:${job}`)?.value),
      nowMs,
      sinceMs
    )
  )
}

/** The option values that must never be written into a heartbeat's error. */
export function secretsOf(
  options:
    | {
        apiKey?: string
        privateKey?: string
        keyId?: string
        webhookToken?: string
        redisUrl?: string
      }
    | null
    | undefined
): string[] {
  if (!options) return []
  const pemLines = (options.privateKey ?? "")
    .split(/\r?\n/)
    .filter((l) => l.length >= 16 && !l.startsWith("-----"))
  return [
    options.apiKey,
    options.privateKey,
    options.keyId,
    options.webhookToken,
    options.redisUrl,
    ...pemLines,
  ].filter((s): s is string => !!s)
}
