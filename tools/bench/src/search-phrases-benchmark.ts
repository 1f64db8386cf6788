import { parseArgs } from 'node:util';
import { INDUSTRY_LABELS } from '@radar/dataset';
import { isAbout, type ResultCompany } from './phrase-relevance';
import { prepareBenchDatabase } from './search-database';
import { MIN_MATCHES, SEARCH_PHRASES, type SearchPhrase } from './search-phrases';
import { BenchSearchService } from './search-service';

export interface PhraseBenchOptions {
  companies: number;
  seed: number;
  database: string;
}

/** `npm run bench -- phrases [--companies N] [--seed S] [--database NAME]` */
export function parsePhraseBenchOptions(args: string[]): PhraseBenchOptions {
  const { values } = parseArgs({ args, options: { companies: { type: 'string' }, seed: { type: 'string' }, database: { type: 'string' } }, strict: true });
  const companies = Number(values.companies ?? 100_000);
  const seed = Number(values.seed ?? 1);
  const database = values.database ?? 'radar_bench_phrases';
  if (!Number.isInteger(companies) || companies < 1) throw new Error(`--companies must be a positive integer, got ${values.companies}`);
  if (!Number.isSafeInteger(seed)) throw new Error(`--seed must be an integer, got ${values.seed}`);
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`--database must be a plain lower-case identifier, got ${database}`);
  return { companies, seed, database };
}

interface PhraseResult {
  phrase: SearchPhrase;
  total: number;
  top: ResultCompany[];
  about: boolean[];
  ms: number;
}

const passes = (result: PhraseResult): boolean => result.total >= MIN_MATCHES && result.top.length === 3 && result.about.every(Boolean);

function printResults(results: PhraseResult[], options: PhraseBenchOptions): void {
  const passed = results.filter(passes).length;
  console.log(`\n## everyday phrases at ${options.companies.toLocaleString('en-US')} companies (seed ${options.seed})\n`);
  console.log('| phrase | total | top 3 industries (✗: not about the phrase) | ok |');
  console.log('|---|---|---|---|');
  for (const result of results) {
    const top = result.top.map((company, i) => `${company.industry ?? '(no industry)'}${result.about[i] ? '' : ' ✗'}`).join('; ');
    console.log(`| ${result.phrase.phrase} | ${result.total} | ${top} | ${passes(result) ? 'yes' : '**no**'} |`);
  }
  const share = (100 * passed) / results.length;
  console.log(
    `\n${passed} of ${results.length} phrases (${share.toFixed(1)} %) find ${MIN_MATCHES} or more companies with a top 3 about the phrase (target 95 %): ${share >= 95 ? 'met' : 'not met'}.`,
  );
  const slowest = [...results].sort((a, b) => b.ms - a.ms)[0];
  if (slowest) console.log(`slowest search: ${slowest.phrase.phrase} (${slowest.ms.toFixed(0)} ms, first and only request)`);
}

/**
 * `npm run bench -- phrases`: loads the companies into a fresh database through the built search
 * service, searches every phrase of search-phrases.ts as a person would (free text, relevance
 * order), and reports each phrase's total and whether its top 3 are about it.
 */
export async function benchSearchPhrases(options: PhraseBenchOptions): Promise<void> {
  const unknown = SEARCH_PHRASES.flatMap((phrase) => phrase.industries.filter((industry) => !INDUSTRY_LABELS.includes(industry)));
  if (unknown.length > 0) throw new Error(`search-phrases.ts names industries the dataset does not have: ${unknown.join(', ')}`);
  const database = await prepareBenchDatabase(options.database, options.seed, options.companies, { fresh: true });
  const service = await BenchSearchService.start(database.url);
  try {
    console.log(`loading ${options.companies} companies (seed ${options.seed}) into ${options.database} ...`);
    const started = performance.now();
    await service.operator('POST', '/dataset/load', { companies: options.companies, seed: options.seed });
    console.log(`loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const results: PhraseResult[] = [];
    for (const phrase of SEARCH_PHRASES) {
      const response = await service.post('/companies/search', { query: phrase.phrase, limit: 3 });
      if (response.status !== 200) throw new Error(`"${phrase.phrase}" answered ${response.status}: ${JSON.stringify(response.body)}`);
      const body = response.body as { total: number; items: ResultCompany[] };
      const top = body.items.map(({ company_id, name, industry }) => ({ company_id, name, industry }));
      results.push({ phrase, total: body.total, top, about: top.map((company) => isAbout(company, phrase, options.seed)), ms: response.ms });
    }
    printResults(results, options);
  } finally {
    await service.stop();
  }
}
