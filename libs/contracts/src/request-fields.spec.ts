import { jobPostingsQuerySchema, searchRequestSchema, createListBodySchema } from './companies';
import { chargeRequestSchema, creditAmount } from './ledger';
import { createTokenBodySchema, createWorkspaceBodySchema, grantCreditsBodySchema } from './operator';
import { listSignalsQuerySchema, signalsExportQuerySchema, signalsSummaryQuerySchema } from './signals';
import { runMonitorsBodySchema } from './monitors-api';
import { calendarDay, CALENDAR_DAY_RANGE, emptyBodySchema, isoInstant, queryInteger, textField } from './request-fields';

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);

describe('textField', () => {
  it('accepts text without NUL, other control characters included', () => {
    expect(textField().safeParse('a\tb\u0001c\u{1F600}').success).toBe(true);
  });

  it('refuses a NUL character anywhere in the text', () => {
    for (const value of ['\u0000', 'a\u0000b', 'end\u0000']) {
      expect(fieldsOf(textField().safeParse(value))).toEqual([': must not contain a NUL character (\\u0000)']);
    }
  });

  it.each([
    ['query', { query: 'a\u0000b' }, 'query'],
    ['countries', { countries: ['Germany', 'Fr\u0000ance'] }, 'countries.1'],
    ['cities', { cities: ['\u0000'] }, 'cities.0'],
    ['industries', { industries: ['x\u0000'] }, 'industries.0'],
    ['technologies', { technologies: ['React\u0000'] }, 'technologies.0'],
    ['keywords', { keywords: ['supply\u0000chain'] }, 'keywords.0'],
    ['exclude_keywords', { exclude_keywords: ['\u0000crypto'] }, 'exclude_keywords.0'],
    ['naics_sectors', { naics_sectors: ['54\u0000'] }, 'naics_sectors.0'],
    ['connected_domain', { connections: [{ connected_domain: 'a\u0000.com' }] }, 'connections.0.connected_domain'],
    ['cursor', { cursor: 'abc\u0000' }, 'cursor'],
  ])('search refuses NUL in %s, naming the field', (_label, body, field) => {
    const problems = fieldsOf(searchRequestSchema.safeParse(body));
    expect(problems.some((problem) => problem.startsWith(`${field}: `) && /NUL/.test(problem))).toBe(true);
  });

  it('refuses NUL in the operator bodies and the ledger requests that carry names and references', () => {
    expect(fieldsOf(createWorkspaceBodySchema.safeParse({ name: 'Acme\u0000' }))).toEqual(['name: must not contain a NUL character (\\u0000)']);
    expect(fieldsOf(createListBodySchema.safeParse({ workspace_id: crypto.randomUUID(), name: '\u0000x', company_ids: [] }))).toEqual([
      'name: must not contain a NUL character (\\u0000)',
    ]);
    expect(fieldsOf(createTokenBodySchema.safeParse({ user_id: crypto.randomUUID(), name: 'ci\u0000', scope: 'read' }))).toEqual([
      'name: must not contain a NUL character (\\u0000)',
    ]);
    const charge = { workspaceId: crypto.randomUUID(), amount: 1, reason: 'export', reference: 'export:\u0000' };
    expect(fieldsOf(chargeRequestSchema.safeParse(charge))).toEqual(['reference: must not contain a NUL character (\\u0000)']);
  });
});

describe('queryInteger', () => {
  const page = queryInteger({ min: 1, max: 50 });

  it.each([
    ['1', 1],
    ['50', 50],
    ['007', 7],
  ])('reads %j as %d', (raw, expected) => {
    expect(page.parse(raw)).toBe(expected);
  });

  it.each(['0x2', '1e2', ' 1', '1 ', '1.0', '1.5', '+1', '', 'Infinity', 'NaN', '١', '1_000', '\u00001'])(
    'refuses %j as not written in decimal digits',
    (raw) => {
      expect(fieldsOf(page.safeParse(raw))).toEqual([': must be a whole number written in decimal digits']);
    },
  );

  it('refuses numbers outside the bounds and past the safe integer range', () => {
    expect(page.safeParse('0').success).toBe(false);
    expect(page.safeParse('-1').success).toBe(false);
    expect(page.safeParse('51').success).toBe(false);
    expect(queryInteger().safeParse('9007199254740993').success).toBe(false);
    expect(queryInteger().parse('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses a parameter given twice (an array) rather than picking one', () => {
    expect(page.safeParse(['1', '2']).success).toBe(false);
  });

  it('is what the job postings query uses, defaults included', () => {
    expect(jobPostingsQuerySchema.parse({})).toEqual({ page: 1, page_size: 10 });
    expect(jobPostingsQuerySchema.parse({ page: '3', page_size: '50', cursor: 'ignored' })).toEqual({ page: 3, page_size: 50 });
    for (const query of [{ page: '0x2' }, { page_size: '1e2' }, { page: ' 1' }]) {
      expect(jobPostingsQuerySchema.safeParse(query).success).toBe(false);
    }
  });
});

describe('creditAmount', () => {
  it('allows amounts past 32 bits up to Number.MAX_SAFE_INTEGER', () => {
    const workspace_id = crypto.randomUUID();
    for (const amount of [2_147_483_648, 4_294_967_296, Number.MAX_SAFE_INTEGER]) {
      expect(grantCreditsBodySchema.parse({ workspace_id, amount }).amount).toBe(amount);
    }
  });

  it('refuses amounts past Number.MAX_SAFE_INTEGER, fractions and non-positive grants', () => {
    const workspace_id = crypto.randomUUID();
    for (const amount of [Number.MAX_SAFE_INTEGER + 1, 2 ** 63, 1e300, 1.5, 0, -1]) {
      expect(grantCreditsBodySchema.safeParse({ workspace_id, amount }).success).toBe(false);
    }
    expect(creditAmount().safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
  });
});

describe('calendarDay', () => {
  it('takes real days from 0001-01-01 to 9999-12-31', () => {
    for (const day of [CALENDAR_DAY_RANGE.first, '2026-11-27', '2024-02-29', CALENDAR_DAY_RANGE.last]) expect(calendarDay().safeParse(day).success).toBe(true);
  });

  it.each(['0000-01-01', '0000-12-31', '0000-02-29'])('refuses %s, a day of year 0 that PostgreSQL cannot hold', (day) => {
    expect(fieldsOf(calendarDay().safeParse(day))).toEqual([': must be a day from 0001-01-01 to 9999-12-31']);
  });

  it('refuses days that are not real or not written YYYY-MM-DD', () => {
    for (const day of ['2026-02-30', '2026-13-01', '26-11-27', '+002026-11-27', '10000-01-01', '2026-11-27T00:00:00Z']) {
      expect(calendarDay().safeParse(day).success).toBe(false);
    }
  });

  it.each([
    ['GET /signals', listSignalsQuerySchema],
    ['GET /signals/summary', signalsSummaryQuerySchema],
    ['GET /signals/export', signalsExportQuerySchema],
  ])('is the day type of since and until in %s', (_label, schema) => {
    expect(fieldsOf(schema.safeParse({ since: '0000-01-01' }))).toEqual(['since: must be a day from 0001-01-01 to 9999-12-31']);
    expect(fieldsOf(schema.safeParse({ until: '0000-12-31' }))).toEqual(['until: must be a day from 0001-01-01 to 9999-12-31']);
  });

  it('is the day type of `radar monitors run --date`', () => {
    expect(fieldsOf(runMonitorsBodySchema.safeParse({ date: '0000-01-01' }))).toEqual(['date: must be a day from 0001-01-01 to 9999-12-31']);
  });
});

describe('emptyBodySchema', () => {
  it('takes {} and refuses any field', () => {
    expect(emptyBodySchema.safeParse({}).success).toBe(true);
    expect(emptyBodySchema.safeParse({ ttl: 999999 }).error?.issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', keys: ['ttl'] })]);
  });
});

describe('isoInstant', () => {
  it('takes instants from 0001-01-01T00:00:00Z on, with any offset', () => {
    for (const value of ['0001-01-01T00:00:00Z', '2026-11-27T10:00:00+02:00', '9999-12-31T23:59:59Z']) expect(isoInstant().safeParse(value).success).toBe(true);
  });

  it('refuses instants of year 0 in UTC, the token expiry of the operator included', () => {
    for (const value of ['0000-01-01T00:00:00Z', '0000-12-31T23:00:00Z', '0001-01-01T00:30:00+01:00']) {
      expect(fieldsOf(isoInstant().safeParse(value))).toEqual([': must be on or after 0001-01-01T00:00:00Z']);
    }
    expect(isoInstant().safeParse('next tuesday').success).toBe(false);
    expect(fieldsOf(createTokenBodySchema.safeParse({ user_id: crypto.randomUUID(), name: 'x', scope: 'read', expires_at: '0000-06-01T00:00:00Z' }))).toEqual([
      'expires_at: must be on or after 0001-01-01T00:00:00Z',
    ]);
  });
});
