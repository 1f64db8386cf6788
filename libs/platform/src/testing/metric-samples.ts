import { metricsRegistry } from '../metrics';

export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a Prometheus text exposition (what GET /metrics answers), comments left out. */
export function parseMetricSamples(text: string): MetricSample[] {
  return text.split('\n').flatMap((line) => {
    const match = SAMPLE_LINE.exec(line.trim());
    if (!match || line.startsWith('#')) return [];
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key!] = value!.replace(/\\(.)/g, (_escape, char: string) => (char === 'n' ? '\n' : char));
    return [{ name: match[1]!, labels, value: Number(match[3]) }];
  });
}

/**
 * The value of the one sample of `name` whose labels include `labels` (undefined when there is
 * none; an error when several match, which means the test's labels are not specific enough).
 */
export function sampleValue(samples: MetricSample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const matching = samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  if (matching.length > 1) throw new Error(`${matching.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return matching[0]?.value;
}

/** The process's metrics now, as a scrape would read them (for tests of a service's counters without HTTP). */
export async function currentMetricSamples(): Promise<MetricSample[]> {
  return parseMetricSamples(await metricsRegistry.metrics());
}
