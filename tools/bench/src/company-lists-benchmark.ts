import os from 'node:os';
import { parseArgs } from 'node:util';
import { generateCompany, type Company } from '@radar/dataset';
import { startStack } from '@radar/e2e';
import { signCaller } from '@radar/platform/internal-auth';
import { benchWorkspace } from './bench-workspace';
import { figuresOf, printLatencyTable, type LatencyFigures } from './latency';
import { operatorCall } from './operator-call';
import { residentMemory } from './process-memory';
import { prepareBenchDatabase } from './search-database';
import { timedPost, type TimedResponse } from './search-service';

export interface CompanyListsBenchOptions {
  companies: number;
  seed: number;
  database: string;
  /** Calls per kind of request. */
  calls: number;
}

/** `npm run bench -- lists [--companies N] [--seed S] [--database NAME] [--calls C]` */
export function parseCompanyListsBenchOptions(args: string[]): CompanyListsBenchOptions {
  const { values } = parseArgs({ args, options: { companies: { type: 'string' }, seed: { type: 'string' }, database: { type: 'string' }, calls: { type: 'string' } }, strict: true });
  const database = values.database ?? 'radar_bench_search';
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`--database must be a plain lower-case identifier, got ${database}`);
  return {
    companies: Number(values.companies ?? 1_000_000),
    seed: Number(values.seed ?? 1),
    database,
    calls: Number(values.calls ?? 50),
  };
}

/** A fixed walk over the dataset: the same companies on every run of the same options. */
function companiesAt(options: CompanyListsBenchOptions, count: number, salt: number): Company[] {
  const stride = Math.max(1, Math.floor(options.companies / count));
  return Array.from({ length: count }, (_, i) => generateCompany(options.seed, (i * stride + salt * 7_919) % options.companies));
}

interface SimilarAnswer {
  items: { industry: string | null; technologies: string[]; similarity: number }[];
}

/**
 * `npm run bench -- lists`: search on a generated dataset, the ledger and the gateway as built
 * processes: lookups of 100 domains (own, other, subdomains, URLs, unknown) and of 100 names a
 * call, straight to search and through the gateway; similar companies for 1, 5 and 20 seeds of
 * one industry; and the quality of the lookalikes (share of the top 10 in the seeds' industry,
 * share sharing a technology with a seed).
 */
export async function benchCompanyLists(options: CompanyListsBenchOptions): Promise<void> {
  const database = await prepareBenchDatabase(options.database, options.seed, options.companies);
  const stack = await startStack({
    services: ['ledger', 'search', 'gateway'],
    gatewayEnv: { RATE_LIMIT_SCALE: '1000000' },
    // The benchmark's database was migrated before the start (see search-database.ts).
    serviceEnv: { search: { SEARCH_DATABASE_URL: database.url, RUN_MIGRATIONS: 'false' } },
  });
  try {
    const searchUrl = stack.serviceUrls.search as string;
    console.log(`loading ${options.companies} companies (seed ${options.seed}) in ${options.database} ...`);
    await operatorCall(searchUrl, stack.operatorSecret, 'POST', '/dataset/load', { companies: options.companies, seed: options.seed });
    const { token, caller } = await benchWorkspace(stack);
    const toSearch = (route: string, body: object) => timedPost(`${searchUrl}${route}`, signCaller(caller, stack.signingSecret), body);
    const throughGateway = (route: string, body: object) => timedPost(`${stack.gatewayUrl}/api/v1${route}`, { authorization: `Bearer ${token}` }, body);
    // The first call waits for the name index and the similarity columns, unmeasured.
    await toSearch('/companies/lookup', { items: [{ name: 'warm up' }] });
    await toSearch('/companies/similar', { company_ids: [companiesAt(options, 1, 0)[0]?.company_id], limit: 10 });
    const rows: LatencyFigures[] = [];
    const timed = async (label: string, bodies: object[], call: (route: string, body: object) => Promise<TimedResponse>) => {
      const samples: number[] = [];
      for (const body of bodies) {
        const answer = await call('/companies/lookup', body);
        if (answer.status !== 200) throw new Error(`lookup answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
        samples.push(answer.ms);
      }
      rows.push(figuresOf(label, samples));
    };

    // Each run of calls its own companies, so no run finds the pages another one read in the cache.
    const domainBodies = (salt: number) =>
      Array.from({ length: options.calls }, (_, call) => ({
        items: companiesAt(options, 100, salt + call).map((company, i) => {
          if (i % 10 === 0) return { domain: `unknown-${salt + call}-${i}.example.com` };
          if (i % 5 === 0) return { domain: `https://www.${company.domain}/about` };
          if (i % 7 === 0) return { domain: `jobs.${company.domain}` };
          return { domain: company.other_domains[0] ?? company.domain };
        }),
      }));
    const nameBodies = (salt: number) =>
      Array.from({ length: options.calls }, (_, call) => ({
        items: companiesAt(options, 100, salt + call).map((company, i) => (i % 4 === 0 ? { name: company.name, country: company.country ?? undefined } : { name: company.name })),
      }));
    // Unmeasured: the upper index pages and both processes' code paths warm, as in service.
    for (const body of [...domainBodies(5_000), ...nameBodies(6_000)]) await toSearch('/companies/lookup', body);
    await timed('lookup, 100 domains (search)', domainBodies(0), toSearch);
    await timed('lookup, 100 domains (gateway)', domainBodies(10_000), throughGateway);
    await timed('lookup, 100 names (search)', nameBodies(1_000), toSearch);
    await timed('lookup, 100 names (gateway)', nameBodies(11_000), throughGateway);

    const quality: string[] = [];
    for (const seeds of [1, 5, 20]) {
      const bodies: object[] = [];
      const seedSets: Company[][] = [];
      for (let call = 0; call < options.calls; call += 1) {
        const anchor = companiesAt(options, 1, call + 2_000)[0] as Company;
        const sameIndustry = companiesAt(options, 2_000, call + 3_000).filter((company) => company.industry !== null && company.industry === anchor.industry);
        const set = [anchor, ...sameIndustry.filter((company) => company.company_id !== anchor.company_id)].slice(0, seeds);
        if (anchor.industry === null || set.length < seeds) continue;
        seedSets.push(set);
        bodies.push({ company_ids: set.map((company) => company.company_id), limit: 10 });
      }
      const samples: number[] = [];
      let inIndustry = 0;
      let sharingTechnology = 0;
      let shown = 0;
      for (const [index, body] of bodies.entries()) {
        const answer = await toSearch('/companies/similar', body);
        if (answer.status !== 200) throw new Error(`similar answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
        samples.push(answer.ms);
        const set = seedSets[index] as Company[];
        const technologies = new Set(set.flatMap((company) => company.technologies));
        for (const item of (answer.body as SimilarAnswer).items) {
          shown += 1;
          if (item.industry === set[0]?.industry) inIndustry += 1;
          if (item.technologies.some((technology) => technologies.has(technology))) sharingTechnology += 1;
        }
      }
      rows.push(figuresOf(`similar, ${seeds} seed${seeds === 1 ? '' : 's'} of one industry, top 10 (search)`, samples));
      quality.push(`| ${seeds} | ${bodies.length} | ${((100 * inIndustry) / Math.max(1, shown)).toFixed(1)} % | ${((100 * sharingTechnology) / Math.max(1, shown)).toFixed(1)} % |`);
    }

    console.log(`\n## lookups and similar companies at ${options.companies.toLocaleString('en-US')} companies (PostgreSQL back-end), ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), ${new Date().toISOString()}\n`);
    printLatencyTable(rows);
    console.log("\n| seeds | requests | top 10 in the seeds' industry | top 10 sharing a technology with a seed |\n|---|---|---|---|");
    for (const line of quality) console.log(line);
    const memory = residentMemory(stack.pidOf('search'));
    console.log(`\nsearch resident memory: ${memory.rssMiB.toFixed(0)} MiB after the run (name index and similarity columns loaded), peak ${memory.peakMiB.toFixed(0)} MiB (the load included)`);
  } finally {
    await stack.stop();
  }
}
