import os from 'node:os';
import { Client } from 'pg';
import type { CompanyFilters } from '@radar/contracts';
import { generateCompany } from '@radar/dataset';
import { prepareBenchDatabase } from './search-database';
import { sampleDatasetValues } from './search-dataset-values';
import { buildMix, type MixCategory } from './search-mix';
import { BenchSearchService } from './search-service';
import type { SearchBenchOptions } from './search-options';
import { printResults, type CategoryResult } from './search-stats';

const PAGE_SIZE = 20;
/** The workspace's saved list, so counts also compute `saved` over a real set of ids. */
const SAVED_COMPANIES = 1_000;
/** Slowest first executions listed per category. */
const SLOWEST_SHOWN = 3;

interface Sample {
  ms: number;
  /** The request to replay for the warm figure (a walk's last page, with its cursor). */
  replay: CompanyFilters & { cursor?: string; limit?: number };
}

async function machineLine(databaseUrl: string): Promise<string> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
  await client.end();
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const memory = `${Math.round(os.totalmem() / 2 ** 30)} GiB`;
  return `${os.cpus().length} cores (${cpu}), ${memory}, PostgreSQL ${rows[0]?.server_version}, Node ${process.version}, ${new Date().toISOString()}`;
}

async function forgetSavedList(databaseUrl: string, workspaceId: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('DELETE FROM saved_lists WHERE workspace_id = $1', [workspaceId]);
  await client.end();
}

class CategoryRun {
  readonly result: CategoryResult;

  constructor(
    private readonly service: BenchSearchService,
    private readonly category: MixCategory,
  ) {
    this.result = { name: category.name, targetMs: category.targetMs, cold: [], warm: [], failures: [], skipped: 0, slowest: [] };
  }

  /** One request; undefined (and noted) unless it answered 200. */
  private async send(body: object): Promise<{ ms: number; body: { next_cursor?: string | null } } | undefined> {
    const response = await this.service.post(this.category.route, body);
    if (response.status === 200) return { ms: response.ms, body: response.body as { next_cursor?: string | null } };
    this.result.failures.push(`${response.status} for ${JSON.stringify(body)}: ${JSON.stringify(response.body).slice(0, 200)}`);
    return undefined;
  }

  /** The first execution: a plain request, or a walk whose last page is the sample. */
  private async first(filters: CompanyFilters): Promise<Sample | undefined> {
    const pages = this.category.walkPages;
    if (pages === undefined) {
      const answer = await this.send(filters);
      return answer && { ms: answer.ms, replay: filters };
    }
    let cursor: string | undefined;
    for (let page = 1; page < pages; page += 1) {
      const answer = await this.send({ ...filters, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
      const next = answer?.body.next_cursor;
      if (!next) {
        if (answer) this.result.failures.push(`ran out of matches on page ${page}: ${JSON.stringify(filters)}`);
        return undefined;
      }
      cursor = next;
    }
    const replay = { ...filters, limit: PAGE_SIZE, cursor };
    const answer = await this.send(replay);
    return answer && { ms: answer.ms, replay };
  }

  /** Cold pass over the filter sets, then the same requests again (warm), each pass within its time budget. */
  async run(passMs: number): Promise<CategoryResult> {
    const done: Sample[] = [];
    const coldDeadline = performance.now() + passMs;
    for (const filters of this.category.queries) {
      if (performance.now() > coldDeadline) break;
      const sample = await this.first(filters);
      if (sample) done.push(sample);
    }
    this.result.skipped = this.category.queries.length - done.length - this.result.failures.length;
    this.result.cold = done.map((sample) => sample.ms);
    this.result.slowest = [...done]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST_SHOWN)
      .map((sample) => ({ ms: sample.ms, body: { ...sample.replay, cursor: sample.replay.cursor === undefined ? undefined : '(page 50)' } }));
    const warmDeadline = performance.now() + passMs;
    for (const sample of done) {
      if (performance.now() > warmDeadline) break;
      const answer = await this.send(sample.replay);
      if (answer) this.result.warm.push(answer.ms);
    }
    return this.result;
  }
}

/**
 * `npm run bench -- search`: the built search service on the PostgreSQL back-end with a
 * generated dataset, driven over HTTP by a fixed mix of searches and counts.
 */
export async function benchSearch(options: SearchBenchOptions): Promise<void> {
  const database = await prepareBenchDatabase(options.database, options.seed, options.companies, { fresh: options.fresh });
  if (database.applied.length > 0) {
    console.log(`migrations applied to ${options.database}: ${database.applied.join(', ')} (${database.migrationSeconds.toFixed(1)} s)`);
  }
  const service = await BenchSearchService.start(database.url);
  try {
    // Always through the service's loader: on a reused database it finds the load complete and
    // only brings derived data (the facet summaries) up to date if a migration or a write left it behind.
    console.log(`${database.reused ? 'checking' : 'loading'} ${options.companies} companies (seed ${options.seed}) in ${options.database} ...`);
    const started = performance.now();
    const loaded = await service.operator('POST', '/dataset/load', { companies: options.companies, seed: options.seed });
    const seconds = (performance.now() - started) / 1000;
    const loadLine = database.reused
      ? `load: skipped, ${options.database} already held ${options.companies} companies of seed ${options.seed} (the load call took ${seconds.toFixed(1)} s; drop the database to time a load)`
      : `load: ${options.companies} companies in ${seconds.toFixed(1)} s (${Math.round(options.companies / seconds)}/s), POST /operator/v1/dataset/load -> ${JSON.stringify(loaded)}`;
    console.log(loadLine);

    const stride = Math.max(1, Math.floor(options.companies / SAVED_COMPANIES));
    const savedIds = Array.from({ length: Math.min(SAVED_COMPANIES, options.companies) }, (_, i) => generateCompany(options.seed, i * stride).company_id);
    await service.operator('POST', '/lists', { workspace_id: service.caller.workspaceId, name: 'bench', company_ids: savedIds });
    // The service warms the unfiltered search at start and after a load; wait for it, unmeasured.
    await service.post('/companies/search', {});

    const mix = buildMix(sampleDatasetValues(options.seed, options.companies), options.queries, options.seed);
    const results: CategoryResult[] = [];
    for (const category of mix) {
      const passMs = options.passSeconds * 1000 * (category.walkPages ? 2 : 1);
      const result = await new CategoryRun(service, category).run(passMs);
      console.log(`${category.name}: ${result.cold.length} cold, ${result.warm.length} warm`);
      results.push(result);
    }

    console.log(`\n## search at ${options.companies.toLocaleString('en-US')} companies (PostgreSQL back-end)\n`);
    console.log(loadLine);
    console.log(`machine: ${await machineLine(database.url)}`);
    console.log(
      `mix: ${options.queries} filter sets per category (seed ${options.seed}), cold = first request of a filter set the run had not used, warm = the same request again; a pass stops after ${options.passSeconds} s (walks ${options.passSeconds * 2} s)\n`,
    );
    printResults(results);
    await forgetSavedList(database.url, service.caller.workspaceId);
  } finally {
    await service.stop();
  }
}
