/** An Elasticsearch time value (`500ms`, `30s`, `10m`, `1h`, `1d`) in milliseconds. */
export function timeValueMs(value: string): number {
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(value);
  if (!match) throw new Error(`not an Elasticsearch time value: ${value} (expected e.g. 30s or 10m)`);
  const unit = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 'ms' | 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}
