import { benchCompanyLists, parseCompanyListsBenchOptions } from './company-lists-benchmark';
import { benchDatasetGeneration } from './dataset-generation';
import { benchExport, parseExportBenchOptions } from './export-benchmark';
import { benchGatewayOverhead } from './gateway-overhead';
import { benchLeads, parseLeadsBenchOptions } from './leads-benchmark';
import { benchMonitorRun, parseMonitorRunBenchOptions } from './monitor-run-benchmark';
import { benchSearch } from './search-benchmark';
import { benchWebhookDelivery, parseWebhookBenchOptions } from './webhook-delivery-benchmark';
import { benchWebhookReplay, parseWebhookReplayBenchOptions } from './webhook-replay-benchmark';
import { parseSearchBenchOptions } from './search-options';
import { benchTracingOverhead, parseTracingBenchOptions } from './tracing-overhead';
import { benchTracingBare, parseTracingBareBenchOptions } from './tracing-bare-benchmark';
import { benchSearchPhrases, parsePhraseBenchOptions } from './search-phrases-benchmark';
import { benchSignals, parseSignalsBenchOptions } from './signals-benchmark';
import { benchStorageSizing, parseStorageSizingOptions } from './storage-sizing';

const BENCHMARKS: Record<string, () => Promise<void>> = {
  dataset: async () => benchDatasetGeneration(Number(process.argv[3] ?? 1_000_000), Number(process.argv[4] ?? 1)),
  gateway: () =>
    benchGatewayOverhead({
      seconds: Number(process.env.BENCH_SECONDS ?? 15),
      connections: Number(process.env.BENCH_CONNECTIONS ?? 32),
    }),
  export: () => benchExport(parseExportBenchOptions(process.argv.slice(3))),
  'monitor-run': () => benchMonitorRun(parseMonitorRunBenchOptions(process.argv.slice(3))),
  search: () => benchSearch(parseSearchBenchOptions(process.argv.slice(3))),
  lists: () => benchCompanyLists(parseCompanyListsBenchOptions(process.argv.slice(3))),
  webhooks: () => benchWebhookDelivery(parseWebhookBenchOptions(process.argv.slice(3))),
  'webhook-replay': () => benchWebhookReplay(parseWebhookReplayBenchOptions(process.argv.slice(3))),
  phrases: () => benchSearchPhrases(parsePhraseBenchOptions(process.argv.slice(3))),
  tracing: () => benchTracingOverhead(parseTracingBenchOptions(process.argv.slice(3))),
  'tracing-bare': () => benchTracingBare(parseTracingBareBenchOptions(process.argv.slice(3))),
  signals: () => benchSignals(parseSignalsBenchOptions(process.argv.slice(3))),
  leads: () => benchLeads(parseLeadsBenchOptions(process.argv.slice(3))),
  sizing: () => benchStorageSizing(parseStorageSizingOptions(process.argv.slice(3))),
};

async function main(): Promise<void> {
  const name = process.argv[2];
  const benchmark = name ? BENCHMARKS[name] : undefined;
  if (!benchmark) {
    console.error(`usage: npm run bench -- <${Object.keys(BENCHMARKS).join('|')}>`);
    process.exit(2);
  }
  await benchmark();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
