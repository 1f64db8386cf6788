import { stringify } from 'csv-stringify/sync';
import { SIGNAL_EXPORT_COLUMNS } from '@radar/contracts';
import { FORMULA_SAFE_CELLS } from '@radar/platform/csv';

/**
 * A signal as the export reads it, nine cells in the order of SIGNAL_EXPORT_COLUMNS:
 * `fired_at_utc,signal_type` | company_domain | headline | details | source_url | cron_job_name |
 * `delivery_method,delivery_status,content_available` | provider_item_id | `signal_family,happened_on`.
 * The three joined cells are formatted by the database from timestamps, dates, booleans and our
 * own enumerations: they can hold neither a delimiter, a quote, a line break nor a formula
 * start, so they go out as they are. Every other cell is free text and goes through csv-stringify.
 */
export type SignalExportCells = [
  firedAtAndType: string,
  domain: string,
  headline: string,
  details: string,
  sourceUrl: string,
  monitorName: string,
  delivery: string,
  providerItemId: string,
  familyAndDay: string,
];

/**
 * Records are stringified a batch at a time, ended by NUL: PostgreSQL text cannot hold NUL, so
 * splitting there gives back each record exactly, whatever line breaks its quoted cells hold.
 */
const RECORD_END = '\u0000';
const CRLF = '\r\n';

/** The header row. */
export const signalCsvHeader = (): string => stringify([[...SIGNAL_EXPORT_COLUMNS]], { ...FORMULA_SAFE_CELLS, record_delimiter: 'windows' });

/** Each record's free-text cells, written by csv-stringify (a batch in one call: it is much faster than a call per record). */
const freeCells = (records: string[][]): string[] => stringify(records, { ...FORMULA_SAFE_CELLS, record_delimiter: RECORD_END }).split(RECORD_END);

/** A batch of signals as CSV lines (CRLF after each). */
export function signalCsvLines(rows: readonly SignalExportCells[]): string {
  const texts = freeCells(rows.map((row) => [row[1], row[2], row[3], row[4], row[5]]));
  const itemIds = freeCells(rows.map((row) => [row[7]]));
  let lines = '';
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index]!;
    lines += `${row[0]},${texts[index]},${row[6]},${itemIds[index]},${row[8]}${CRLF}`;
  }
  return lines;
}
