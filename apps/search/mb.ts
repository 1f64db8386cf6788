import { createSearchPool } from './src/data/database';
import { PostgresCompanyIndex } from './src/company-index/postgres/postgres-company-index';
const pool = createSearchPool('postgresql://postgres@127.0.0.1:5432/radar_bench_search', { max: 4 });
const words = ['customer', 'health', 'education', 'public relations', 'management consulting', 'supply chain', 'marketing', 'software', 'analytics', 'logistics', 'design', 'retail', 'finance', 'insurance', 'energy'];
const countries = ['Netherlands', 'Canada', 'France', 'Germany', 'India', 'Spain', 'Japan', 'Brazil'];
async function main() {
  const index = new PostgresCompanyIndex(pool, { facetCacheTtlMs: 1 });
  let t = Date.now(); await index.warmUp(); console.log('warmUp', Date.now() - t, 'ms');
  for (let i = 0; i < 45; i++) {
    const f = i % 3 === 0 ? { countries: [countries[i % countries.length]] } : i % 3 === 1 ? { query: words[i % words.length] } : { keywords: [words[(i + 3) % words.length]] };
    const s = i % 3 === 1 ? { field: 'relevance', order: 'desc', hasQuery: true } : { field: 'relevance', order: 'desc', hasQuery: false };
    const t0 = performance.now(); await index.search(f as never, s as never, 20); const ms = performance.now() - t0;
    console.log(ms.toFixed(1), JSON.stringify(f));
  }
  await pool.end();
}
main();
