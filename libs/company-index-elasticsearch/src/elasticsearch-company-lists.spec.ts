import { isAppError } from '@radar/platform/errors';
import type { IndexedCompany } from '@radar/company-index';
import { anIndexedCompany } from '@radar/company-index/testing';
import { companyIndexOnFake, storeSource } from '../test/company-index-on-fake';
import type { FakeCluster, RecordedRequest } from '../test/fake-cluster';
import { errorAnswer } from '../test/recorded-responses';

const idOf = (n: number): string => `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Letters only, so every number names a distinct word of its own. */
const wordOf = (n: number): string => `unit${String.fromCharCode(97 + (n % 26))}${String.fromCharCode(97 + Math.floor(n / 26))}`;

const searchesOf = (cluster: FakeCluster): RecordedRequest[] => cluster.requestsTo('POST', /^\/companies\/_search$/);
const multiSearchesOf = (cluster: FakeCluster): RecordedRequest[] => cluster.requestsTo('POST', /^\/_msearch$/);

async function indexOf(companies: IndexedCompany[]) {
  const setup = companyIndexOnFake();
  await setup.index.upsert(companies);
  await setup.index.refresh();
  return setup;
}

const stored = (cluster: FakeCluster, id: string) => cluster.indices.get('companies-initial')?.documents.get(id) as Record<string, unknown> | undefined;

describe('Elasticsearch name lookups', () => {
  const exact = [1, 2, 3].map((n) => anIndexedCompany({ id: idOf(n), name: 'Kestrel Zeta', domain: `kestrel-zeta-${n}.io` }));
  const namesakes = Array.from({ length: 120 }, (_, n) => anIndexedCompany({ id: idOf(100 + n), name: `Kestrel ${wordOf(n)}`, domain: `kestrel-${n}.io` }));

  it('stops reading candidates once no company left unread can reach the third best', async () => {
    const { cluster, index } = await indexOf([...exact, ...namesakes]);
    const [matches] = await index.nameCandidates([{ name: 'KESTREL zeta Ltd' }]);
    expect(matches).toEqual({ knownCountry: true, candidates: exact.map((company) => ({ companyId: company.id, similarity: 100 })) });
    // One page of 50: three namesakes at 100, then companies sharing one word of two (33 at best).
    expect(multiSearchesOf(cluster)).toHaveLength(1);
  });

  it('reads on while an unread company could tie the third best, so ties go by company id', async () => {
    const { cluster, index } = await indexOf([...namesakes, ...exact]);
    const [matches] = await index.nameCandidates([{ name: 'Kestrel' }]);
    if (!matches?.knownCountry) throw new Error('expected candidates');
    expect(matches.candidates).toHaveLength(123);
    expect(new Set(matches.candidates.map((candidate) => candidate.similarity))).toEqual(new Set([50]));
    expect(multiSearchesOf(cluster)).toHaveLength(3);
  });

  it('asks nothing more of a name whose country no company is in', async () => {
    const { cluster, index } = await indexOf(exact);
    expect(await index.nameCandidates([{ name: 'Kestrel Zeta', country: 'Atlantis' }])).toEqual([{ knownCountry: false }]);
    expect(multiSearchesOf(cluster)).toHaveLength(0);
  });

  it('answers SERVICE_UNAVAILABLE when a search of the multi search met an overloaded cluster, and fails on any other refusal', async () => {
    const { cluster, index } = await indexOf(exact);
    cluster.on('POST', /^\/_msearch$/, () => ({ body: { took: 1, responses: [{ ...errorAnswer(429, 'es_rejected_execution_exception', 'search queue full') }] } }));
    const overloaded = await index.nameCandidates([{ name: 'Kestrel Zeta' }]).catch((error: unknown) => error);
    expect(isAppError(overloaded) && overloaded.code).toBe('SERVICE_UNAVAILABLE');
    cluster.on('POST', /^\/_msearch$/, () => ({ body: { took: 1, responses: [{ ...errorAnswer(400, 'query_shard_exception', 'failed to create query') }] } }));
    const refused = await index.nameCandidates([{ name: 'Kestrel Zeta' }]).catch((error: unknown) => error);
    expect(isAppError(refused)).toBe(false);
    expect(String(refused)).toMatch(/query_shard_exception/);
  });
});

describe('Elasticsearch characteristic terms', () => {
  /** Three companies: "freight" twice and "rail" in the first, "rail" and "ports" in the second, no description in the third. */
  const described = [
    anIndexedCompany({ id: idOf(1), name: 'Freightline', description: 'Freight, freight and rail.' }),
    anIndexedCompany({ id: idOf(2), name: 'Portside', description: 'Rail to the ports.' }),
    anIndexedCompany({ id: idOf(3), name: 'Quiet', description: null }),
  ];

  it('stores each company a feed writes with its name words and its terms, by tf-idf over the whole store', async () => {
    const { cluster, index } = companyIndexOnFake();
    const outcome = await index.feed(storeSource(described, 2));
    const documents = cluster.indices.get(outcome.index)?.documents;
    // freight: 2 x ln(3/1); rail: ln(3/2); port: ln(3/1).
    expect(documents?.get(idOf(1))).toMatchObject({ name_words: ['freightline'], name_word_count: 1, characteristic_terms: ['freight', 'rail'] });
    expect(documents?.get(idOf(2))).toMatchObject({ characteristic_terms: ['port', 'rail'] });
    expect(documents?.get(idOf(3))).not.toHaveProperty('characteristic_terms');
  });

  it('computes every company\'s terms again at the refresh after writes outside a feed, and only then', async () => {
    const { cluster, index } = await indexOf(described);
    expect(stored(cluster, idOf(1))?.characteristic_terms).toEqual(['freight', 'rail']);
    // Three more descriptions of freight: it is now commoner than rail, and the first company's order turns.
    await index.upsert([4, 5, 6].map((n) => anIndexedCompany({ id: idOf(n), name: `Hauler ${n}`, description: 'Freight.' })));
    await index.refresh();
    expect(stored(cluster, idOf(1))?.characteristic_terms).toEqual(['rail', 'freight']);
    expect(stored(cluster, idOf(4))?.characteristic_terms).toEqual(['freight']);
    const searches = searchesOf(cluster).length;
    await index.refresh();
    expect(searchesOf(cluster)).toHaveLength(searches);
  });
});

describe('Elasticsearch similar companies', () => {
  const seed = anIndexedCompany({ id: idOf(1), name: 'Seed', description: 'Cold chain freight forwarding for grocers.' });
  /** Thirty of the seed's industry and country, four hundred that share only the country. */
  const alike = Array.from({ length: 30 }, (_, n) =>
    anIndexedCompany({ id: idOf(100 + n), name: `Alike ${wordOf(n)}`, description: n % 2 === 0 ? 'Freight forwarding.' : 'Cold chain storage.' }),
  );
  const distant = Array.from({ length: 400 }, (_, n) =>
    anIndexedCompany({
      id: idOf(1_000 + n),
      name: `Distant ${wordOf(n)}`,
      description: null,
      industry: 'Retail',
      naicsCode: '445110',
      employeeCount: 10,
      technologies: [],
    }),
  );

  it('reads no further than the bound of similarity requires: the seeds, more_like_this, one bounded page', async () => {
    const { cluster, index } = await indexOf([seed, ...alike, ...distant]);
    const before = searchesOf(cluster).length;
    const matches = await index.similar({ seedIds: [seed.id], limit: 10 });
    expect(matches).toHaveLength(10);
    expect(matches.every((match) => alike.some((company) => company.id === match.companyId))).toBe(true);
    const searches = searchesOf(cluster).slice(before);
    expect(searches).toHaveLength(3);
    // The tenth best found by more_like_this is the floor: companies whose bound is below it are not read.
    expect((searches[2]?.body as { min_score?: number }).min_score).toBeGreaterThan(0.5);
  });

  it('fails, rather than answer for fewer seeds, when a seed is not in the index', async () => {
    const { index } = await indexOf([seed]);
    await expect(index.similar({ seedIds: [seed.id, idOf(9)], limit: 10 })).rejects.toThrow('a seed of similar companies is not in the company index');
  });
});
