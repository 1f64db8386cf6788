import { addMonitorDomainBodySchema, companyLookupRequestSchema, listSignalsQuerySchema, searchRequestSchema } from '@radar/contracts';
import { RADAR_TOOL_LIST, RADAR_TOOLS } from '../src';
import { cursorPaging, offsetPaging, pageNumberPaging } from '../src/paging';

const byName = (name: string) => {
  const tool = RADAR_TOOL_LIST.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool;
};

describe('the tool catalogue', () => {
  it('holds the 18 tools of extensions.md §4 under their fixed names', () => {
    expect(RADAR_TOOLS.map((tool) => tool.name).sort()).toEqual(
      [
        'search_companies', 'count_companies', 'get_company', 'list_company_job_postings', 'lookup_companies', 'similar_companies',
        'get_credits', 'preview_export', 'create_export', 'get_export', 'list_leads', 'get_leads_summary', 'list_signals',
        'get_signals_summary', 'list_monitors', 'get_monitor', 'create_monitor', 'add_monitor_domain',
      ].sort(),
    );
  });

  it("derives each input schema from the operation's own contracts, never typed twice", () => {
    expect(Object.keys(byName('search_companies').inputSchema.properties ?? {})).toEqual(Object.keys(searchRequestSchema.shape));
    expect(byName('search_companies').inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(Object.keys(byName('list_signals').inputSchema.properties ?? {})).toEqual(Object.keys(listSignalsQuerySchema.shape));
    // Query integers as integers (as the OpenAPI document shows them), not as the digits zod parses.
    expect(byName('list_signals').inputSchema.properties?.limit).toEqual({ type: 'integer', minimum: 1, maximum: 200, default: 50 });
    expect(Object.keys(byName('lookup_companies').inputSchema.properties ?? {})).toEqual(Object.keys(companyLookupRequestSchema.shape));
  });

  it("takes a path parameter and a body as one tool's arguments, all required as the API requires them", () => {
    const schema = byName('add_monitor_domain').inputSchema;
    expect(Object.keys(schema.properties ?? {})).toEqual(['monitor_id', ...Object.keys(addMonitorDomainBodySchema.shape)]);
    expect(schema.required).toEqual(['monitor_id', 'domain']);
    expect(schema).toMatchObject({ additionalProperties: false });
  });

  it('requires an idempotency_key of create_export, with the header contract of the API', () => {
    const schema = byName('create_export').inputSchema;
    expect(schema.required).toContain('idempotency_key');
    expect(schema.properties?.idempotency_key).toMatchObject({ type: 'string', pattern: expect.any(String) });
  });

  it('says what the charged tools cost, and marks only them as changing anything', () => {
    for (const tool of RADAR_TOOL_LIST) {
      const charged = ['create_export', 'create_monitor', 'add_monitor_domain'].includes(tool.name);
      expect({ tool: tool.name, charges: /CHARGES CREDITS/.test(tool.description ?? ''), readOnly: tool.annotations?.readOnlyHint }).toEqual({ tool: tool.name, charges: charged, readOnly: !charged });
      if (!charged) expect(tool.description).toMatch(/Free/);
    }
  });

  it('gives every tool whose answer has a contract an output schema that is an object open to new fields', () => {
    for (const tool of RADAR_TOOL_LIST) {
      if (['lookup_companies', 'similar_companies'].includes(tool.name)) continue;
      expect(tool.outputSchema).toMatchObject({ type: 'object' });
      expect(tool.outputSchema?.additionalProperties).toBeUndefined();
    }
    expect(byName('get_export').outputSchema?.properties).toHaveProperty('download_url');
  });

  it('writes a nullable value as anyOf of single types, which single-type schema dialects can map', () => {
    expect(JSON.stringify(RADAR_TOOL_LIST)).not.toMatch(/"type":\[/);
    expect(byName('get_company').outputSchema?.properties?.industry).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] });
  });
});

describe('paging words', () => {
  it('tells how to ask for the next page of a cursor, or that it was the last', () => {
    expect(cursorPaging('search_companies', 'abc.def')).toBe('Next page: call search_companies again with the same arguments and "cursor": "abc.def".');
    expect(cursorPaging('search_companies', null)).toBe('This is the last page.');
  });

  it('moves an offset on by the items shown, and stops at the total', () => {
    expect(offsetPaging('list_signals', 'Signals', { items: [1, 2], total: 5, offset: 2 }, {})).toBe(
      'Signals 3-4 of 5. Next page: call list_signals again with the same arguments and "offset": 4.',
    );
    expect(offsetPaging('list_monitors', 'Monitors', { items: [1], total: 3 }, { offset: 2 })).toBe('Monitors 3-3 of 3. This is the last page.');
    expect(offsetPaging('list_leads', 'Leads', { items: [], total: 0, offset: 0 }, {})).toBe('No leads here (0 in all).');
  });

  it('moves a page number on', () => {
    expect(pageNumberPaging('list_company_job_postings', 'Job postings', { items: [1], total: 3, page: 1, page_size: 1 })).toBe(
      'Job postings 1-1 of 3. Next page: call list_company_job_postings again with the same arguments and "page": 2.',
    );
  });
});
