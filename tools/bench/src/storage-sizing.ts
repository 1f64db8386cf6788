/**
 * What a company costs in storage, measured, for sizing the 13-million-company deployment
 * (docs/operations.md, "Sizing"): `npm run bench -- sizing [--companies 20000] [--seed 1]
 * [--database radar_bench_sizing] [--target 13000000] [--fresh]`.
 *
 * - Elasticsearch: the documents of `companies` dataset companies as the engine builds them
 *   (its own toCompanyDocument over the index's view of a company, with the characteristic terms a
 *   feed computes over all of them), their JSON size: mean, p50,
 *   p95, max, and the nested connection documents per company. No cluster runs here, so what
 *   Lucene makes of them on disk (compressed _source, postings, doc values, segment merges) is not
 *   measured.
 * - PostgreSQL: the same companies loaded through the built search service into a database of
 *   its own, then pg_total_relation_size of each table (heap, indexes and TOAST) per company.
 *
 * Both are extrapolated linearly to `target` companies, without replicas or headroom: the
 * operations guide adds those.
 */
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { toIndexedCompany } from '@radar/company-index';
import { CharacteristicTerms, toCompanyDocument } from '@radar/company-index-elasticsearch';
import { generateCompanies } from '@radar/dataset';
import { prepareBenchDatabase } from './search-database';
import { BenchSearchService } from './search-service';

export interface StorageSizingOptions {
  companies: number;
  seed: number;
  database: string;
  target: number;
  fresh: boolean;
}

/** `npm run bench -- sizing [--companies N] [--seed S] [--database NAME] [--target N] [--fresh]` */
export function parseStorageSizingOptions(args: string[]): StorageSizingOptions {
  const { values } = parseArgs({
    args,
    options: { companies: { type: 'string' }, seed: { type: 'string' }, database: { type: 'string' }, target: { type: 'string' }, fresh: { type: 'boolean' } },
    strict: true,
  });
  const whole = (flag: string, value: string | undefined, fallback: number): number => {
    const parsed = value === undefined ? fallback : Number(value);
    if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`--${flag} must be a positive whole number, got ${value}`);
    return parsed;
  };
  const database = values.database ?? 'radar_bench_sizing';
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`--database must be a plain lower-case identifier, got ${database}`);
  return {
    companies: whole('companies', values.companies, 20_000),
    seed: whole('seed', values.seed, 1),
    database,
    target: whole('target', values.target, 13_000_000),
    fresh: values.fresh ?? false,
  };
}

/** The tables that hold the companies themselves: the store that stays in PostgreSQL whichever engine searches. */
const STORE_TABLES = new Set(['companies', 'company_connections', 'company_domains', 'job_postings']);
/** What the PostgreSQL engine builds at the end of a load to answer from (summaries, postings, characteristic terms). */
const ENGINE_TABLE = /^company_(facet_summaries|founded_year_summaries|keyword_postings|text_postings|characteristic_terms)$/;

const partOf = (table: string): string => (STORE_TABLES.has(table) ? 'store' : ENGINE_TABLE.test(table) ? 'PostgreSQL engine' : 'workspaces, bookkeeping');

interface TableSize {
  table: string;
  rows: number;
  totalBytes: number;
  indexBytes: number;
}

const gigabytes = (bytes: number): string => `${(bytes / 1e9).toFixed(1)} GB`;

/** Nearest-rank share of the sorted values. */
const rank = (sorted: readonly number[], share: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;

function measureDocuments(options: StorageSizingOptions): void {
  const sizes: number[] = [];
  let connections = 0;
  // A feed reads every company once for the statistics of the characteristic terms, then writes each with its terms.
  const terms = new CharacteristicTerms();
  for (const company of generateCompanies({ seed: options.seed, count: options.companies })) terms.count(company.description);
  for (const company of generateCompanies({ seed: options.seed, count: options.companies })) {
    const document = toCompanyDocument(toIndexedCompany(company, options.seed, options.companies), terms.of(company.description));
    sizes.push(Buffer.byteLength(JSON.stringify(document)));
    connections += document.connections?.length ?? 0;
  }
  const sorted = sizes.sort((a, b) => a - b);
  const mean = sorted.reduce((sum, size) => sum + size, 0) / sorted.length;
  console.log(`\nElasticsearch documents (toCompanyDocument, JSON), ${options.companies} companies of seed ${options.seed}:`);
  console.log('| mean bytes | p50 | p95 | max | nested connections per company |');
  console.log('|---|---|---|---|---|');
  console.log(`| ${Math.round(mean)} | ${rank(sorted, 0.5)} | ${rank(sorted, 0.95)} | ${sorted.at(-1) ?? 0} | ${(connections / options.companies).toFixed(2)} |`);
  console.log(`at ${options.target.toLocaleString('en')} companies: ${gigabytes(mean * options.target)} of JSON source, one copy, before Lucene's compression and structures`);
}

async function tableSizes(url: string): Promise<TableSize[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    // Fresh statistics, so reltuples counts the rows just loaded.
    await client.query('ANALYZE');
    const { rows } = await client.query<{ table: string; rows: string; total: string; indexes: string }>(
      `SELECT c.relname AS table, greatest(c.reltuples, 0)::bigint AS rows,
              pg_total_relation_size(c.oid) AS total, pg_indexes_size(c.oid) AS indexes
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> '_prisma_migrations'
        ORDER BY pg_total_relation_size(c.oid) DESC`,
    );
    return rows.map((row) => ({ table: row.table, rows: Number(row.rows), totalBytes: Number(row.total), indexBytes: Number(row.indexes) }));
  } finally {
    await client.end();
  }
}

async function measurePostgres(options: StorageSizingOptions): Promise<void> {
  const database = await prepareBenchDatabase(options.database, options.seed, options.companies, { fresh: options.fresh });
  const service = await BenchSearchService.start(database.url);
  try {
    console.log(`\n${database.reused ? 'checking' : 'loading'} ${options.companies} companies (seed ${options.seed}) into ${options.database} through the search service ...`);
    await service.operator('POST', '/dataset/load', { companies: options.companies, seed: options.seed });
  } finally {
    await service.stop();
  }
  const sizes = await tableSizes(database.url);
  console.log(`\nPostgreSQL (search's database), pg_total_relation_size per table after the load:`);
  console.log('| table | part | rows | total bytes | of it indexes | bytes per company |');
  console.log('|---|---|---|---|---|---|');
  for (const size of sizes.filter(({ totalBytes }) => totalBytes > 0)) {
    console.log(`| ${size.table} | ${partOf(size.table)} | ${size.rows} | ${size.totalBytes} | ${size.indexBytes} | ${Math.round(size.totalBytes / options.companies)} |`);
  }
  const perCompany = (tables: TableSize[]) => tables.reduce((sum, { totalBytes }) => sum + totalBytes, 0) / options.companies;
  for (const part of ['store', 'PostgreSQL engine']) {
    const bytes = perCompany(sizes.filter(({ table }) => partOf(table) === part));
    console.log(`${part}: ${Math.round(bytes)} bytes per company, ${gigabytes(bytes * options.target)} at ${options.target.toLocaleString('en')} companies if it grew linearly`);
  }
  const all = perCompany(sizes);
  console.log(`all tables: ${Math.round(all)} bytes per company, ${gigabytes(all * options.target)} at ${options.target.toLocaleString('en')} companies (one instance; no WAL)`);
}

export async function benchStorageSizing(options: StorageSizingOptions): Promise<void> {
  console.log(`storage per company, ${new Date().toISOString()}`);
  measureDocuments(options);
  await measurePostgres(options);
}
