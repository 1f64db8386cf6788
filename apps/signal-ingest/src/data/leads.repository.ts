import { z } from 'zod';
import type { EventFamily, SignalType } from '@radar/contracts';
import type { Queryable } from '@radar/platform/database';
import { bigintCount } from './row-schemas';

/**
 * The leads feed's events (table `leads`) and what the read APIs derive from them
 * (`lead_company_latest`, `lead_day_counts`), which change in the same transactions as the
 * events, so that reads always see them agree.
 */

/** A followed company's event as the feed stores it. */
export interface NewLead {
  id: string;
  plItemId: string;
  domain: string;
  signalType: SignalType;
  category: string | null;
  family: EventFamily | null;
  headline: string;
  details: string[];
  sourceUrl: string | null;
  /** YYYY-MM-DD. */
  happenedOn: string;
  foundAt: Date;
}

/** Each company's newest lead overall (scope `*`) and per family; the order is the leads list's. */
const LATEST_OF = (source: string) => `
  SELECT DISTINCT ON (scope, domain) scope, domain, id, happened_on, found_at
  FROM (
    SELECT '*'::varchar AS scope, id, domain, happened_on, found_at FROM ${source}
    UNION ALL
    SELECT family, id, domain, happened_on, found_at FROM ${source} WHERE family IS NOT NULL
  ) AS scoped
  ORDER BY scope, domain, happened_on DESC, found_at DESC, id DESC`;

const addedRow = z.object({ added: bigintCount });

/**
 * Adds the leads not stored yet (the provider's item id decides) and folds them into the
 * derived tables; returns how many were new.
 */
export async function insertNewLeads(db: Queryable, leads: readonly NewLead[]): Promise<number> {
  if (leads.length === 0) return 0;
  const rows = leads.map((lead) => ({
    id: lead.id,
    pl_item_id: lead.plItemId,
    domain: lead.domain,
    signal_type: lead.signalType,
    category: lead.category,
    family: lead.family,
    headline: lead.headline,
    details: lead.details,
    source_url: lead.sourceUrl,
    happened_on: lead.happenedOn,
    found_at: lead.foundAt.toISOString(),
  }));
  const { rows: counted } = await db.query(
    `WITH inserted AS (
       INSERT INTO leads (id, pl_item_id, domain, signal_type, category, family, headline, details, source_url, happened_on, found_at)
       SELECT id, pl_item_id, domain, signal_type, category, family, headline, details, source_url, happened_on, found_at
       FROM jsonb_to_recordset($1::jsonb) AS r(
         id uuid, pl_item_id text, domain text, signal_type text, category text, family text, headline text, details text[],
         source_url text, happened_on date, found_at timestamptz)
       -- A company's events side by side in the table: reading one company's leads visits few pages.
       ORDER BY domain, happened_on DESC
       ON CONFLICT (pl_item_id) DO NOTHING
       RETURNING id, domain, family, happened_on, found_at
     ),
     latest AS (
       INSERT INTO lead_company_latest (scope, domain, lead_id, happened_on, found_at)
       ${LATEST_OF('inserted')}
       ON CONFLICT (scope, domain) DO UPDATE
       SET lead_id = EXCLUDED.lead_id, happened_on = EXCLUDED.happened_on, found_at = EXCLUDED.found_at
       WHERE (EXCLUDED.happened_on, EXCLUDED.found_at, EXCLUDED.lead_id) > (lead_company_latest.happened_on, lead_company_latest.found_at, lead_company_latest.lead_id)
     ),
     days AS (
       INSERT INTO lead_day_counts (happened_on, family_key, leads, last_found_at)
       SELECT happened_on, COALESCE(family, ''), count(*)::int, max(found_at) FROM inserted GROUP BY 1, 2 ORDER BY 1, 2
       ON CONFLICT (happened_on, family_key) DO UPDATE
       SET leads = lead_day_counts.leads + EXCLUDED.leads, last_found_at = GREATEST(lead_day_counts.last_found_at, EXCLUDED.last_found_at)
     )
     SELECT count(*) AS added FROM inserted`,
    [JSON.stringify(rows)],
  );
  return addedRow.parse(counted[0]).added;
}

/** Removes the leads past their retention: job openings that happened before one day, everything else before another. */
export async function removeExpiredLeads(db: Queryable, keepFrom: { jobOpenings: string; others: string }): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM leads WHERE happened_on < $2::date OR (signal_type = 'job_openings' AND happened_on < $1::date)`,
    [keepFrom.jobOpenings, keepFrom.others],
  );
  return rowCount ?? 0;
}

/** Derives `lead_company_latest` and `lead_day_counts` from the leads again, after leads were removed. */
export async function rebuildLeadDerivedTables(db: Queryable): Promise<void> {
  await db.query('DELETE FROM lead_company_latest');
  await db.query(`INSERT INTO lead_company_latest (scope, domain, lead_id, happened_on, found_at) ${LATEST_OF('leads')}`);
  await db.query('DELETE FROM lead_day_counts');
  await db.query(
    `INSERT INTO lead_day_counts (happened_on, family_key, leads, last_found_at)
     SELECT happened_on, COALESCE(family, ''), count(*)::int, max(found_at) FROM leads GROUP BY 1, 2`,
  );
}
