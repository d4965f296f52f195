/**
 * OpenTelemetry as a store registers it, in memory, for tests: a tracer provider whose finished
 * spans are kept, and a meter provider with a reader collected on demand; registered globally
 * (as a store's instrumentation.ts does) until `stop`.
 */
import { metrics, trace } from "@opentelemetry/api"
import {
  AggregationTemporality,
  MeterProvider,
  MetricReader,
  type ResourceMetrics,
} from "@opentelemetry/sdk-metrics"
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base"

import { SVC_INSTRUMENTATION } from "../../telemetry"

/** A metric reader collected when the test asks (cumulative, as an exporter would read it). */
class OnDemandReader extends MetricReader {
  constructor() {
    super({
      aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE,
    })
  }
  protected onForceFlush(): Promise<void> {
    return Promise.resolve()
  }
  protected onShutdown(): Promise<void> {
    return Promise.resolve()
  }
}

export type InMemoryOtel = {
  spans: InMemorySpanExporter
  reader: MetricReader
  /** the global providers disabled and shut down */
  stop: () => Promise<void>
}

export function registerInMemoryOtel(): InMemoryOtel {
  const spans = new InMemorySpanExporter()
  const reader = new OnDemandReader()
  const tracerProvider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(spans)],
  })
  const meterProvider = new MeterProvider({ readers: [reader] })
  trace.setGlobalTracerProvider(tracerProvider)
  metrics.setGlobalMeterProvider(meterProvider)
  return {
    spans,
    reader,
    stop: async () => {
      trace.disable()
      metrics.disable()
      await tracerProvider.shutdown()
      await meterProvider.shutdown()
    },
  }
}

/** Each data point of the plugin's metric `name`: its attributes and value (a sum or gauge, or a histogram's count). */
export function metricPoints(
  rm: ResourceMetrics,
  name: string
): { attributes: Record<string, unknown>; value: number }[] {
  const metric = rm.scopeMetrics
    .find((s) => s.scope.name === SVC_INSTRUMENTATION)
    ?.metrics.find((m) => m.descriptor.name === name)
  return (metric?.dataPoints ?? []).map((p) => ({
    attributes: p.attributes,
    value:
      typeof p.value === "number"
        ? p.value
        : (p.value as { count: number }).count,
  }))
}

/** The total of metricPoints over the points whose attributes include `where`. */
export const metricTotal = (
  rm: ResourceMetrics,
  name: string,
  where: Record<string, unknown> = {}
): number =>
  metricPoints(rm, name)
    .filter((p) =>
      Object.entries(where).every(([k, v]) => p.attributes[k] === v)
    )
    .reduce((n, p) => n + p.value, 0)
