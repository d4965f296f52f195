/**
 * Jobs that report in (issue 37; the leading "_": Medusa's job loader skips
 * the file). Medusa runs scheduled jobs only in a process whose `workerMode`
 * is `worker` or `shared`: a store deployed with servers only, or whose worker
 * died, loses the reconciliation job and the watcher without a word. Each run
 * of either writes its heartbeat (one row per job in svc_setting, `job:<name>`,
 * written in one statement by whichever instance ran it:
 * src/modules/svc/webhook-statements.ts RECORD_JOB_RUN); the doctor reads the
 * rows back (src/api/admin/svc/health/jobs/job-checks.ts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { z } from "@medusajs/framework/zod"
import { configManager } from "@medusajs/framework/config"
import { svcModuleFrom } from "../modules/svc"
import { findSvcProviderConfig } from "../lib/svc-runtime/config"
import type { SvcProviderOptions } from "../lib/svc-runtime/options"
import { requestTimes } from "../client/telemetry"

/** The two scheduled jobs (their Medusa names: src/jobs/*.ts `config.name`). */
export const JOB_NAMES = {
  reconcile: "svc-reconcile-checkouts",
  watch: "svc-watch-checkouts",
} as const
export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES]

/** Error messages kept per heartbeat are cut to this length. */
const ERROR_MAX = 300

const text = z.string().nullable().catch(null)
const count = z.coerce.number().catch(0)
/**
 * A job's row: the last run (its start and end, ok or failed, its counts, the first error, secrets
 * scrubbed) and what the statement carries over; read defensively (an older or foreign row is not
 * trusted to have every field).
 */
export const heartbeatSchema = z
  .object({
    started_at: text,
    finished_at: z.string().refine((s) => !Number.isNaN(Date.parse(s))),
    outcome: z.enum(["ok", "failed"]).catch("ok"),
    counts: z.record(z.string(), z.unknown()).catch({}),
    error: text,
    runs: count,
    failures_in_a_row: count,
    last_ok_at: text,
    last_error: text,
    last_error_at: text,
  })
  .transform((v) => ({ ...v, started_at: v.started_at ?? v.finished_at }))
export type JobHeartbeat = z.output<typeof heartbeatSchema>

/** The svc provider's options, for a job; null where the config is not loaded (e.g. a unit test). */
export function svcOptions() {
  try {
    return findSvcProviderConfig(configManager.config)?.options ?? null
  } catch {
    return null
  }
}

type Secrets = (string | undefined | null)[]

/**
 * `text` with each of `secrets` replaced by "[secret]", and whatever looks like one too: an
 * unmasked API key (`svc_pk_…`), a PEM private key, a URL's password, a `token=` parameter.
 */
export function redactSecrets(text: string, secrets: Secrets): string {
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
export function scrubError(text: string, secrets: Secrets): string {
  const out = redactSecrets(text, secrets).replace(/\s+/g, " ").trim()
  return out.length > ERROR_MAX ? `${out.slice(0, ERROR_MAX - 1)}…` : out
}

/** The option values that must never be written into a heartbeat's error. */
export function secretsOf(options?: Partial<SvcProviderOptions> | null) {
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

/** The counts the job's last run recorded ({} when none: no run yet, or no migration). */
export async function lastCounts(scope: MedusaContainer, job: JobName) {
  const rows =
    (await svcModuleFrom(scope)
      ?.jobHeartbeats()
      .catch(() => [])) ?? []
  const row = rows.find((r) => r.key === `job:${job}`)
  return heartbeatSchema.safeParse(row?.value).data?.counts ?? {}
}

/** Each job's svc requests (their times) of the last minute, in this process. */
const sent: Record<string, number[]> = {}

/**
 * Runs `body`, timing it and recording its outcome in the job's heartbeat,
 * with the job's svc requests of the last minute in this process
 * (`svc_calls_last_minute`: every request its runs sent, each attempt); an
 * error thrown by `body` is recorded, then thrown again. A heartbeat that
 * cannot be written (e.g. before the migrations ran) never fails the job.
 */
export async function reportingRun<T extends Record<string, unknown>>(
  scope: MedusaContainer,
  job: JobName,
  secrets: Secrets,
  body: () => Promise<{ counts: T; error: string | null }>
): Promise<{ counts: T; error: string | null }> {
  const started_at = new Date().toISOString()
  const times = (sent[job] ??= [])
  const record = async (
    outcome: JobHeartbeat["outcome"],
    counts: Record<string, unknown>,
    e: string | null
  ) => {
    const finished_at = new Date().toISOString()
    while (times.length && times[0] <= Date.now() - 60_000) times.shift()
    const error = e ? scrubError(e, secrets) : null
    const last =
      outcome === "ok"
        ? { last_ok_at: finished_at }
        : { last_error: error, last_error_at: finished_at }
    const run = {
      started_at,
      finished_at,
      outcome,
      counts: { ...counts, svc_calls_last_minute: times.length },
      error,
    }
    // the heartbeat is a report, never a reason for the job to fail
    await svcModuleFrom(scope)
      ?.recordJobRun(`job:${job}`, {
        ...run,
        ...last,
        runs: 1,
        failures_in_a_row: outcome === "failed" ? 1 : 0,
      })
      .catch(() => undefined)
  }
  const r = await requestTimes.run(times, body).catch(async (e: unknown) => {
    await record("failed", {}, e instanceof Error ? e.message : String(e))
    throw e
  })
  await record(r.error ? "failed" : "ok", r.counts, r.error)
  return r
}
