import type { Response } from 'express';
import type { SignalCsv } from '../use-cases/export-signals';

/**
 * A client that takes nothing for this long is cut off: its export would otherwise hold a
 * database connection, and the query's snapshot, for as long as it stays connected.
 */
const STALLED_CLIENT_MS = 5 * 60_000;

/**
 * Streams a CSV export to the client: the next batch is read only once the client has taken
 * the previous one (backpressure), and a client that goes away stops the reading, which ends
 * the query. The first batch is read before anything is sent, so a database that cannot answer
 * gets the error envelope rather than a file cut short.
 */
export async function sendCsv(res: Response, csv: SignalCsv): Promise<void> {
  const gone = { value: false };
  res.once('close', () => {
    gone.value = !res.writableFinished;
  });
  try {
    let next = await csv.lines.next();
    res.status(200).set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csv.fileName}"`,
      'Cache-Control': 'no-store',
    });
    res.write(csv.header);
    while (!next.done && !gone.value) {
      if (!res.write(next.value)) await drainedOrClosed(res);
      if (gone.value) break;
      next = await csv.lines.next();
    }
  } finally {
    // Ends the cursor's transaction when the reading stopped early (a no-op once it ran to the end).
    await csv.lines.return(undefined);
  }
  if (gone.value) {
    res.req.log.info('export stopped: the client went away');
    return;
  }
  res.end();
}

/**
 * Full buffers: waits until the client reads, or until the connection is gone (the caller then
 * stops); a client stalled for too long is disconnected.
 */
function drainedOrClosed(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const stalled = setTimeout(() => res.destroy(), STALLED_CLIENT_MS);
    const settle = () => {
      clearTimeout(stalled);
      for (const event of ['drain', 'close', 'error'] as const) res.off(event, settle);
      resolve();
    };
    for (const event of ['drain', 'close', 'error'] as const) res.on(event, settle);
  });
}
