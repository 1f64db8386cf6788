import { randomUUID } from 'node:crypto';
import { normalizeMonitorDomain, PROVIDER_HISTORY_DAYS, type ProviderFollowedCompany } from '@radar/contracts';
import { inTransaction } from '@radar/platform/database';
import { eventFamilyOf } from '../domain/event-family';
import { recordListedCompanies, removeUnlistedCompanies } from '../data/followed-companies.repository';
import { completeLeadIngest, lastCompletedIngestDay, startLeadIngest, type LeadIngestCounters } from '../data/lead-ingests.repository';
import { insertNewLeads, rebuildLeadDerivedTables, removeExpiredLeads, type NewLead } from '../data/leads.repository';
import { daysBefore, isKept, keepFrom } from '../domain/lead-retention';
import type { SignalIngestDeps } from './deps';

export interface LeadsFeedSettings {
  /** Companies per page of the provider's feed. */
  pageSize: number;
  /** Days before the last complete reading that a new one asks for again (events the provider reports late). */
  overlapDays: number;
}

type Deps = Pick<SignalIngestDeps, 'pool' | 'provider' | 'logger' | 'now'> & { leadsFeed: LeadsFeedSettings };

const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** A company's items that the feed keeps today, as leads first found now. */
const leadsOf = (company: ProviderFollowedCompany, domain: string, today: string, foundAt: Date): NewLead[] =>
  company.items
    .filter((item) => isKept(item.signal_type, item.happened_on, today))
    .map((item) => ({
      id: randomUUID(),
      plItemId: item.id,
      domain,
      signalType: item.signal_type,
      category: item.category,
      family: eventFamilyOf(item.signal_type, item.category),
      headline: item.headline,
      details: [...item.details],
      sourceUrl: item.source_url,
      happenedOn: item.happened_on,
      foundAt,
    }));

/**
 * Reads the provider's followed companies feed as of today into the leads feed: every followed
 * company (names refreshed, companies no longer followed forgotten) and their events since the
 * last complete reading (a year back the first time), each stored once by its provider id, so
 * reading again adds nothing. Each page commits on its own; the reading completes, with the
 * retention applied, in one last transaction. Throws when the provider fails: the next run
 * starts over from the last complete reading, keeping what was stored.
 */
export async function ingestLeads(deps: Deps, signal: AbortSignal): Promise<LeadIngestCounters> {
  const startedAt = deps.now();
  const today = utcDay(startedAt);
  const lastAsOf = await lastCompletedIngestDay(deps.pool);
  const historyStart = daysBefore(today, PROVIDER_HISTORY_DAYS - 1);
  const resumeFrom = lastAsOf === null ? historyStart : daysBefore(lastAsOf < today ? lastAsOf : today, deps.leadsFeed.overlapDays);
  const since = resumeFrom > historyStart ? resumeFrom : historyStart;
  const ingestId = randomUUID();
  await startLeadIngest(deps.pool, { id: ingestId, asOf: today, since, startedAt });
  deps.logger.info({ ingestId, asOf: today, since }, 'reading the followed companies feed');

  const counters: LeadIngestCounters = { companies: 0, itemsReceived: 0, leadsAdded: 0 };
  for (let offset = 0; ; ) {
    signal.throwIfAborted();
    const page = await deps.provider.followedCompanies({ asOf: today, since, offset, limit: deps.leadsFeed.pageSize });
    const foundAt = deps.now();
    const companies = page.data.map((company) => ({ company, domain: normalizeMonitorDomain(company.domain) }));
    const added = await inTransaction(deps.pool, async (db) => {
      await recordListedCompanies(db, ingestId, companies.map(({ company, domain }) => ({ domain, name: company.name })), foundAt);
      return insertNewLeads(db, companies.flatMap(({ company, domain }) => leadsOf(company, domain, today, foundAt)));
    });
    counters.companies += page.data.length;
    counters.itemsReceived += page.data.reduce((sum, company) => sum + company.items.length, 0);
    counters.leadsAdded += added;
    offset += page.data.length;
    if (page.data.length === 0 || offset >= page.meta.total) break;
  }

  await inTransaction(deps.pool, async (db) => {
    const unfollowed = await removeUnlistedCompanies(db, ingestId);
    const expired = await removeExpiredLeads(db, keepFrom(today));
    await rebuildLeadDerivedTables(db);
    await completeLeadIngest(db, ingestId, counters, deps.now());
    deps.logger.info({ ingestId, ...counters, unfollowed, expired }, 'followed companies feed read');
  });
  return counters;
}
