/** Characters that make a spreadsheet read a cell as a formula (decisions.md). */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * Spreadsheet formula injection guard: a cell starting with a formula trigger is prefixed with
 * `'`, which spreadsheets show as text and never evaluate.
 */
export const neutraliseFormula = (cell: string): string => (cell.length > 0 && FORMULA_TRIGGERS.has(cell[0]!) ? `'${cell}` : cell);
