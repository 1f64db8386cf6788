import type { PagePosition, SortSpec } from '@radar/company-index';
import type { SqlParams } from './sql-params';

/**
 * Missing values sort last in both directions: an ascending key replaces NULL with a value
 * above every stored one, a descending key (negated, see below) with one above every negated
 * value. Band markers, years and scores are far inside these bounds.
 */
const MISSING_LAST_ASC = 2_147_483_647;
const MISSING_LAST_DESC = -1;

/** A row's id with its sort key as the SQL selects it: a page read by id is put in order by these. */
export interface KeyedRow {
  id: string;
  key: number;
}

export interface SortSql {
  /** The sort key of a row of `companies c`; rows are ordered by it in `direction`, then by id ascending. */
  key: string;
  direction: 'ASC' | 'DESC';
  /** Keyset condition: rows strictly after `position` in this order. */
  after(position: PagePosition, params: SqlParams): string;
  /** The position of a row from its selected key. */
  positionOf(key: unknown, id: string): PagePosition;
}

/** A numeric sort's column, and the ascending key (see numericSort) of a stored value in its order. */
export interface NumericOrder {
  column: 'data_quality_score' | 'employee_count' | 'founded_year';
  keyOf(value: number | null): number;
}

/**
 * The numeric order of a sort; undefined for name and for relevance by text score (a
 * relevance sort with a query, when the match set has query text to score against).
 */
export function numericOrderOf(sort: SortSpec, hasQueryText: boolean): NumericOrder | undefined {
  const descending = sort.order === 'desc';
  const order = (column: NumericOrder['column'], missingLast: boolean): NumericOrder => {
    const sentinel = descending ? MISSING_LAST_DESC : MISSING_LAST_ASC;
    return {
      column,
      keyOf: (value) => {
        const stored = value === null && missingLast ? sentinel : Number(value);
        return descending ? -stored : stored;
      },
    };
  };
  switch (sort.field) {
    case 'relevance':
      return sort.hasQuery && hasQueryText ? undefined : order('data_quality_score', false);
    case 'quality':
      return order('data_quality_score', false);
    case 'employee_count':
      return order('employee_count', true);
    case 'founded_year':
      return order('founded_year', true);
    case 'name':
      return undefined;
  }
}

/**
 * A numeric sort as an ascending key: descending sorts negate the value, so that with the id
 * tie-break (always ascending) every numeric sort is `(key, id) ASC`. The keyset condition is
 * then one row comparison, which the composite (key, id) index of the migration SQL turns
 * into the exact start of the scan. (With few distinct values, such as the nine bands or the
 * twelve quality scores, a mixed-direction condition would first walk every earlier row of
 * the same key.)
 */
function numericSort(order: NumericOrder, descending: boolean, missingLast: boolean): SortSql {
  const sentinel = descending ? MISSING_LAST_DESC : MISSING_LAST_ASC;
  const column = `c.${order.column}`;
  const value = missingLast ? `coalesce(${column}, ${sentinel})` : column;
  const key = descending ? `(-${value})` : value;
  const fromKey = (selected: unknown): number | null => {
    const stored = descending ? -Number(selected) : Number(selected);
    return missingLast && stored === sentinel ? null : stored;
  };
  return {
    key,
    direction: 'ASC',
    after: (position, params) =>
      `(${key}, c.id) > (${params.add(order.keyOf(position.key === null ? null : Number(position.key)))}::int, ${params.add(position.id)}::uuid)`,
    positionOf: (selected, id) => ({ key: fromKey(selected), id }),
  };
}

/**
 * Rows after (k, id) in `key direction, id ASC` order, for keys that cannot be negated (text,
 * computed scores): a range on the key plus a tie-break, so an index scan on (key, id) starts
 * at k. Fine when ties are rare (names, scores).
 */
function mixedKeyset(key: string, direction: 'ASC' | 'DESC', keyPlaceholder: string, idPlaceholder: string): string {
  const [inclusive, strict] = direction === 'ASC' ? ['>=', '>'] : ['<=', '<'];
  return `(${key} ${inclusive} ${keyPlaceholder} AND (${key} ${strict} ${keyPlaceholder} OR c.id > ${idPlaceholder}::uuid))`;
}

/** Weights of D, C, B, A: domain, industry, description, name. */
const RELEVANCE_WEIGHTS = `'{0.1, 0.2, 0.4, 1.0}'`;

/** A lexeme (a text expression) as the tsquery of that lexeme alone: quoted, with its quotes doubled and backslashes escaped. */
const lexemeQuery = (lexeme: string): string => `('''' || replace(replace(${lexeme}, '\\', '\\\\'), '''', '''''') || '''')::tsquery`;

/** A lexeme's relevance in a search vector: ts_rank with the relevance weights and the lexeme alone as the query. */
export const lexemeRank = (vector: string, lexeme: string): string => `ts_rank(${RELEVANCE_WEIGHTS}, ${vector}, ${lexemeQuery(lexeme)})`;

/**
 * The lexemes of a free-text query's words (the text expression filterSql gives, synonyms
 * included), in the order their relevances are added up (a tsvector's own order).
 */
export const queryLexemesSql = (queryWords: string): string => `tsvector_to_array(to_tsvector('english', ${queryWords}))`;

/**
 * Relevance to a free-text query: the sum, in queryLexemesSql's order, of the relevance of
 * each of the query's lexemes (lexemeRank), as a real. A name match weighs most, then the
 * description, industry and domain; more occurrences and more of the query's words score
 * higher. A sum over the words (rather than ts_rank of the whole query, which also weighs how
 * close the words stand) is what the free-text postings can add up per company
 * (postings-search.ts) with the same result. The lexemes' tsqueries are built once per
 * statement (an uncorrelated subquery).
 */
function relevanceScore(queryWords: string): string {
  const lexemeQueries = `(SELECT array_agg(${lexemeQuery('l')}) FROM unnest(${queryLexemesSql(queryWords)}) AS l)`;
  return `coalesce((SELECT sum(ts_rank(${RELEVANCE_WEIGHTS}, c.search_vector, q)) FROM unnest(${lexemeQueries}) AS q), 0)`;
}

/** How `companies c` is ordered for a sort; `queryWords` is the free-text query's words (filterSql's text expression), for relevance. */
export function sortSql(sort: SortSpec, queryWords: string | undefined): SortSql {
  const descending = sort.order === 'desc';
  const direction = descending ? 'DESC' : 'ASC';
  const numeric = numericOrderOf(sort, queryWords !== undefined);
  if (numeric) return numericSort(numeric, descending, numeric.column !== 'data_quality_score');
  if (sort.field === 'name') {
    return {
      key: 'c.name_key',
      direction,
      after: (position, params) => mixedKeyset('c.name_key', direction, params.add(String(position.key)), params.add(position.id)),
      positionOf: (selected, id) => ({ key: String(selected), id }),
    };
  }
  // Relevance by text score (numericOrderOf answered for every other sort).
  const score = relevanceScore(queryWords as string);
  return {
    key: score,
    direction,
    after: (position, params) => mixedKeyset(score, direction, `${params.add(Number(position.key))}::real`, params.add(position.id)),
    positionOf: (selected, id) => ({ key: Number(selected), id }),
  };
}

/**
 * The same order as `key`, written so that no sort index can produce it. For a small match
 * set, reading the matches through the filter indexes and sorting them is bounded by the set's
 * size, while walking a sort index until enough rows pass the filters can read most of the
 * table when the matches sit late in that order (a rare industry among low quality scores).
 */
export function unindexedOrderKey(sort: SortSpec, key: string): string {
  if (sort.field === 'name') return `(${key} || '') COLLATE "C"`;
  return `(${key}) + 0`;
}
