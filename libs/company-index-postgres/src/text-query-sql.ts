import { expandFreeTextQuery, type FreeTextQuery } from '@radar/company-index';
import type { SqlParams } from './sql-params';

/** A free-text query in SQL: the tsquery to match and the text whose lexemes relevance adds up. */
export interface TextQuerySql {
  /** A tsquery expression over `search_vector`'s configuration (English stemming, stop words dropped). */
  tsquery: string;
  /**
   * A text expression of the query's words: the typed text, or with synonyms every part and
   * alternative of it, so each lexeme a match can hold counts once (queryLexemesSql). It refers
   * only to the parameter `tsquery` refers to: a statement may use either or both.
   */
  words: string;
}

const websearch = (text: string): string => `websearch_to_tsquery('english', ${text})`;

/**
 * The query as a tsquery. Without synonyms, websearch_to_tsquery of the text as typed. With
 * them, each branch is the websearch tsquery of what has no synonyms AND, for each word with
 * synonyms, the OR of its alternatives (each all its words), and the branches are ORed. An
 * empty part (stop words only) drops out of `&&` and `||` as it does in websearch_to_tsquery.
 * The parts travel in one text[] parameter, so the statement's text depends only on the
 * query's shape.
 */
export function textQuerySql(query: FreeTextQuery, params: SqlParams): TextQuerySql {
  if (query.branches === undefined) {
    const placeholder = params.add(query.text);
    return { tsquery: websearch(placeholder), words: placeholder };
  }
  // The parts in one text[] parameter, each referred to by its (1-based) position.
  const parts: string[] = [];
  const positionOf = (text: string): number => parts.push(text);
  const shape = query.branches.map((branch) => ({
    rest: branch.rest.trim() === '' ? undefined : positionOf(branch.rest),
    synonyms: branch.synonyms.map((synonym) => synonym.alternatives.map(positionOf)),
  }));
  const partsPlaceholder = params.add(parts);
  const part = (position: number): string => websearch(`(${partsPlaceholder}::text[])[${position}]`);
  const branches = shape.map(({ rest, synonyms }) => {
    const required = rest === undefined ? [] : [part(rest)];
    for (const alternatives of synonyms) required.push(`(${alternatives.map(part).join(' || ')})`);
    return `(${required.join(' && ')})`;
  });
  return { tsquery: `(${branches.join(' || ')})`, words: `array_to_string(${partsPlaceholder}::text[], ' ')` };
}

/** The SQL of a request's free-text query, with its synonyms applied. */
export const freeTextQuerySql = (text: string, params: SqlParams): TextQuerySql => textQuerySql(expandFreeTextQuery(text), params);
