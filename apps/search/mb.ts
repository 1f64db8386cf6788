import { createSearchPool } from './src/data/database';
import { PostingsSearch } from './src/company-index/postgres/postings-search';
const pool = createSearchPool('postgresql://postgres@127.0.0.1:5432/radar_bench_search', { max: 4 });
async function main() {
  const ks = new PostingsSearch(pool);
  await ks.load();
  for (const filters of [{ countries: ['United States'], excludeIndustries: ['Accounting'], excludeKeywords: ['intellectual property'] }, { countries: ['France'], excludeIndustries: ['Construction'], excludeKeywords: ['litigation'] }, { excludeKeywords: ['machine learning'] }, { query: 'customer' }, ]) {
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now(); const m = await ks.match(filters as never); const t1 = performance.now();
      const c = m!.counts(); const t2 = performance.now();
      const r = m!.rows({ field: 'relevance', order: 'desc', hasQuery: 'query' in filters }, 21); const t3 = performance.now();
      console.log(JSON.stringify(filters), m!.size, 'match', (t1 - t0).toFixed(1), 'counts', (t2 - t1).toFixed(1), 'rows', (t3 - t2).toFixed(1), c.total, r?.length);
    }
  }
  await pool.end();
}
main();
