import { collectDefaultMetrics, Counter, Gauge, Histogram, register, type CounterConfiguration, type GaugeConfiguration, type HistogramConfiguration } from 'prom-client';

/**
 * The process's one registry: what `GET /metrics` answers. Services add their own counters with
 * `counter` (or `gauge`, `histogram`) at module level; the platform adds request, consumer-lag and
 * process metrics.
 */
export const metricsRegistry = register;

let processMetricsStarted = false;

/** Node's process metrics (CPU, memory, event-loop lag, GC) and the `service` label on every series. */
export function startProcessMetrics(service: string): void {
  metricsRegistry.setDefaultLabels({ service });
  if (processMetricsStarted) return;
  processMetricsStarted = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/**
 * The metric of that name, created on first use: a module loaded twice (tests that start a
 * service more than once in a process) gets the one already registered instead of an error.
 */
function registered<M>(name: string, create: () => M): M {
  return (metricsRegistry.getSingleMetric(name) as M | undefined) ?? create();
}

export const counter = <L extends string>(config: CounterConfiguration<L>): Counter<L> => registered(config.name, () => new Counter(config));

export const gauge = <L extends string>(config: GaugeConfiguration<L>): Gauge<L> => registered(config.name, () => new Gauge(config));

export const histogram = <L extends string>(config: HistogramConfiguration<L>): Histogram<L> => registered(config.name, () => new Histogram(config));
