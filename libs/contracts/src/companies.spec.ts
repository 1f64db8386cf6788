import { countsRequestSchema, EMPLOYEE_BAND_VALUES, NAICS_SECTORS, searchRequestSchema } from './companies';

const messagesOf = (input: unknown) => {
  const parsed = searchRequestSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('company search request contract', () => {
  it('accepts an empty body and every documented field', () => {
    expect(searchRequestSchema.safeParse({}).success).toBe(true);
    const full = {
      query: 'payments',
      countries: ['Germany'],
      states: ['Bavaria'],
      cities: ['Munich'],
      industries: ['Software Development'],
      exclude_industries: ['Banking'],
      naics_codes: ['541511'],
      naics_sectors: ['31-33', '54'],
      technologies: ['React'],
      technology_categories: ['JavaScript frameworks'],
      employee_count_min: 10,
      employee_count_max: 500,
      employee_bands: [1, 10001],
      founded_year_min: 1990,
      founded_year_max: 2020,
      keywords: ['supply chain'],
      exclude_keywords: ['crypto'],
      connections: [{ category: 'investor' }, { connected_domain: 'acme.com', category: 'customer' }],
      sort_by: 'name',
      sort_order: 'asc',
      limit: 100,
      cursor: 'abc',
    };
    expect(messagesOf(full)).toEqual([]);
  });

  it.each(['31', '44', '99', '3133'])('refuses the NAICS sector %s and lists the twenty valid values', (sector) => {
    const [message] = messagesOf({ naics_sectors: [sector] });
    expect(message).toContain(`"${sector}"`);
    for (const valid of NAICS_SECTORS) expect(message).toContain(valid);
    expect(NAICS_SECTORS).toHaveLength(20);
  });

  it('refuses employee bands outside the nine stored values, naming them and listing the valid ones', () => {
    const [message] = messagesOf({ employee_bands: [10, 7, 3] });
    expect(message).toMatch(/^employee_bands: invalid employee band 7, 3; valid values are /);
    expect(message).toContain(EMPLOYEE_BAND_VALUES.join(', '));
  });

  it('refuses a limit above 100 naming the field', () => {
    expect(messagesOf({ limit: 101 })).toEqual([expect.stringMatching(/^limit: /)]);
  });

  it('refuses more than 10 connection filters and unknown fields inside one', () => {
    expect(messagesOf({ connections: Array.from({ length: 11 }, () => ({ category: 'vendor' })) })).toEqual([
      expect.stringMatching(/^connections: /),
    ]);
    const parsed = searchRequestSchema.safeParse({ connections: [{ category: 'vendor', weight: 2 }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['weight'], path: ['connections', 0] });
  });

  it('refuses an empty connection filter and an unknown category', () => {
    expect(messagesOf({ connections: [{}] })).toHaveLength(1);
    expect(messagesOf({ connections: [{ category: 'friend' }] })).toHaveLength(1);
  });

  it('treats limit and cursor as unknown fields in a counts body', () => {
    const parsed = countsRequestSchema.safeParse({ limit: 5, cursor: 'x' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['limit', 'cursor'] });
  });
});
