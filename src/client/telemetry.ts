/**
 * OpenTelemetry through `@opentelemetry/api` only: the plugin ships no SDK and no exporter. With
 * no provider registered (a store that did not register OpenTelemetry, as Medusa's
 * `instrumentation.ts` does) every call here is the API's no-op; a store that registers one sees
 * the spans and metrics named in docs/operations.md.
 *
 * What is never an attribute: the API key, a signature, a body, a buyer's name, an
 * Idempotency-Key. Attributes are the route's template (`/v1/checkout/{id}`, never the id), the
 * method, the status, svc's error `code`, the attempt count, and the plugin's own outcome words.
 */
import { AsyncLocalStorage } from "node:async_hooks"
import {
  metrics,
  trace,
  type Attributes,
  type Counter,
  type Histogram,
  type Meter,
  type MeterProvider,
  type Tracer,
} from "@opentelemetry/api"

/** The instrumentation scope of every span and metric of the plugin. */
export const SVC_INSTRUMENTATION = "medusa-payment-svc"

/** The metrics' names: one table (docs/operations.md). */
export const SVC_METRICS = {
  /** Each HTTP request sent to svc (every attempt): attributes http.request.method, url.template, http.response.status_code or error.type. */
  requests: "svc.client.requests",
  /** One client call, retries included, in seconds: attributes as above plus svc.error.code, http.request.resend_count. */
  callDuration: "svc.client.call.duration",
  /** A call refused before it was sent (nothing sent): svc.refusal.reason. */
  refusals: "svc.rate_budget.refusals",
  /** Paid at svc → the order placed, in seconds: svc.settle.source. */
  settleLag: "svc.settle.lag",
  /** Settlements by outcome: svc.settle.outcome, svc.settle.source. */
  settlements: "svc.settle.outcomes",
  /** Webhook deliveries by outcome: svc.webhook.outcome. */
  webhooks: "svc.webhook.events",
  /** Checkouts made and not final at svc (CREATED, PENDING, PROCESSING), in the store's ledger. */
  openCheckouts: "svc.checkouts.open",
  /** Refund payouts not final (requested, sending, uncertain, initiated at svc). */
  unsettledPayouts: "svc.payouts.unsettled",
  /** Withdrawals to the merchant's bank not final. */
  unsettledWithdrawals: "svc.withdrawals.unsettled",
  /** Carts in the line for svc's checkout budget (src/lib/svc-runtime/checkout-line.ts). */
  lineLength: "svc.line.length",
  /** The wait a shopper starting now would be told, in seconds. */
  lineWait: "svc.line.wait",
} as const

/** What the ledger holds that is not final, read when a metric reader collects (never otherwise). */
export type LedgerCounts = {
  open_checkouts: number
  unsettled_payouts: number
  unsettled_withdrawals: number
}
let ledgerCounts: (() => Promise<LedgerCounts>) | undefined

/**
 * The ledger's counts as gauges (the module's service gives them at start). Read only when the
 * store's metric reader collects: a store without OpenTelemetry never runs the query.
 */
export function observeSvcLedger(counts: () => Promise<LedgerCounts>): void {
  ledgerCounts = counts
  svcInstruments()
}

/** The checkout line now (CheckoutLine.state), read when a metric reader collects. */
let lineState:
  (() => Promise<{ length: number; wait_seconds: number }>) | undefined

/** The line's length and wait as gauges (the account's runtime gives them when it is made). */
export function observeSvcLine(state: NonNullable<typeof lineState>): void {
  lineState = state
  svcInstruments()
}

export const tracer = (): Tracer => trace.getTracer(SVC_INSTRUMENTATION)

type Instruments = {
  requests: Counter
  callDuration: Histogram
  refusals: Counter
  settleLag: Histogram
  settlements: Counter
  webhooks: Counter
}

let made: { provider: MeterProvider; instruments: Instruments } | undefined

/**
 * The instruments on the meter provider registered now. The metrics API has no proxy provider: a
 * meter taken before the store registered OpenTelemetry would stay a no-op, so the instruments
 * are made again whenever the global provider changes (one comparison per use otherwise).
 */
export function svcInstruments(): Instruments {
  const provider = metrics.getMeterProvider()
  if (made?.provider !== provider)
    made = {
      provider,
      instruments: makeInstruments(provider.getMeter(SVC_INSTRUMENTATION)),
    }
  return made.instruments
}

function makeInstruments(meter: Meter): Instruments {
  const open = meter.createObservableGauge(SVC_METRICS.openCheckouts, {
    description: "svc checkouts made and not final",
    unit: "{checkout}",
  })
  const payouts = meter.createObservableGauge(SVC_METRICS.unsettledPayouts, {
    description: "refund payouts not final",
    unit: "{payout}",
  })
  const withdrawals = meter.createObservableGauge(
    SVC_METRICS.unsettledWithdrawals,
    { description: "withdrawals not final", unit: "{withdrawal}" }
  )
  meter.addBatchObservableCallback(
    async (r) => {
      if (!ledgerCounts) return
      // a database that does not answer: no point this time, never a failed collection
      const c = await ledgerCounts().catch(() => undefined)
      if (!c) return
      r.observe(open, c.open_checkouts)
      r.observe(payouts, c.unsettled_payouts)
      r.observe(withdrawals, c.unsettled_withdrawals)
    },
    [open, payouts, withdrawals]
  )
  const length = meter.createObservableGauge(SVC_METRICS.lineLength, {
    description: "carts in line for svc's checkout budget",
    unit: "{cart}",
  })
  const wait = meter.createObservableGauge(SVC_METRICS.lineWait, {
    description: "the wait a shopper starting now is told",
    unit: "s",
  })
  meter.addBatchObservableCallback(
    async (r) => {
      const l = await lineState?.().catch(() => undefined)
      if (!l) return
      r.observe(length, l.length)
      r.observe(wait, l.wait_seconds)
    },
    [length, wait]
  )
  const counter = (
    name: keyof typeof SVC_METRICS,
    description: string,
    unit: string
  ) => meter.createCounter(SVC_METRICS[name], { description, unit })
  const histogram = (name: keyof typeof SVC_METRICS, description: string) =>
    meter.createHistogram(SVC_METRICS[name], { description, unit: "s" })
  return {
    requests: counter(
      "requests",
      "HTTP requests sent to svc, each attempt",
      "{request}"
    ),
    callDuration: histogram(
      "callDuration",
      "svc client calls, retries and back-off included"
    ),
    refusals: counter(
      "refusals",
      "svc calls refused before anything was sent",
      "{call}"
    ),
    settleLag: histogram("settleLag", "from paid at svc to the order placed"),
    settlements: counter(
      "settlements",
      "settle workflow runs by outcome",
      "{run}"
    ),
    webhooks: counter(
      "webhooks",
      "svc webhook deliveries by outcome",
      "{event}"
    ),
  }
}

/** The times of the requests sent within `requestTimes.run(times, …)`: a job's count of its own svc calls (src/jobs/_heartbeat.ts). */
export const requestTimes = new AsyncLocalStorage<number[]>()

/** A request sent to svc (each attempt): counted, and its time kept for the job that sent it. */
export function countRequest(attributes: Attributes): void {
  svcInstruments().requests.add(1, attributes)
  requestTimes.getStore()?.push(Date.now())
}

/** A call refused before it was sent (the account's rate budget, a shopper's limit). */
export function countRefusal(
  reason: string,
  attributes: Attributes = {}
): void {
  svcInstruments().refusals.add(1, {
    "svc.refusal.reason": reason,
    ...attributes,
  })
}
