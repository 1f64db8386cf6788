import type { CompanyDetail } from '@radar/contracts';

/**
 * The companies of `companyIds` in order, `batchSize` at a time. Up to `readAhead` batches are
 * asked for before they are needed, so search reads while the file is written; at most
 * `readAhead + 1` batches are held. `onBatch` is told how many ids are done after each batch is
 * handed on.
 */
export async function* companyBatches(
  companyIds: readonly string[],
  settings: { batchSize: number; readAhead: number },
  fetchRows: (ids: readonly string[]) => Promise<CompanyDetail[]>,
  onBatch: (processed: number) => Promise<void>,
): AsyncGenerator<CompanyDetail[]> {
  const slices: (readonly string[])[] = [];
  for (let start = 0; start < companyIds.length; start += settings.batchSize) slices.push(companyIds.slice(start, start + settings.batchSize));
  const asked: Promise<CompanyDetail[]>[] = [];
  let next = 0;
  // The batch due next and up to `readAhead` after it.
  const askAhead = () => {
    while (next < slices.length && asked.length <= settings.readAhead) {
      const rows = fetchRows(slices[next]!);
      // Held until awaited; a failure surfaces then, not as an unhandled rejection if the file is abandoned first.
      rows.catch(() => undefined);
      asked.push(rows);
      next += 1;
    }
  };
  let processed = 0;
  for (let index = 0; index < slices.length; index += 1) {
    askAhead();
    const rows = await asked.shift()!;
    yield rows;
    processed += slices[index]!.length;
    await onBatch(processed);
  }
}
