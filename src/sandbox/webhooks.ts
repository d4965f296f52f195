import { request } from "undici"
import { isRecord, iso, messageOf, uuid } from "./util"

// The webhook envelope is the sandbox's own (spec: Events says envelope, signature and retries are
// "not shown"): POST <url> {id, type, createdAt, data}; headers svc-event-id, svc-event-type.

export type EndpointType = "WALLET" | "PAYOUT"
export type WebhookConfig = { WALLET?: string[]; PAYOUT?: string[] } | string[]

export interface WebhookEvent {
  id: string
  type: string
  createdAt: string
  data: unknown
}

export interface DeliveryAttempt {
  eventId: string
  type: string
  url: string
  attempt: number
  statusCode: number | null
  error: string | null
  fault: string | null
  at: string
  payload: WebhookEvent
}

export interface WebhookFaultSpec {
  mode: "drop" | "duplicate" | "reorder" | "delay"
  count?: number
  delayMs?: number
}

export interface RetryConfig {
  attempts: number
  baseDelayMs: number
}

interface Job {
  event: WebhookEvent
  url: string
  attempt: number
}

/** Requests in flight per webhook URL. */
const DELIVERY_CONCURRENCY = 8

/** The resource an event is about: its events are delivered one at a time, in order. */
function resourceKeyOf(event: WebhookEvent): string {
  const d = isRecord(event.data) ? event.data : {}
  const id = d.checkoutId ?? d.payoutId ?? d.withdrawalId ?? d.depositId ?? d.id
  return typeof id === "string" ? id : event.id
}

export const endpointTypeOf = (eventType: string): EndpointType =>
  eventType.startsWith("payout.") ? "PAYOUT" : "WALLET"

export class WebhookDispatcher {
  private endpoints: { WALLET: string[]; PAYOUT: string[] } = {
    WALLET: [],
    PAYOUT: [],
  }
  private queues = new Map<string, Job[]>()
  private inFlight = new Map<string, number>()
  private busyResources = new Set<string>()
  private timers = new Set<NodeJS.Timeout>()
  private held: Job[] = []
  private faults: Array<
    Required<Omit<WebhookFaultSpec, "delayMs">> & { delayMs: number }
  > = []
  private waiters: Array<() => void> = []
  private closed = false
  readonly log: DeliveryAttempt[] = []

  constructor(
    config: WebhookConfig | undefined,
    public retry: RetryConfig
  ) {
    this.setConfig(config)
  }

  setConfig(config: WebhookConfig | undefined) {
    if (!config) this.endpoints = { WALLET: [], PAYOUT: [] }
    else if (Array.isArray(config))
      this.endpoints = { WALLET: [...config], PAYOUT: [...config] }
    else
      this.endpoints = {
        WALLET: [...(config.WALLET ?? [])],
        PAYOUT: [...(config.PAYOUT ?? [])],
      }
  }

  config() {
    return {
      WALLET: [...this.endpoints.WALLET],
      PAYOUT: [...this.endpoints.PAYOUT],
    }
  }

  addFault(spec: WebhookFaultSpec) {
    if (!["drop", "duplicate", "reorder", "delay"].includes(spec.mode))
      throw new Error("mode must be drop, duplicate, reorder or delay")
    this.faults.push({
      mode: spec.mode,
      count: spec.count ?? 1,
      delayMs: spec.delayMs ?? 1000,
    })
  }

  clearFaults() {
    this.faults = []
  }

  emit(type: string, data: unknown, createdAtMs: number): WebhookEvent {
    const event: WebhookEvent = {
      id: uuid(),
      type,
      createdAt: iso(createdAtMs),
      data: JSON.parse(JSON.stringify(data)),
    }
    const urls = this.endpoints[endpointTypeOf(type)]
    if (!urls.length || this.closed) return event
    const fault = this.faults.find((f) => f.count > 0)
    if (fault) {
      fault.count--
      this.faults = this.faults.filter((f) => f.count > 0)
    }
    const heldBefore = this.held
    this.held = []
    for (const url of urls) {
      const job: Job = { event, url, attempt: 1 }
      switch (fault?.mode) {
        case "drop":
          this.record(job, null, "dropped by webhook fault", "drop")
          break
        case "duplicate":
          this.enqueue(job)
          this.enqueue({ ...job })
          break
        case "reorder":
          this.held.push(job)
          break
        case "delay":
          this.later(job, fault.delayMs)
          break
        default:
          this.enqueue(job)
      }
    }
    // events held by a "reorder" fault go out right after the next event
    for (const job of heldBefore) this.enqueue(job)
    return event
  }

  private enqueue(job: Job) {
    const q = this.queues.get(job.url) ?? []
    q.push(job)
    this.queues.set(job.url, q)
    void this.pump(job.url)
  }

  private later(job: Job, ms: number) {
    const t = setTimeout(() => {
      this.timers.delete(t)
      this.enqueue(job)
    }, ms)
    this.timers.add(t)
  }

  private record(
    job: Job,
    statusCode: number | null,
    error: string | null,
    fault: string | null = null
  ) {
    this.log.push({
      eventId: job.event.id,
      type: job.event.type,
      url: job.url,
      attempt: job.attempt,
      statusCode,
      error,
      fault,
      at: new Date().toISOString(),
      payload: job.event,
    })
  }

  /**
   * Delivery: up to DELIVERY_CONCURRENCY requests in flight per URL, but one
   * resource's events (one checkout, payout, withdrawal...) one at a time and
   * in order, as a webhook sender working through many resources does. (It was
   * one request at a time per URL: with many shoppers paying at once, the
   * queue, not the store, set how late the last event came.)
   */
  private pump(url: string) {
    const q = this.queues.get(url)
    if (!q) return
    let inFlight = this.inFlight.get(url) ?? 0
    for (
      let i = 0;
      i < q.length && inFlight < DELIVERY_CONCURRENCY && !this.closed;
    ) {
      const job = q[i]!
      const key = `${url} ${resourceKeyOf(job.event)}`
      if (this.busyResources.has(key)) {
        i++
        continue
      }
      q.splice(i, 1)
      this.busyResources.add(key)
      this.inFlight.set(url, ++inFlight)
      void this.deliver(job).finally(() => {
        this.busyResources.delete(key)
        this.inFlight.set(url, (this.inFlight.get(url) ?? 1) - 1)
        this.pump(url)
        this.notify()
      })
    }
  }

  private async deliver(job: Job): Promise<void> {
    let ok = false
    try {
      const res = await request(job.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "svc-event-id": job.event.id,
          "svc-event-type": job.event.type,
        },
        body: JSON.stringify(job.event),
        headersTimeout: 10_000,
        bodyTimeout: 10_000,
      })
      await res.body.dump()
      ok = res.statusCode >= 200 && res.statusCode < 300
      this.record(job, res.statusCode, ok ? null : `HTTP ${res.statusCode}`)
    } catch (err) {
      this.record(job, null, messageOf(err) || String(err))
    }
    if (!ok && job.attempt < this.retry.attempts && !this.closed)
      this.later(
        { ...job, attempt: job.attempt + 1 },
        this.retry.baseDelayMs * 2 ** (job.attempt - 1)
      )
  }

  private idle(): boolean {
    if (this.timers.size) return false
    for (const n of this.inFlight.values()) if (n > 0) return false
    for (const q of this.queues.values()) if (q.length) return false
    return true
  }

  private notify() {
    if (!this.idle()) return
    const w = this.waiters
    this.waiters = []
    for (const fn of w) fn()
  }

  /** Resolves when nothing is queued, in flight, waiting for a retry or held for reordering. */
  flush(): Promise<void> {
    if (this.held.length) {
      const held = this.held
      this.held = []
      for (const job of held) this.enqueue(job)
    }
    if (this.idle()) return Promise.resolve()
    return new Promise((resolve) => this.waiters.push(resolve))
  }

  close() {
    this.closed = true
    for (const t of this.timers) clearTimeout(t)
    this.timers.clear()
    for (const q of this.queues.values()) q.length = 0
    const w = this.waiters
    this.waiters = []
    for (const fn of w) fn()
  }
}
