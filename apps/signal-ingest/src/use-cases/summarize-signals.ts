import type { SignalsSummary, SignalsSummaryQuery } from '@radar/contracts';
import { inReadSnapshot } from '../data/read-snapshot';
import { dayAfter } from '../data/signal-filter-sql';
import { countSignalRowsByFamily, countSignalsFiredBetween, signalCountsByFamily, type FamilyCounts } from '../data/signal-reads.repository';
import { familyCountsView } from './family-counts-view';
import type { SignalIngestDeps } from './deps';

const HOUR_MS = 3_600_000;
const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * GET /signals/summary: the counts GET /signals would total for the same filters, by family,
 * and those delivered in the last 24 hours and 7 days (rolling, from now). Without a domain
 * filter they come from the per-day counts; a window's first, partial day is counted row by
 * row. Every count is read on one snapshot, so they agree with each other.
 */
export async function summarizeSignals(deps: Pick<SignalIngestDeps, 'pool' | 'now'>, workspaceId: string, filters: SignalsSummaryQuery): Promise<SignalsSummary> {
  const now = deps.now();
  const windowStarts = [new Date(now.getTime() - 24 * HOUR_MS), new Date(now.getTime() - 7 * 24 * HOUR_MS)];
  const { families, windows } = await inReadSnapshot(deps.pool, async (db) => {
    if (filters.domain !== undefined) {
      const counted = await countSignalRowsByFamily(db, workspaceId, filters, windowStarts);
      return { families: counted, windows: windowStarts.map((_, index) => sumOf(counted, (row) => row.afterDays[index]!)) };
    }
    const counted = await signalCountsByFamily(db, workspaceId, filters, windowStarts.map(utcDay));
    const windowCounts: number[] = [];
    for (const [index, start] of windowStarts.entries()) {
      const partialFirstDay = await countSignalsFiredBetween(db, workspaceId, filters, start, dayAfter(utcDay(start)));
      windowCounts.push(sumOf(counted, (row) => row.afterDays[index]!) + partialFirstDay);
    }
    return { families: counted, windows: windowCounts };
  });
  const byFamily = new Map(families.map((row) => [row.familyKey, row.total]));
  return {
    total: sumOf(families, (row) => row.total),
    last_24h: windows[0]!,
    last_7d: windows[1]!,
    unclassified: byFamily.get('') ?? 0,
    by_family: familyCountsView(byFamily),
  };
}

const sumOf = (rows: readonly FamilyCounts[], count: (row: FamilyCounts) => number): number => rows.reduce((sum, row) => sum + count(row), 0);
