import { benchDatasetGeneration } from './dataset-generation';
import { benchGatewayOverhead } from './gateway-overhead';
import { benchSearch } from './search-benchmark';
import { parseSearchBenchOptions } from './search-options';

const BENCHMARKS: Record<string, () => Promise<void>> = {
  dataset: async () => benchDatasetGeneration(Number(process.argv[3] ?? 1_000_000), Number(process.argv[4] ?? 1)),
  gateway: () =>
    benchGatewayOverhead({
      seconds: Number(process.env.BENCH_SECONDS ?? 15),
      connections: Number(process.env.BENCH_CONNECTIONS ?? 32),
    }),
  search: () => benchSearch(parseSearchBenchOptions(process.argv.slice(3))),
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
