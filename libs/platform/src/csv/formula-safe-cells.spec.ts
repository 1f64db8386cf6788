import { stringify } from 'csv-stringify/sync';
import { FORMULA_SAFE_CELLS } from './formula-safe-cells';

const written = (cell: string): string => stringify([[cell]], { ...FORMULA_SAFE_CELLS, record_delimiter: 'windows' });

describe('FORMULA_SAFE_CELLS', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '＝1+1', '＋1', '－1', '＠SUM(A1)'])('prefixes %j with an apostrophe', (cell) => {
    expect(written(cell)).toBe(`'${cell}\r\n`);
  });

  it('prefixes a cell starting with a carriage return, and quotes it for the line break', () => {
    expect(written('\rx')).toBe(`"'\rx"\r\n`);
  });

  it('prefixes before quoting: the apostrophe sits inside the quotes', () => {
    expect(written('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"\r\n`);
  });

  it.each(['Acme', ' =1', "'=1", '1-2', 'a=b', '2015', 'a＝b'])('leaves %j as it is', (cell) => {
    expect(written(cell)).toBe(`${cell}\r\n`);
  });

  it('quotes a cell holding a lone line feed', () => {
    expect(written('one\ntwo')).toBe('"one\ntwo"\r\n');
  });
});
