import type { Pool } from 'pg';
import type { CompanySummary } from '@radar/contracts';
import type { DomainOwner } from '../lookup/domain-resolution';
import { NameIndex } from '../lookup/name-index';
import { CURRENT_DATA_VERSION, CURRENT_DATA_VERSION_SQL } from './facet-summaries';

/** Names read per round trip while building the name index. */
const NAME_BATCH = 20_000;

interface SummaryRow {
  id: string;
  name: string;
  domain: string;
  industry: string | null;
  employee_count: number | null;
  country: string | null;
  city: string | null;
  technologies: string[];
  founded_year: number | null;
}

/** Reads every company's name and country in one snapshot, with the data version they are at. */
async function loadNameIndex(pool: Pool): Promise<NameIndex> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query('SET LOCAL statement_timeout = 0');
    const { rows } = await client.query<{ current: string }>(`SELECT ${CURRENT_DATA_VERSION}::text AS current`);
    const index = new NameIndex(rows[0]?.current ?? '');
    await client.query('DECLARE company_names NO SCROLL CURSOR FOR SELECT id, name, country FROM companies ORDER BY id');
    for (;;) {
      const batch = await client.query<{ id: string; name: string; country: string | null }>(`FETCH ${NAME_BATCH} FROM company_names`);
      if (batch.rows.length === 0) break;
      for (const row of batch.rows) index.add(row);
    }
    await client.query('ROLLBACK');
    return index;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * What lookups read from the PostgreSQL index: domain owners through the unique domain index
 * and company_domains' key, summaries by id, and the name index, kept in memory and built
 * again when the data version moves (at warm-up and after a load, or on the first lookup
 * after a write).
 */
export class PostgresCompanyLists {
  private names: Promise<NameIndex> | undefined;

  constructor(private readonly pool: Pool) {}

  async domainOwners(domains: string[]): Promise<DomainOwner[]> {
    const { rows } = await this.pool.query<{ domain: string; company_id: string; own: boolean }>(
      `SELECT c.domain, c.id AS company_id, TRUE AS own FROM companies c WHERE c.domain = ANY($1::text[])
       UNION ALL
       SELECT d.domain, d.company_id, FALSE AS own FROM company_domains d WHERE d.domain = ANY($1::text[])`,
      [domains],
    );
    return rows.map((row) => ({ domain: row.domain, companyId: row.company_id, own: row.own }));
  }

  async summariesOf(ids: string[]): Promise<CompanySummary[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.pool.query<SummaryRow>(
      `SELECT id, name, domain, industry, employee_count, country, city, technologies, founded_year FROM companies WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return rows.map((row) => ({
      company_id: row.id,
      name: row.name,
      domain: row.domain,
      industry: row.industry,
      employee_count: row.employee_count,
      country: row.country,
      city: row.city,
      technologies: row.technologies,
      founded_year: row.founded_year,
    }));
  }

  /** The name index at the current data version. */
  async nameIndex(): Promise<NameIndex> {
    const { rows } = await this.pool.query<{ version: string }>(CURRENT_DATA_VERSION_SQL);
    const current = rows[0]?.version ?? '';
    const kept = this.names && (await this.names.catch(() => undefined));
    if (kept?.version === current) return kept;
    if (this.names === undefined || kept !== undefined) {
      const loading = loadNameIndex(this.pool);
      this.names = loading;
      loading.catch(() => {
        if (this.names === loading) this.names = undefined;
      });
    }
    return this.names;
  }
}
