import { buildCompanyQuery, buildCompanyQueryAmong, toSimpleQuerySyntax } from './company-query';

function filterClauses(query: ReturnType<typeof buildCompanyQuery>): unknown[] {
  const filter = query.bool?.filter;
  return Array.isArray(filter) ? filter : filter === undefined ? [] : [filter];
}

describe('buildCompanyQuery', () => {
  it('matches every company when no filter is set', () => {
    expect(buildCompanyQuery({})).toEqual({ bool: {} });
  });

  it('filters countries, states, cities and industries by exact, case-sensitive keyword terms', () => {
    const query = buildCompanyQuery({ countries: ['Germany', 'France'], states: ['Bavaria'], cities: ['Munich'], industries: ['Software Development'] });
    expect(filterClauses(query)).toEqual([
      { terms: { country: ['Germany', 'France'] } },
      { terms: { state: ['Bavaria'] } },
      { terms: { city: ['Munich'] } },
      { terms: { industry: ['Software Development'] } },
    ]);
    expect(query.bool?.must).toBeUndefined();
  });

  it('excludes industries with must_not only, so companies without an industry stay in', () => {
    const query = buildCompanyQuery({ industries: ['Banking'], excludeIndustries: ['Software Development'] });
    expect(query.bool?.must_not).toEqual([{ terms: { industry: ['Software Development'] } }]);
    // No `exists` requirement anywhere: a missing industry is not excluded.
    expect(JSON.stringify(query)).not.toContain('exists');
    expect(filterClauses(query)).toEqual([{ terms: { industry: ['Banking'] } }]);
  });

  it('ORs NAICS codes with sector prefixes (a union), prefixes read from the stored 2-digit field', () => {
    const query = buildCompanyQuery({ naicsCodes: ['541511'], naicsPrefixes: ['31', '32', '33'] });
    expect(filterClauses(query)).toEqual([
      {
        bool: {
          should: [{ terms: { naics_code: ['541511'] } }, { terms: { naics_prefix: ['31', '32', '33'] } }],
          minimum_should_match: 1,
        },
      },
    ]);
  });

  it('filters by sector alone with one terms lookup and scans other prefix lengths with prefix queries', () => {
    expect(filterClauses(buildCompanyQuery({ naicsPrefixes: ['21'] }))).toEqual([{ terms: { naics_prefix: ['21'] } }]);
    expect(filterClauses(buildCompanyQuery({ naicsPrefixes: ['5415'] }))).toEqual([{ prefix: { naics_code: '5415' } }]);
  });

  it('filters technologies and technology categories as keyword terms', () => {
    const query = buildCompanyQuery({ technologies: ['React'], technologyCategories: ['Databases'] });
    expect(filterClauses(query)).toEqual([{ terms: { technologies: ['React'] } }, { terms: { technology_categories: ['Databases'] } }]);
  });

  it('filters the allowed employee band values', () => {
    expect(filterClauses(buildCompanyQuery({ employeeCounts: [50, 200] }))).toEqual([{ terms: { employee_count: [50, 200] } }]);
  });

  it('matches nothing when the resolved employee bands are an empty list', () => {
    expect(filterClauses(buildCompanyQuery({ employeeCounts: [] }))).toEqual([{ match_none: {} }]);
  });

  it('bounds founded_year inclusively on the sides that are given', () => {
    expect(filterClauses(buildCompanyQuery({ foundedYearMin: 2000, foundedYearMax: 2010 }))).toEqual([
      { range: { founded_year: { gte: 2000, lte: 2010 } } },
    ]);
    expect(filterClauses(buildCompanyQuery({ foundedYearMin: 2000 }))).toEqual([{ range: { founded_year: { gte: 2000 } } }]);
    expect(filterClauses(buildCompanyQuery({ foundedYearMax: 1990 }))).toEqual([{ range: { founded_year: { lte: 1990 } } }]);
  });

  it('requires any keyword phrase in the unstemmed words of name or description (OR across entries)', () => {
    const query = buildCompanyQuery({ keywords: ['cloud analytics', 'data platform'] });
    expect(filterClauses(query)).toEqual([
      {
        bool: {
          should: [
            { match_phrase: { 'name.plain': 'cloud analytics' } },
            { match_phrase: { 'description.plain': 'cloud analytics' } },
            { match_phrase: { 'name.plain': 'data platform' } },
            { match_phrase: { 'description.plain': 'data platform' } },
          ],
          minimum_should_match: 1,
        },
      },
    ]);
    // Keywords narrow the match set; they do not change the ranking.
    expect(query.bool?.must).toBeUndefined();
  });

  it('removes companies whose name or description holds any excluded phrase', () => {
    const query = buildCompanyQuery({ excludeKeywords: ['staffing', 'recruitment agency'] });
    expect(query.bool?.must_not).toEqual([
      { match_phrase: { 'name.plain': 'staffing' } },
      { match_phrase: { 'description.plain': 'staffing' } },
      { match_phrase: { 'name.plain': 'recruitment agency' } },
      { match_phrase: { 'description.plain': 'recruitment agency' } },
    ]);
  });

  it('matches each connection entry within one nested connection and ANDs the entries', () => {
    const query = buildCompanyQuery({
      connections: [
        { category: 'investor', connectedDomain: 'alpine-ventures-9x1.com' },
        { connectedCompanyId: '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6' },
      ],
    });
    expect(filterClauses(query)).toEqual([
      {
        nested: {
          path: 'connections',
          query: {
            bool: {
              filter: [{ term: { 'connections.category': 'investor' } }, { term: { 'connections.connected_domain': 'alpine-ventures-9x1.com' } }],
            },
          },
        },
      },
      {
        nested: {
          path: 'connections',
          query: { bool: { filter: [{ term: { 'connections.connected_company_id': '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6' } }] } },
        },
      },
    ]);
  });

  it('requires every word of a free-text query in name, description, industry or domain, name boosted most', () => {
    const query = buildCompanyQuery({ query: '  cloud analytics ', countries: ['Germany'] });
    expect(query.bool?.must).toEqual([
      {
        simple_query_string: {
          query: 'cloud analytics',
          fields: ['name^4', 'description^2', 'industry.text', 'domain.text'],
          default_operator: 'and',
          flags: 'OR|NOT|PHRASE|WHITESPACE',
        },
      },
    ]);
    expect(filterClauses(query)).toEqual([{ terms: { country: ['Germany'] } }]);
  });

  it('reads a free-text query in websearch syntax: quoted phrases, -exclusions and OR', () => {
    const query = buildCompanyQuery({ query: '"supply chain" software or logistics -staffing' });
    expect(query.bool?.must).toEqual([
      expect.objectContaining({ simple_query_string: expect.objectContaining({ query: '"supply chain" software | logistics -staffing' }) }),
    ]);
  });

  it('treats a blank query as no query', () => {
    expect(buildCompanyQuery({ query: '   ' })).toEqual({ bool: {} });
  });
});

describe('toSimpleQuerySyntax', () => {
  it('turns a bare OR between words into |, in any case', () => {
    expect(toSimpleQuerySyntax('freight or shipping OR rail')).toBe('freight | shipping | rail');
  });

  it('leaves "or" inside a quoted phrase and inside words alone', () => {
    expect(toSimpleQuerySyntax('"black or white" orbit color')).toBe('"black or white" orbit color');
  });
});

describe('buildCompanyQueryAmong', () => {
  it('adds a terms filter on the company ids and keeps every other clause', () => {
    const query = buildCompanyQueryAmong({ query: 'shipping', countries: ['Norway'], excludeIndustries: ['Banking'] }, ['a', 'b']);
    expect(filterClauses(query)).toEqual([{ terms: { country: ['Norway'] } }, { terms: { id: ['a', 'b'] } }]);
    expect(query.bool?.must).toHaveLength(1);
    expect(query.bool?.must_not).toEqual([{ terms: { industry: ['Banking'] } }]);
  });

  it('restricts an unfiltered match set to the ids', () => {
    expect(buildCompanyQueryAmong({}, ['a'])).toEqual({ bool: { filter: [{ terms: { id: ['a'] } }] } });
  });
});
