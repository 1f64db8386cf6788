import type { Queryable } from '@radar/platform/database';

export interface FollowedCompanyListing {
  domain: string;
  name: string;
}

/** Records companies as listed by an ingest (new ones added, names refreshed), in table `followed_companies`. */
export async function recordListedCompanies(db: Queryable, ingestId: string, companies: readonly FollowedCompanyListing[], at: Date): Promise<void> {
  if (companies.length === 0) return;
  const sorted = [...companies].sort((a, b) => (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0));
  await db.query(
    `INSERT INTO followed_companies (domain, name, listed_by_ingest, updated_at)
     SELECT domain, name, $3, $4 FROM unnest($1::text[], $2::text[]) AS listed(domain, name)
     ON CONFLICT (domain) DO UPDATE SET name = EXCLUDED.name, listed_by_ingest = EXCLUDED.listed_by_ingest, updated_at = EXCLUDED.updated_at`,
    [sorted.map((company) => company.domain), sorted.map((company) => company.name), ingestId, at],
  );
}

/** Forgets the companies a complete ingest did not list (no longer followed), with their leads; returns how many. */
export async function removeUnlistedCompanies(db: Queryable, ingestId: string): Promise<number> {
  await db.query('DELETE FROM leads WHERE domain IN (SELECT domain FROM followed_companies WHERE listed_by_ingest <> $1)', [ingestId]);
  const { rowCount } = await db.query('DELETE FROM followed_companies WHERE listed_by_ingest <> $1', [ingestId]);
  return rowCount ?? 0;
}
