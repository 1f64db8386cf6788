import { unwrap } from './api-error';
import type { CompanyLookupItem, CompanyLookupResponse } from './resources';
import type { RadarClient } from './radar-client';

/** Entries per call of POST /companies/lookup. */
export const LOOKUP_BATCH = 100;

export interface LookupAllOptions {
  /** Told after each call: how many entries are answered so far, of how many. */
  onProgress?(done: number, total: number): void;
}

/**
 * Looks up a list of any length: 100 entries a call, one call after another, so a long list
 * stays within the lookup bucket (60 calls a minute); a 429 waits as Retry-After says (the
 * client's retries). Answers every entry in the order given, with the counts of the whole list.
 */
export async function lookupAll(client: RadarClient, items: readonly CompanyLookupItem[], options: LookupAllOptions = {}): Promise<CompanyLookupResponse> {
  const whole: CompanyLookupResponse = { items: [], matched: 0, not_found: 0, ambiguous: 0, invalid: 0 };
  for (let start = 0; start < items.length; start += LOOKUP_BATCH) {
    const answer = await unwrap(client.POST('/companies/lookup', { body: { items: items.slice(start, start + LOOKUP_BATCH) } }));
    whole.items.push(...answer.items);
    whole.matched += answer.matched;
    whole.not_found += answer.not_found;
    whole.ambiguous += answer.ambiguous;
    whole.invalid += answer.invalid;
    options.onProgress?.(whole.items.length, items.length);
  }
  return whole;
}
