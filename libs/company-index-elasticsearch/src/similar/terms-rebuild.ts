import type { Client, estypes } from '@elastic/elasticsearch';
import { z } from 'zod';
import { pagesOf, type IndexReader } from '../index-reader';
import { CharacteristicTerms } from './characteristic-terms';

/** Companies read per page, and term updates per bulk request. */
const REBUILD_PAGE = 1_000;

const termsSourceSchema = z.object({ id: z.string(), description: z.string().nullish(), characteristic_terms: z.array(z.string()).nullish() });

/** Every company of the live index by id: its description and the terms it holds. */
export function storedTermsRequest(alias: string): estypes.SearchRequest {
  return {
    index: alias,
    sort: [{ id: { order: 'asc' } }],
    size: REBUILD_PAGE,
    track_total_hits: false,
    _source: ['id', 'description', 'characteristic_terms'],
    allow_partial_search_results: false,
  };
}

/** A company whose characteristic terms changed. */
interface TermsUpdate {
  id: string;
  characteristic_terms: string[];
}

/**
 * Brings the characteristic terms of every company in the live index to its present data,
 * after writes outside a feed (which store companies without them): one pass over the
 * descriptions for the statistics, a second for each company's terms, and a partial update of
 * each company whose terms changed. Made visible by the next refresh. A full pass over the
 * index: writes outside feeds are for tests and small repairs, a dataset arrives by a feed.
 */
export async function rebuildCharacteristicTerms(reader: IndexReader, writer: Client): Promise<number> {
  const terms = new CharacteristicTerms();
  for await (const hits of pagesOf(reader, storedTermsRequest(reader.alias), 'characteristic terms')) {
    for (const hit of hits) terms.count(termsSourceSchema.parse(hit._source).description);
  }
  let updated = 0;
  for await (const hits of pagesOf(reader, storedTermsRequest(reader.alias), 'characteristic terms')) {
    const updates: TermsUpdate[] = hits.flatMap((hit) => {
      const source = termsSourceSchema.parse(hit._source);
      const now = terms.of(source.description);
      return JSON.stringify(now) === JSON.stringify(source.characteristic_terms ?? []) ? [] : [{ id: source.id, characteristic_terms: now }];
    });
    if (updates.length > 0) await writeTerms(writer, reader.alias, updates);
    updated += updates.length;
  }
  return updated;
}

async function writeTerms(writer: Client, alias: string, updates: TermsUpdate[]): Promise<void> {
  const answer = await writer.bulk({
    operations: updates.flatMap((update) => [{ update: { _index: alias, _id: update.id } }, { doc: { characteristic_terms: update.characteristic_terms } }]),
    require_alias: true,
  });
  if (!answer.errors) return;
  const failed = answer.items.flatMap((item) => (item.update?.error ? [`${item.update._id}: ${item.update.error.type} (${item.update.error.reason ?? ''})`] : []));
  throw new Error(`Elasticsearch refused the characteristic terms of ${failed.length} companies: ${failed.slice(0, 5).join('; ')}`);
}
