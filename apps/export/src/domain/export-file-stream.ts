import { Readable, Transform, type TransformCallback } from 'node:stream';
import { stringify } from 'csv-stringify';
import { EXPORT_CSV_COLUMNS, type CompanyDetail, type ExportFormat } from '@radar/contracts';
import { FORMULA_SAFE_CELLS } from '@radar/platform/csv';
import { csvRecord } from './csv-record';

/**
 * CSV (RFC 4180: CRLF line ends, quotes doubled inside quoted fields, header row first; UTF-8)
 * written by csv-stringify, one record per company, every cell guarded against formula injection.
 */
function csvFile(batches: AsyncIterable<CompanyDetail[]>): Readable {
  const stringifier = stringify({ ...FORMULA_SAFE_CELLS, header: true, columns: [...EXPORT_CSV_COLUMNS], record_delimiter: 'windows' });
  const records = Readable.from(
    (async function* () {
      for await (const batch of batches) for (const company of batch) yield csvRecord(company);
    })(),
  );
  records.once('error', (error) => stringifier.destroy(error));
  return records.pipe(stringifier);
}

/** One JSON array of company detail objects, written a batch at a time. */
function jsonFile(batches: AsyncIterable<CompanyDetail[]>): Readable {
  return Readable.from(
    (async function* () {
      let first = true;
      yield '[';
      for await (const batch of batches) {
        if (batch.length === 0) continue;
        yield `${first ? '' : ','}${batch.map((company) => JSON.stringify(company)).join(',')}`;
        first = false;
      }
      yield ']';
    })(),
    { objectMode: false },
  );
}

/** The bytes of an export file, produced as the batches arrive (never the whole file at once). */
export const exportFileStream = (format: ExportFormat, batches: AsyncIterable<CompanyDetail[]>): Readable =>
  format === 'csv' ? csvFile(batches) : jsonFile(batches);

/** Passes bytes through and counts them: the file's size without asking the store. */
export class ByteCounter extends Transform {
  bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}
