import type { estypes } from '@elastic/elasticsearch';
import { assertBulkSucceeded, buildBulkOperations, BulkUpsertError, failedBulkItems } from './bulk-upsert';
import { aSparseIndexedCompany, anIndexedCompany } from '../testing/indexed-company';
import { bulkAnswer } from './testing/recorded-responses';

const asBulkResponse = (answer: ReturnType<typeof bulkAnswer>): estypes.BulkResponse => answer as estypes.BulkResponse;

describe('buildBulkOperations', () => {
  it('indexes each company whole under its id: an action line, then the document', () => {
    const first = anIndexedCompany({ id: 'id-1' });
    const second = aSparseIndexedCompany({ id: 'id-2' });
    const operations = buildBulkOperations('companies', [first, second]);
    expect(operations).toHaveLength(4);
    expect(operations[0]).toEqual({ index: { _index: 'companies', _id: 'id-1' } });
    expect(operations[1]).toMatchObject({ id: 'id-1', name: 'Northwind Analytics' });
    expect(operations[2]).toEqual({ index: { _index: 'companies', _id: 'id-2' } });
    expect(operations[3]).toMatchObject({ id: 'id-2' });
  });

  it('stores the search fields a filled company needs: sort name, NAICS sector prefix, nested connections', () => {
    const [, document] = buildBulkOperations('companies', [anIndexedCompany()]);
    expect(document).toEqual({
      id: '0b9a7c52-3f1e-4d2a-9c61-5e8f0a1b2c3d',
      name: 'Northwind Analytics',
      name_sort: 'Northwind Analytics',
      domain: 'northwind-analytics-4k2.io',
      description: 'A growing provider of cloud analytics software, based in Berlin, Germany.',
      industry: 'Software Development',
      employee_count: 200,
      country: 'Germany',
      country_code: 'DE',
      state: 'Berlin',
      city: 'Berlin',
      technologies: ['React', 'PostgreSQL'],
      technology_categories: ['Frontend', 'Databases'],
      naics_code: '513210',
      naics_prefix: '51',
      founded_year: 2014,
      funding_stage: 'series_b',
      funding_total_usd: 42_000_000,
      last_funding_date: '2023-06-14',
      profile_url: 'https://www.linkedin.com/company/northwind-analytics-4k2',
      data_quality_score: 12,
      connections: [
        { category: 'investor', connected_company_id: '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6', connected_domain: 'alpine-ventures-9x1.com' },
      ],
    });
  });

  it('leaves out the fields a company lacks, so they are missing to filters and sorts', () => {
    const [, document] = buildBulkOperations('companies', [aSparseIndexedCompany({ name: 'lumen & co' })]);
    expect(document).toEqual({
      id: '0b9a7c52-3f1e-4d2a-9c61-5e8f0a1b2c3d',
      name: 'lumen & co',
      name_sort: 'lumen & co',
      domain: 'northwind-analytics-4k2.io',
      data_quality_score: 2,
    });
  });
});

describe('bulk response checks', () => {
  it('finds nothing wrong in a response without errors', () => {
    const response = asBulkResponse(bulkAnswer(['a', 'b']));
    expect(failedBulkItems(response)).toEqual([]);
    expect(() => assertBulkSucceeded(response, 2)).not.toThrow();
  });

  it('reports each failed item with its id, status and reason', () => {
    const response = asBulkResponse(bulkAnswer(['a', 'b', 'c'], ['b']));
    expect(failedBulkItems(response)).toEqual([
      { id: 'b', status: 400, type: 'document_parsing_exception', reason: expect.stringContaining('failed to parse field [founded_year]') },
    ]);
  });

  it('throws BulkUpsertError naming the failed ids and how many of the batch failed', () => {
    const response = asBulkResponse(bulkAnswer(['a', 'b', 'c'], ['a', 'c']));
    let thrown: unknown;
    try {
      assertBulkSucceeded(response, 3);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(BulkUpsertError);
    const error = thrown as BulkUpsertError;
    expect(error.failedCount).toBe(2);
    expect(error.attemptedCount).toBe(3);
    expect(error.failures.map((failure) => failure.id)).toEqual(['a', 'c']);
    expect(error.message).toMatch(/rejected 2 of 3 companies: a: 400 document_parsing_exception/);
  });

  it('names at most ten failures but counts them all', () => {
    const ids = Array.from({ length: 25 }, (_, index) => `id-${index}`);
    try {
      assertBulkSucceeded(asBulkResponse(bulkAnswer(ids, ids)), 25);
      throw new Error('expected a BulkUpsertError');
    } catch (error) {
      expect(error).toBeInstanceOf(BulkUpsertError);
      expect((error as BulkUpsertError).failedCount).toBe(25);
      expect((error as BulkUpsertError).failures).toHaveLength(10);
    }
  });
});
