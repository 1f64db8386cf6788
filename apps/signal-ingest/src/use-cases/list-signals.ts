import type { ListSignalsQuery, SignalsPage } from '@radar/contracts';
import { inReadSnapshot } from '../data/read-snapshot';
import { dayAfter } from '../data/signal-filter-sql';
import { countSignalRows, signalCountsByDay, signalsPage } from '../data/signal-reads.repository';
import { pageWindow } from '../domain/page-window';
import { signalView } from './signal-view';
import type { SignalIngestDeps } from './deps';

/**
 * GET /signals: the workspace's signals the filters select, newest first (ties by id), with the
 * total. Without a domain filter the total and the page's position come from the per-day counts
 * (a sum over days, not a count over a million rows), and the page is read from the days that
 * hold it; a domain's signals are few enough to count and page directly.
 */
export async function listSignals(deps: Pick<SignalIngestDeps, 'pool'>, workspaceId: string, query: ListSignalsQuery): Promise<SignalsPage> {
  const { limit, offset, ...filters } = query;
  return inReadSnapshot(deps.pool, async (db) => {
    if (filters.domain !== undefined) {
      const total = await countSignalRows(db, workspaceId, filters);
      const items = offset < total ? await signalsPage(db, workspaceId, filters, { skip: offset, limit }) : [];
      return { items: items.map(signalView), total, limit, offset };
    }
    const days = await signalCountsByDay(db, workspaceId, filters);
    const total = days.reduce((sum, day) => sum + day.signals, 0);
    const window = pageWindow(days, offset, limit);
    const items = window
      ? await signalsPage(db, workspaceId, filters, {
          skip: window.skip,
          limit,
          firedFrom: new Date(`${window.oldestDay}T00:00:00Z`),
          firedBefore: dayAfter(window.newestDay),
        })
      : [];
    return { items: items.map(signalView), total, limit, offset };
  });
}
