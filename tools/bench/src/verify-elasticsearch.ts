/**
 * `npm run verify:elasticsearch`: the Elasticsearch engine against the real cluster at
 * ELASTICSEARCH_URL (with ELASTICSEARCH_API_KEY or _USERNAME and _PASSWORD, and
 * ELASTICSEARCH_CA_FILE, when it needs them). In order: the conformance suites, a feed of the
 * 100,000-company dataset with its alias swap, a feed killed mid-way and resumed, and the search
 * mix of tools/bench with its latencies. Everything it makes lives under one alias of its own
 * and is deleted at the end. Exit codes: 0 all passed, 1 a step failed, 2 no cluster named.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { normalizeFilters, sortSpecOf, toIndexedCompany, type IndexedCompany } from '@radar/company-index';
import {
  clusterOfEnvironment,
  connectionOptions,
  createElasticsearchCompanyIndex,
  type ElasticsearchCluster,
  type ElasticsearchCompanyIndex,
  type FeedSource,
} from '@radar/company-index-elasticsearch';
import { generateCompanies } from '@radar/dataset';
import { createLogger } from '@radar/platform/logger';
import { figuresOf, type LatencyFigures } from './latency';
import { buildMix } from './search-mix';
import { sampleDatasetValues } from './search-dataset-values';

export const NO_CLUSTER_EXIT_CODE = 2;
export const NO_CLUSTER_MESSAGE =
  'verify:elasticsearch needs a cluster: set ELASTICSEARCH_URL (and ELASTICSEARCH_API_KEY or ELASTICSEARCH_USERNAME/_PASSWORD, ELASTICSEARCH_CA_FILE when the cluster needs them)';

const COMPANIES = 100_000;
const SEED = 1;
/** Filter sets per category of the mix. */
const QUERIES_PER_CATEGORY = 20;
/** The production layout on a small scale: several shards, a replica. */
const LAYOUT = { shards: 3, replicas: 1, refreshInterval: '1s' };
const FEED_CHILD_FLAG = '--feed-until-killed';
/** The killed feed is stopped once this many companies are acknowledged. */
const KILL_AFTER_FED = 20_000;

const ROOT = path.resolve(__dirname, '../../..');

/** The dataset as the store lists it: in id order. */
function storedCompanies(): IndexedCompany[] {
  const companies = [...generateCompanies({ seed: SEED, count: COMPANIES })].map((company) => toIndexedCompany(company, SEED, COMPANIES));
  return companies.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function feedSource(companies: IndexedCompany[], dataVersion: string): FeedSource {
  return {
    count: companies.length,
    dataVersion,
    async *batches(afterId?: string) {
      const start = afterId === undefined ? 0 : companies.findIndex((company) => company.id > afterId);
      if (start < 0) return;
      for (let at = start; at < companies.length; at += 1_000) yield companies.slice(at, at + 1_000);
    },
  };
}

function engineOn(cluster: ElasticsearchCluster, alias: string): ElasticsearchCompanyIndex {
  return createElasticsearchCompanyIndex({ cluster, indexName: alias, layout: LAYOUT, logger: createLogger('verify-elasticsearch', 'warn') });
}

interface Step {
  name: string;
  passed: boolean;
  detail: string;
}

async function step(steps: Step[], name: string, run: () => Promise<string>): Promise<void> {
  const started = performance.now();
  try {
    const detail = await run();
    steps.push({ name, passed: true, detail: `${detail} (${((performance.now() - started) / 1000).toFixed(1)} s)` });
  } catch (error) {
    steps.push({ name, passed: false, detail: error instanceof Error ? error.message : String(error) });
  }
  const last = steps.at(-1) as Step;
  console.log(`${last.passed ? 'PASS' : 'FAIL'} ${name}: ${last.detail}`);
}

/** The conformance suites, as test/*-conformance.spec.ts run them when ELASTICSEARCH_URL is set. */
async function conformance(): Promise<string> {
  const run = spawnSync('npx', ['jest', '--maxWorkers=1', 'test/search-conformance.spec.ts', 'test/lists-conformance.spec.ts'], {
    cwd: path.join(ROOT, 'libs/company-index-elasticsearch'),
    stdio: 'inherit',
    env: process.env,
  });
  if (run.status !== 0) throw new Error(`the conformance suites failed (jest exit code ${String(run.status)})`);
  return 'search and lists conformance suites passed';
}

async function feedWithSwap(cluster: ElasticsearchCluster, alias: string, companies: IndexedCompany[]): Promise<string> {
  const engine = engineOn(cluster, alias);
  try {
    await engine.ensureIndex();
    const outcome = await engine.feed(feedSource(companies, 'verify-1'));
    const client = new Client(connectionOptions(cluster, { requestTimeoutMs: 60_000, maxRetries: 2 }));
    const targets = Object.keys(await client.indices.getAlias({ name: alias }));
    await client.close();
    if (targets.length !== 1 || targets[0] !== outcome.index) throw new Error(`the alias points at ${targets.join(', ')}, not at the fed index ${outcome.index}`);
    if (outcome.companies !== companies.length) throw new Error(`the fed index holds ${outcome.companies} companies of ${companies.length}`);
    if (!(await engine.isFedWith('verify-1'))) throw new Error('the live index does not say it was fed with the data version');
    return `${outcome.companies} companies in ${outcome.index}, the alias moved to it`;
  } finally {
    await engine.close();
  }
}

/** The child's side: feeds the dataset under a second data version until the parent kills it. */
async function feedUntilKilled(alias: string): Promise<void> {
  const cluster = clusterOfEnvironment();
  if (cluster === undefined) throw new Error(NO_CLUSTER_MESSAGE);
  const engine = engineOn(cluster, alias);
  await engine.feed(feedSource(storedCompanies(), 'verify-2'));
  await engine.close();
}

async function fedSoFar(client: Client, alias: string): Promise<number> {
  const answer = await client.get<{ fed?: number }>({ index: `${alias}-feed-progress`, id: 'current' }, { ignore: [404] });
  return answer.found ? (answer._source?.fed ?? 0) : 0;
}

async function resumedAfterKill(cluster: ElasticsearchCluster, alias: string, companies: IndexedCompany[]): Promise<string> {
  const child = spawn(process.execPath, [...process.execArgv, __filename, FEED_CHILD_FLAG, alias], { stdio: 'inherit', env: process.env });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const client = new Client(connectionOptions(cluster, { requestTimeoutMs: 30_000, maxRetries: 2 }));
  try {
    let fed = 0;
    while (fed < KILL_AFTER_FED) {
      if (child.exitCode !== null) throw new Error(`the feeding process ended (code ${child.exitCode}) before it could be killed`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      fed = await fedSoFar(client, alias);
    }
    child.kill('SIGKILL');
    await exited;
  } finally {
    await client.close();
  }
  const engine = engineOn(cluster, alias);
  try {
    const outcome = await engine.feed(feedSource(companies, 'verify-2'));
    if (outcome.resumedAfter === undefined) throw new Error('the feed after the kill started afresh instead of resuming');
    if (outcome.companies !== companies.length) throw new Error(`the resumed feed's index holds ${outcome.companies} companies of ${companies.length}`);
    return `killed after at least ${KILL_AFTER_FED} companies were acknowledged; resumed after ${outcome.resumedAfter}, ${outcome.companies} companies live in ${outcome.index}`;
  } finally {
    await engine.close();
  }
}

/** tools/bench's search mix on the engine itself, one request at a time; every page of a walk is read, the last one timed. */
async function searchMix(cluster: ElasticsearchCluster, alias: string): Promise<string> {
  const engine = engineOn(cluster, alias);
  const figures: LatencyFigures[] = [];
  try {
    for (const category of buildMix(sampleDatasetValues(SEED, COMPANIES), QUERIES_PER_CATEGORY, SEED)) {
      const samples: number[] = [];
      for (const request of category.queries) {
        const { filters } = normalizeFilters(request);
        const sort = sortSpecOf(request, filters.query !== undefined);
        if (category.route === '/companies/counts') {
          const started = performance.now();
          await engine.count(filters);
          samples.push(performance.now() - started);
          continue;
        }
        let page = await engine.search(filters, sort, 20);
        let started = performance.now();
        for (let walked = 1; walked < (category.walkPages ?? 1) && page.next !== undefined; walked += 1) {
          started = performance.now();
          page = await engine.search(filters, sort, 20, page.next);
        }
        samples.push(performance.now() - started);
      }
      figures.push(figuresOf(category.name, samples));
    }
  } finally {
    await engine.close();
  }
  console.table(figures.map(({ label, requests, p50, p95, p99, max }) => ({ label, requests, p50: p50.toFixed(1), p95: p95.toFixed(1), p99: p99.toFixed(1), max: max.toFixed(1) })));
  return `${figures.length} categories measured (ms above)`;
}

async function deleteEverythingUnder(cluster: ElasticsearchCluster, alias: string): Promise<void> {
  const client = new Client(connectionOptions(cluster, { requestTimeoutMs: 60_000, maxRetries: 2 }));
  const made = Object.keys(await client.indices.get({ index: `${alias}*` }));
  // By name: clusters refuse wildcard deletes by default.
  if (made.length > 0) await client.indices.delete({ index: made }, { ignore: [404] });
  await client.close();
}

export async function verifyElasticsearch(environment: NodeJS.ProcessEnv = process.env): Promise<number> {
  const cluster = clusterOfEnvironment(environment);
  if (cluster === undefined) {
    console.error(NO_CLUSTER_MESSAGE);
    return NO_CLUSTER_EXIT_CODE;
  }
  const alias = `radar-verify-${randomBytes(4).toString('hex')}`;
  console.log(`verifying the Elasticsearch engine against ${cluster.node ?? 'the cluster'} under the alias ${alias}`);
  const steps: Step[] = [];
  try {
    await step(steps, 'conformance suites', conformance);
    const companies = storedCompanies();
    await step(steps, `feed of ${COMPANIES} companies with an alias swap`, () => feedWithSwap(cluster, alias, companies));
    await step(steps, 'a feed killed mid-way, then resumed', () => resumedAfterKill(cluster, alias, companies));
    await step(steps, 'search mix', () => searchMix(cluster, alias));
  } finally {
    await deleteEverythingUnder(cluster, alias).catch((error: unknown) => console.error(`could not delete the indices under ${alias}: ${String(error)}`));
  }
  const failed = steps.filter((done) => !done.passed);
  console.log(failed.length === 0 ? 'verify:elasticsearch passed' : `verify:elasticsearch failed: ${failed.map((done) => done.name).join(', ')}`);
  return failed.length === 0 ? 0 : 1;
}

if (require.main === module) {
  const run = process.argv[2] === FEED_CHILD_FLAG ? feedUntilKilled(process.argv[3] as string).then(() => 0) : verifyElasticsearch();
  run.then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
