import fc from 'fast-check';
import { Pool } from 'pg';
import { testInfrastructure } from '@radar/platform/testing';
import { isStopValue, parseWebsearchQuery, type WebsearchNode } from './websearch-query';

/**
 * The parser is checked against PostgreSQL itself: the tree it builds, written back as a
 * tsquery whose values PostgreSQL parses and stems (`to_tsquery('english', ...)`), must be
 * exactly what `websearch_to_tsquery('english', ...)` makes of the same text.
 */
let pool: Pool;

beforeAll(() => {
  pool = new Pool({ connectionString: testInfrastructure.postgresUrl, max: 1 });
});

afterAll(async () => {
  await pool.end();
});

const quoted = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

function asTsquery(node: WebsearchNode): string {
  switch (node.kind) {
    case 'value':
      return quoted(node.text);
    case 'not':
      return `!(${asTsquery(node.operand)})`;
    case 'and':
      return `(${asTsquery(node.left)} & ${asTsquery(node.right)})`;
    case 'or':
      return `(${asTsquery(node.left)} | ${asTsquery(node.right)})`;
  }
}

function valuesOf(node: WebsearchNode): string[] {
  if (node.kind === 'value') return [node.text];
  if (node.kind === 'not') return valuesOf(node.operand);
  return [...valuesOf(node.left), ...valuesOf(node.right)];
}

async function postgresReading(text: string): Promise<{ websearch: string; ours: string; emptyValues: string[] }> {
  const tree = parseWebsearchQuery(text);
  const client = await pool.connect();
  try {
    // Both sides warn about queries that are only stop words; the answer is what matters here.
    await client.query(`SET client_min_messages = warning`);
    const { rows } = await client.query<{ websearch: string; ours: string }>(
      `SELECT websearch_to_tsquery('english', $1)::text AS websearch, CASE WHEN $2::text IS NULL THEN '' ELSE to_tsquery('english', $2)::text END AS ours`,
      [text, tree === undefined ? null : asTsquery(tree)],
    );
    const values = tree === undefined ? [] : valuesOf(tree);
    const { rows: empty } = await client.query<{ value: string }>(
      `SELECT value FROM unnest($1::text[]) AS value WHERE numnode(to_tsquery('english', $2 || replace(replace(value, '\\', '\\\\'), '''', '''''') || $2)) = 0`,
      [values, "'"],
    );
    return { ...(rows[0] as { websearch: string; ours: string }), emptyValues: empty.map((row) => row.value) };
  } finally {
    client.release();
  }
}

describe('parseWebsearchQuery, read as PostgreSQL reads websearch queries', () => {
  it.each([
    ['bank of america', "'bank' & 'america'"],
    ['x or y z', "'x' | 'y' & 'z'"],
    ['x y or z', "'x' & 'y' | 'z'"],
    ['"supply chain" or logistics', "'suppli' <-> 'chain' | 'logist'"],
    ['"bank of america" branch', "'bank' <2> 'america' & 'branch'"],
    ['cloud -"big data"', "'cloud' & !( 'big' <-> 'data' )"],
    ['-staffing cloud', "!'staf' & 'cloud'"],
    ['x or -y', "'x' | !'y'"],
    ['x|or y', "'x' | 'y'"],
    ['x, or y', "'x' | 'y'"],
    ['x OR-y', "'x' & 'or-i' <2> 'y'"],
    ["o'reilly media", "'o' <-> 'reilli' & 'media'"],
    ['A.Ş. holding', "'ş' & 'hold'"],
    ['cloud or the', "'cloud'"],
    ['bank or of america', "'bank' | 'america'"],
    ['cloud OR', "'cloud'"],
    ['"unterminated phrase', "'untermin' <-> 'phrase'"],
    ['x:y', "'x' & 'y'"],
    ['we build tools', "'build' & 'tool'"],
    ['of-the', "'of-th'"],
  ])('reads %p as %s', async (text, expected) => {
    const { websearch, ours, emptyValues } = await postgresReading(text);
    expect(websearch).toBe(expected);
    expect(ours).toBe(websearch);
    expect(emptyValues).toEqual([]);
  });

  it.each(['the', 'of the', '"of the"', 'a or', '-the', "it's", '--', '"" ( )', '', '   '])(
    'finds nothing to search for in %p, as PostgreSQL ignores it',
    async (text) => {
      expect(parseWebsearchQuery(text)).toBeUndefined();
      expect((await postgresReading(text)).websearch).toBe('');
    },
  );

  it('reads any mix of words, stop words, quotes, operators and punctuation as PostgreSQL does', async () => {
    const fragment = fc.constantFrom(
      'cloud', 'data', 'bank', 'america', 'services', 'x-ray', 'e-commerce', "o'reilly", 'café', '3d', 'b2b',
      'the', 'of', 'and', 'we', 'about', 'or', 'OR', 'Or', 'orbit',
      ' ', ' ', ' ', '  ', '-', '"', ',', '|', '(', ')', '!', '&', ':', "'", '_', '<', '\t',
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fragment, { maxLength: 12 }), async (fragments) => {
        const text = fragments.join('');
        const { websearch, ours, emptyValues } = await postgresReading(text);
        expect({ text, ours, emptyValues }).toEqual({ text, ours: websearch, emptyValues: [] });
      }),
      { numRuns: 500 },
    );
  }, 60_000);
});

describe('isStopValue', () => {
  it('drops values made only of stop words or of no word at all', () => {
    expect(['The', 'of', "it's", 'DON\'T', '--', ''].map(isStopValue)).toEqual([true, true, true, true, true, true]);
  });

  it('keeps a value with any other word, and compounds PostgreSQL reads as one token', () => {
    expect(['cloud', 'the cloud', 'of-the', 'it.is', 'ş'].map(isStopValue)).toEqual([false, false, false, false, false]);
  });
});
