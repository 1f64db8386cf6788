import type { SignalFilters } from '@radar/contracts';
import { signalExportBatches } from '../data/signal-export.repository';
import { signalCsvHeader, signalCsvLines } from '../domain/signal-csv';
import type { SignalIngestDeps } from './deps';

export interface SignalCsv {
  fileName: string;
  /** The header row. */
  header: string;
  /** The rows as CSV text, a batch at a time; stopping the iteration ends the query. */
  lines: AsyncGenerator<string, void, undefined>;
}

/**
 * GET /signals/export: every signal the list's filters select, newest first, as CSV in the
 * contract's columns. Free, no paging; read through a database cursor a batch at a time, so a
 * million rows take as little memory as a thousand.
 */
export function exportSignals(deps: Pick<SignalIngestDeps, 'pool' | 'now'>, workspaceId: string, filters: SignalFilters): SignalCsv {
  return {
    fileName: `signals-${deps.now().toISOString().slice(0, 10)}.csv`,
    header: signalCsvHeader(),
    lines: csvBatches(signalExportBatches(deps.pool, workspaceId, filters)),
  };
}

async function* csvBatches(batches: ReturnType<typeof signalExportBatches>): AsyncGenerator<string, void, undefined> {
  // for-await hands an early return on to the cursor's generator, which closes the query.
  for await (const batch of batches) yield signalCsvLines(batch);
}
