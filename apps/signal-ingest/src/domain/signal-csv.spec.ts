import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { signalCsvHeader, signalCsvLines, type SignalExportCells } from './signal-csv';

/** Free text as providers and users write it: delimiters, quotes, line breaks, formula starts, unicode. */
const freeText = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\r', '\n', '\t', '=', '+', '-', '@', ';', 'é', '＝', '\u2028', 'x'), maxLength: 12 });

const signal = fc.record({
  firedAt: fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString()),
  signalType: fc.constantFrom('job_openings', 'financing_events', 'news_events', 'connections'),
  domain: fc.constantFrom('acme.com', 'globex.io', 'x-y.co.uk'),
  headline: freeText,
  details: freeText,
  sourceUrl: freeText,
  monitorName: freeText,
  deliveryMethod: fc.constantFrom('email', 'webhook'),
  deliveryStatus: fc.constantFrom('', 'pending', 'delivered', 'failed'),
  contentAvailable: fc.constantFrom('true', 'false'),
  providerItemId: freeText,
  family: fc.constantFrom('', 'funding', 'mna', 'other'),
  happenedOn: fc.constantFrom('', '2026-11-24'),
});
type Signal = typeof signal extends fc.Arbitrary<infer T> ? T : never;

const exportRow = (s: Signal): SignalExportCells => [
  `${s.firedAt},${s.signalType}`, s.domain, s.headline, s.details, s.sourceUrl, s.monitorName,
  `${s.deliveryMethod},${s.deliveryStatus},${s.contentAvailable}`, s.providerItemId, `${s.family},${s.happenedOn}`,
];
const cells = (s: Signal): string[] => [
  s.firedAt, s.signalType, s.domain, s.headline, s.details, s.sourceUrl, s.monitorName, s.deliveryMethod, s.deliveryStatus, s.contentAvailable, s.providerItemId, s.family, s.happenedOn,
];

describe('the signals CSV', () => {
  it('writes exactly what csv-stringify writes for the whole records (quoting, CRLF, formula guard)', () => {
    const whole = { record_delimiter: 'windows', quote_record_delimiter: true, escape_formulas: true } as const;
    fc.assert(
      fc.property(fc.array(signal, { maxLength: 30 }), (signals) => {
        expect(signalCsvLines(signals.map(exportRow))).toBe(stringify(signals.map(cells), whole));
      }),
      { numRuns: 300 },
    );
  });

  it('reads back with a CSV parser as the cells it was given, formula starts prefixed with a quote', () => {
    const risky: Signal = {
      firedAt: '2026-11-24T09:00:00.000Z', signalType: 'news_events', domain: 'acme.com', headline: '=HYPERLINK("http://x","y")', details: 'one, "two"\r\nthree',
      sourceUrl: '', monitorName: '-Negative', deliveryMethod: 'webhook', deliveryStatus: 'delivered', contentAvailable: 'true', providerItemId: '@id', family: '', happenedOn: '',
    };
    const lone: Signal = { ...risky, headline: 'first line\nsecond line', details: 'carriage\rreturn', providerItemId: 'plain' };
    const rows = parse(signalCsvHeader() + signalCsvLines([exportRow(risky), exportRow(lone)]), { record_delimiter: '\r\n' }) as string[][];
    expect(rows[0]).toHaveLength(13);
    expect(rows[1]).toEqual(['2026-11-24T09:00:00.000Z', 'news_events', 'acme.com', `'=HYPERLINK("http://x","y")`, 'one, "two"\r\nthree', '', "'-Negative", 'webhook', 'delivered', 'true', "'@id", '', '']);
    expect(rows[2]!.slice(3, 5)).toEqual(['first line\nsecond line', 'carriage\rreturn']);
    expect(rows).toHaveLength(3);
  });
});
