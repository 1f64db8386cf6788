import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { Pool } from 'pg';
import QueryStream from 'pg-query-stream';
import type { SignalFilters } from '@radar/contracts';
import type { SignalExportCells } from '../domain/signal-csv';
import { signalRowConditions } from './signal-filter-sql';
import { SqlParams } from './sql-params';

/**
 * SignalExportCells, every cell text formatted by the database (no per-row date or
 * array handling in JavaScript at a million rows); the cells of timestamps, dates, booleans and
 * enumerations come already joined.
 */
const EXPORT_COLUMNS = `to_char(s.fired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || ',' || s.signal_type,
  s.domain, s.headline, array_to_string(s.details, '; '), COALESCE(s.source_url, ''), s.monitor_name,
  s.delivery_method || ',' || COALESCE(s.delivery_status, '') || ',' || s.content_available::text,
  s.pl_item_id,
  COALESCE(s.family, '') || ',' || COALESCE(to_char(s.happened_on, 'YYYY-MM-DD'), '')`;

/** Rows per cursor read: large enough that round trips cost little, small enough that memory stays flat. */
const BATCH_ROWS = 2_000;

/**
 * A stalled download must not hold a database connection (and an old snapshot) for ever: the
 * session gives up when the cursor waits this long between two reads.
 */
const IDLE_CURSOR_TIMEOUT = '10min';

/**
 * Every signal the filters select, newest first (ties by id), read through a cursor
 * (pg-query-stream) on one pooled connection, in batches: the cursor reads ahead only as far as
 * the batches are taken, so memory does not grow with the number of rows. Whoever stops
 * iterating (a client that went away) ends the query: the cursor is closed, its transaction
 * rolled back and the connection returned to the pool.
 */
export async function* signalExportBatches(pool: Pool, workspaceId: string, filters: SignalFilters): AsyncGenerator<SignalExportCells[], void, undefined> {
  const params = new SqlParams();
  const where = signalRowConditions(params, workspaceId, filters);
  const client = await pool.connect();
  let broken: Error | undefined;
  const onBroken = (error: Error) => {
    broken = error;
  };
  client.on('error', onBroken);
  let rows: QueryStream | undefined;
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`SET LOCAL idle_in_transaction_session_timeout = '${IDLE_CURSOR_TIMEOUT}'`);
    rows = client.query(
      new QueryStream(`SELECT ${EXPORT_COLUMNS} FROM signals s WHERE ${where.join(' AND ')} ORDER BY s.fired_at DESC, s.id DESC`, params.values, {
        batchSize: BATCH_ROWS,
        rowMode: 'array',
      }),
    );
    yield* inBatches<SignalExportCells>(rows, BATCH_ROWS);
  } finally {
    // A reader that stopped early, or a failed read, leaves the cursor open: close it first. The
    // transaction only read, so rolling it back ends it either way.
    if (rows && !rows.destroyed) {
      const closed = once(rows, 'close').catch(() => undefined);
      rows.destroy();
      await closed;
    }
    await client.query('ROLLBACK').catch(() => undefined);
    client.off('error', onBroken);
    client.release(broken);
  }
}

/**
 * An object stream's rows in arrays of `size`, taken with synchronous reads of what the stream
 * holds (a promise per row, as `for await` makes, costs more than the row at a million rows).
 */
async function* inBatches<Row>(stream: Readable, size: number): AsyncGenerator<Row[], void, undefined> {
  let batch: Row[] = [];
  for (;;) {
    let row: Row | null;
    while ((row = stream.read() as Row | null) !== null) {
      batch.push(row);
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    }
    if (stream.readableEnded) break;
    // A failure while the last batch was away (the stream is then already closed).
    if (stream.errored) throw stream.errored;
    if (stream.destroyed) throw new Error('the export query stream closed before its end');
    await readableOrEnded(stream);
  }
  if (batch.length > 0) yield batch;
}

/** Resolves when the stream has rows to read or has ended; rejects when it fails. */
function readableOrEnded(stream: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.off('readable', onReady).off('end', onReady).off('error', settle).off('close', onClosed);
      if (error) reject(error);
      else resolve();
    };
    const onReady = () => settle();
    const onClosed = () => settle(stream.readableEnded ? undefined : new Error('the export query stream closed before its end'));
    stream.on('readable', onReady).on('end', onReady).on('error', settle).on('close', onClosed);
  });
}
