/**
 * Throughput of company generation: `npm run bench -- dataset [count] [seed]`.
 * Prints records per second and memory after drawing `count` companies (default 1,000,000)
 * in one stream, the way a loader would. Not run by the tests.
 */
import { generateCompanies } from '@radar/dataset';

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function benchDatasetGeneration(count: number, seed: number): void {
  // The first record builds the city index; time it apart from the stream.
  const indexStart = process.hrtime.bigint();
  generateCompanies({ seed, count: 1 }).next();
  const indexMs = Number(process.hrtime.bigint() - indexStart) / 1e6;
  const before = process.memoryUsage();
  let checksum = 0;
  let peakRss = before.rss;
  const start = process.hrtime.bigint();
  for (const company of generateCompanies({ seed, count })) {
    // Touch the record so nothing can be optimised away.
    checksum = (checksum + company.domain.length + company.technologies.length) | 0;
    if ((company.index & 0xffff) === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const after = process.memoryUsage();
  console.log(
    JSON.stringify(
      {
        companies: count,
        seconds: Number(seconds.toFixed(2)),
        companies_per_second: Math.round(count / seconds),
        city_index_ms: Math.round(indexMs),
        heap_used_before: megabytes(before.heapUsed),
        heap_used_after: megabytes(after.heapUsed),
        rss_peak: megabytes(Math.max(peakRss, after.rss)),
        checksum,
      },
      null,
      2,
    ),
  );
}

