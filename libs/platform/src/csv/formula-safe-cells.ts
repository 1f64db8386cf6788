import type { Options } from 'csv-stringify';

/**
 * The csv-stringify options every CSV Radar writes shares (decisions.md):
 * - `escape_formulas` prefixes with `'` a cell a spreadsheet would run as a formula: one starting
 *   with `=`, `+`, `-`, `@`, tab or carriage return, or the full-width `＝＋－＠` some spreadsheets
 *   read as the same. It covers the whole rule as long as cells are passed as text (a number
 *   cell starting with `-` is left as it is), so nothing is guarded by hand beside it.
 * - `quote_record_delimiter` quotes a cell holding any line break (RFC 4180), not only one
 *   holding the record delimiter itself: a lone LF would otherwise break the file for strict readers.
 */
export const FORMULA_SAFE_CELLS = { escape_formulas: true, quote_record_delimiter: true } as const satisfies Options;
