import { ALL_SHARDS, searchAnswerTo, type RecordedHit } from './recorded-responses';

/**
 * Searches, counts and aggregations of the fake cluster, answered from the documents it holds
 * as Elasticsearch 8 answers them, for the query shapes the adapter sends outside the
 * free-text query: bool (must, filter, should, must_not, minimum_should_match), term, terms,
 * ids, range, prefix, exists, match_all, match_none, constant_score, nested, match_phrase on
 * fields analysed by pattern tokenizers, and more_like_this; sorts on fields (missing values,
 * keyword normalizers, UTF-8 byte order) and on _score, search_after, min_score, _source
 * filtering, track_total_hits; terms and cardinality aggregations. Fields are read through the
 * index's own mapping and analysis settings. Anything else is refused with a 400, so a test
 * cannot pass on a query the fake does not understand. One shard: term statistics are the
 * whole index's.
 */

export class FakeUnsupported extends Error {}

type Json = Record<string, unknown>;
type Value = string | number;

export interface SearchedIndex {
  name: string;
  mappings: Json;
  settings: Json;
  documents: Map<string, unknown>;
}

interface Doc {
  index: string;
  id: string;
  source: Json;
}

interface Field {
  kind: 'keyword' | 'number' | 'text' | 'other';
  /** The source path the field's values come from (a sub-field reads its parent's). */
  source: string;
  normalizer?: string;
  analyzer?: string;
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Lucene's lowercase filter: each code point by its own mapping. */
const lowerCase = (text: string): string => Array.from(text, (char) => String.fromCodePoint(char.toLowerCase().codePointAt(0) as number)).join('');

/** Keywords order by their UTF-8 bytes, numbers by value. */
export function compareValues(a: Value, b: Value): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return Buffer.compare(Buffer.from(String(a), 'utf8'), Buffer.from(String(b), 'utf8'));
}

function sourceValues(source: Json, path: string): unknown[] {
  let values: unknown[] = [source];
  for (const segment of path.split('.')) {
    values = values.flatMap((value) => (isObject(value) ? asArray(value[segment] as unknown) : []));
  }
  return values.filter((value) => value !== null && value !== undefined);
}

/** Field names and settings of one index, as its mapping and analysis define them. */
class Schema {
  private readonly fields = new Map<string, Field>();
  private readonly valuesOf = new WeakMap<Json, Map<Field, Value[]>>();

  constructor(private readonly index: SearchedIndex) {}

  field(path: string): Field {
    let field = this.fields.get(path);
    if (field === undefined) {
      field = this.resolve(path);
      this.fields.set(path, field);
    }
    return field;
  }

  private resolve(path: string): Field {
    const segments = path.split('.');
    let properties = (this.index.mappings.properties ?? {}) as Json;
    let source: string[] = [];
    for (let at = 0; at < segments.length; at += 1) {
      const mapping = properties[segments[at] as string] as Json | undefined;
      if (mapping === undefined) return { kind: 'keyword', source: path };
      source = [...source, segments[at] as string];
      const rest = segments.slice(at + 1);
      if (rest.length === 0) return this.typed(mapping, source.join('.'));
      const subField = rest.length === 1 ? ((mapping.fields as Json | undefined)?.[rest[0] as string] as Json | undefined) : undefined;
      if (subField !== undefined) return this.typed(subField, source.join('.'));
      properties = (mapping.properties ?? {}) as Json;
    }
    return { kind: 'keyword', source: path };
  }

  private typed(mapping: Json, source: string): Field {
    const type = mapping.type as string | undefined;
    if (type === 'keyword') return { kind: 'keyword', source, ...(typeof mapping.normalizer === 'string' ? { normalizer: mapping.normalizer } : {}) };
    if (type === 'integer' || type === 'long' || type === 'short' || type === 'double' || type === 'float') return { kind: 'number', source };
    if (type === 'text') return { kind: 'text', source, analyzer: typeof mapping.analyzer === 'string' ? mapping.analyzer : 'standard' };
    return { kind: 'other', source };
  }

  private analysis(): Json {
    return ((this.index.settings.analysis ?? (this.index.settings.index as Json | undefined)?.analysis) ?? {}) as Json;
  }

  normalize(normalizer: string | undefined, value: string): string {
    if (normalizer === undefined) return value;
    const filters = asArray(((this.analysis().normalizer as Json | undefined)?.[normalizer] as Json | undefined)?.filter as string[] | undefined);
    if (filters.some((filter) => filter !== 'lowercase')) throw new FakeUnsupported(`normalizer [${normalizer}]`);
    return filters.includes('lowercase') ? lowerCase(value) : value;
  }

  /** The tokens an analyzer makes of a text: a pattern tokenizer, then lowercase filters. */
  analyze(analyzer: string, text: string): string[] {
    const definition = (this.analysis().analyzer as Json | undefined)?.[analyzer] as Json | undefined;
    const tokenizer = (this.analysis().tokenizer as Json | undefined)?.[definition?.tokenizer as string] as Json | undefined;
    const filters = asArray(definition?.filter as string[] | undefined);
    if (definition === undefined || tokenizer?.type !== 'pattern' || filters.some((filter) => filter !== 'lowercase') || definition.char_filter !== undefined) {
      throw new FakeUnsupported(`analysis with analyzer [${analyzer}] (only pattern tokenizers and lowercase filters are)`);
    }
    const tokens = text.split(new RegExp(tokenizer.pattern as string, 'u')).filter((token) => token !== '');
    return filters.includes('lowercase') ? tokens.map(lowerCase) : tokens;
  }

  /** A field's indexed values in a document: keywords (normalised) and numbers as stored, text as its tokens. */
  values(source: Json, field: Field): Value[] {
    let known = this.valuesOf.get(source);
    if (known === undefined) {
      known = new Map();
      this.valuesOf.set(source, known);
    }
    let values = known.get(field);
    if (values === undefined) {
      values = this.read(source, field);
      known.set(field, values);
    }
    return values;
  }

  private read(source: Json, field: Field): Value[] {
    const raw = sourceValues(source, field.source);
    if (field.kind === 'number') return raw.map(Number);
    if (field.kind === 'text') return raw.flatMap((value) => this.analyze(field.analyzer as string, String(value)));
    return raw.map((value) => this.normalize(field.normalizer, String(value)));
  }
}

type Query = Json;

/** The minimum_should_match of Elasticsearch: a count, a negative count, or a percentage of the clauses (rounded down). */
function minimumShouldMatch(spec: unknown, clauses: number): number {
  const text = String(spec).trim();
  const percent = text.endsWith('%');
  const number = Number(percent ? text.slice(0, -1) : text);
  if (!Number.isFinite(number)) throw new FakeUnsupported(`minimum_should_match [${text}]`);
  const count = percent ? Math.trunc((clauses * number) / 100) : number;
  return count < 0 ? clauses + count : count;
}

/** The only key of a query object and its body, e.g. `{ term: {...} }`. */
function kindOf(query: Query): [string, Json] {
  const entries = Object.entries(query);
  if (entries.length !== 1) throw new FakeUnsupported(`query with keys [${Object.keys(query).join(', ')}]`);
  return entries[0] as [string, Json];
}

/** `{ field: value }` or `{ field: { value, boost } }` of term-level queries. */
function fieldAndValue(body: Json, valueKey: string): { field: string; value: unknown; boost: number } {
  const [field, spec] = Object.entries(body).filter(([key]) => key !== 'boost')[0] as [string, unknown];
  if (isObject(spec)) return { field, value: spec[valueKey], boost: Number(spec.boost ?? 1) };
  return { field, value: spec, boost: Number(body.boost ?? 1) };
}

interface MoreLikeThisTerm {
  field: string;
  term: Value;
  score: number;
}

/**
 * Evaluates queries over the documents of the searched indices: undefined when a document
 * does not match, its score when it does.
 */
export class QueryEvaluator {
  private readonly schema: Schema;
  private readonly moreLikeThis = new WeakMap<Json, { terms: MoreLikeThisTerm[]; excluded: Set<string>; required: number; idf: Map<string, number> }>();

  constructor(
    private readonly index: SearchedIndex,
    private readonly docs: Doc[],
  ) {
    this.schema = new Schema(index);
  }

  get fields(): Schema {
    return this.schema;
  }

  /** `filtering`: the query is in filter context (a filter, a must_not, a constant_score's filter), where scores do not count. */
  score(query: Query | undefined, doc: Doc, source: Json = doc.source, filtering = false): number | undefined {
    if (query === undefined) return 1;
    const [kind, body] = kindOf(query);
    switch (kind) {
      case 'match_all':
        return Number(body.boost ?? 1);
      case 'match_none':
        return undefined;
      case 'bool':
        return this.bool(body, doc, source, filtering);
      case 'constant_score':
        return this.score(body.filter as Query, doc, source, true) === undefined ? undefined : Number(body.boost ?? 1);
      case 'term': {
        const { field, value, boost } = fieldAndValue(body, 'value');
        return this.holds(source, field, (held) => held === this.queryValue(field, value)) ? boost : undefined;
      }
      case 'terms': {
        const [field, values] = Object.entries(body).filter(([key]) => key !== 'boost')[0] as [string, unknown[]];
        const wanted = new Set(values.map((value) => this.queryValue(field, value)));
        return this.holds(source, field, (held) => wanted.has(held)) ? Number(body.boost ?? 1) : undefined;
      }
      case 'ids':
        return asArray(body.values as string[]).includes(doc.id) ? 1 : undefined;
      case 'range': {
        const [field, bounds] = Object.entries(body)[0] as [string, Json];
        const within = (held: Value) =>
          (bounds.gte === undefined || compareValues(held, bounds.gte as Value) >= 0) &&
          (bounds.gt === undefined || compareValues(held, bounds.gt as Value) > 0) &&
          (bounds.lte === undefined || compareValues(held, bounds.lte as Value) <= 0) &&
          (bounds.lt === undefined || compareValues(held, bounds.lt as Value) < 0);
        return this.holds(source, field, within) ? 1 : undefined;
      }
      case 'prefix': {
        const { field, value } = fieldAndValue(body, 'value');
        return this.holds(source, field, (held) => String(held).startsWith(String(value))) ? 1 : undefined;
      }
      case 'exists':
        return this.schema.values(source, this.schema.field(body.field as string)).length > 0 ? 1 : undefined;
      case 'nested': {
        const path = body.path as string;
        const matches = sourceValues(source, path)
          .filter(isObject)
          .map((object) => this.score(body.query as Query, doc, nestedView(path, object), filtering))
          .filter((score): score is number => score !== undefined);
        return matches.length === 0 ? undefined : matches.reduce((sum, one) => sum + one, 0) / matches.length;
      }
      case 'match_phrase':
        return this.phrase(body, source);
      case 'more_like_this':
        return this.like(body, doc, source);
      default:
        throw new FakeUnsupported(`query [${kind}]`);
    }
  }

  /**
   * A bool query. Should clauses are optional beside must or filter clauses, except in filter
   * context; minimum_should_match counts them and is capped at their number (Elasticsearch's
   * Queries.calculateMinShouldMatch).
   */
  private bool(body: Json, doc: Doc, source: Json, filtering: boolean): number | undefined {
    const must = asArray(body.must as Query | Query[] | undefined);
    const filter = asArray(body.filter as Query | Query[] | undefined);
    const should = asArray(body.should as Query | Query[] | undefined);
    const mustNot = asArray(body.must_not as Query | Query[] | undefined);
    if (must.length + filter.length + should.length + mustNot.length === 0) return 1;
    let total = 0;
    for (const clause of must) {
      const one = this.score(clause, doc, source, filtering);
      if (one === undefined) return undefined;
      total += one;
    }
    if (filter.some((clause) => this.score(clause, doc, source, true) === undefined)) return undefined;
    if (mustNot.some((clause) => this.score(clause, doc, source, true) !== undefined)) return undefined;
    const matched = should.map((clause) => this.score(clause, doc, source, filtering)).filter((one): one is number => one !== undefined);
    const asked = body.minimum_should_match ?? (filtering || must.length + filter.length === 0 ? 1 : 0);
    const required = should.length === 0 ? 0 : Math.min(Math.max(minimumShouldMatch(asked, should.length), 0), should.length);
    if (matched.length < required) return undefined;
    return (total + matched.reduce((sum, one) => sum + one, 0)) * Number(body.boost ?? 1);
  }

  private queryValue(field: string, value: unknown): Value {
    const resolved = this.schema.field(field);
    if (resolved.kind === 'number') return Number(value);
    return this.schema.normalize(resolved.normalizer, String(value));
  }

  private holds(source: Json, field: string, test: (held: Value) => boolean): boolean {
    return this.schema.values(source, this.schema.field(field)).some(test);
  }

  private phrase(body: Json, source: Json): number | undefined {
    const { field, value } = fieldAndValue(body, 'query');
    const resolved = this.schema.field(field);
    if (resolved.kind !== 'text') throw new FakeUnsupported(`match_phrase on a field of kind ${resolved.kind}`);
    const phrase = this.schema.analyze(resolved.analyzer as string, String(value));
    if (phrase.length === 0) return undefined;
    // Each value of a multi-valued field is its own run of positions (position_increment_gap).
    const runs = sourceValues(source, resolved.source).map((text) => this.schema.analyze(resolved.analyzer as string, String(text)));
    const found = runs.some((tokens) => tokens.some((_, start) => phrase.every((token, offset) => tokens[start + offset] === token)));
    return found ? 1 : undefined;
  }

  /**
   * more_like_this as Lucene's MoreLikeThis selects its terms: each field's terms of the liked
   * documents with their summed frequencies, those at least min_term_freq times there and in
   * min_doc_freq to max_doc_freq documents, ranked by tf x idf (idf = 1 + ln((docs + 1) /
   * (freq + 1))), the best max_query_terms; a document matches when it holds at least
   * minimum_should_match of them, scored by the sum of BM25's idf over those it holds (a
   * keyword's term frequency is one and it has no length norm). The liked documents
   * themselves are left out unless include is set.
   */
  private like(body: Json, doc: Doc, source: Json): number | undefined {
    let selection = this.moreLikeThis.get(body);
    if (selection === undefined) {
      selection = this.selectTerms(body);
      this.moreLikeThis.set(body, selection);
    }
    if (selection.excluded.has(doc.id)) return undefined;
    let matched = 0;
    let total = 0;
    for (const { field, term } of selection.terms) {
      if (this.holds(source, field, (held) => held === term)) {
        matched += 1;
        total += selection.idf.get(`${field}\u0000${term}`) ?? 0;
      }
    }
    return matched > 0 && matched >= selection.required ? total : undefined;
  }

  private selectTerms(body: Json): { terms: MoreLikeThisTerm[]; excluded: Set<string>; required: number; idf: Map<string, number> } {
    const fields = asArray(body.fields as string[] | undefined);
    const likedIds: string[] = [];
    const frequencies = new Map<string, { field: string; term: Value; count: number }>();
    for (const item of asArray(body.like as unknown)) {
      let source: Json;
      if (typeof item === 'string') throw new FakeUnsupported('more_like_this of free text');
      const liked = item as Json;
      if (liked.doc !== undefined) source = liked.doc as Json;
      else {
        const found = this.docs.find((candidate) => candidate.id === liked._id);
        if (found === undefined) continue;
        likedIds.push(found.id);
        source = found.source;
      }
      for (const field of fields) {
        for (const term of this.schema.values(source, this.schema.field(field))) {
          const key = `${field}\u0000${term}`;
          const entry = frequencies.get(key) ?? { field, term, count: 0 };
          entry.count += 1;
          frequencies.set(key, entry);
        }
      }
    }
    const minTermFreq = Number(body.min_term_freq ?? 2);
    const minDocFreq = Number(body.min_doc_freq ?? 5);
    const maxDocFreq = Number(body.max_doc_freq ?? Number.MAX_SAFE_INTEGER);
    const documents = this.docs.length;
    const idf = new Map<string, number>();
    const ranked: MoreLikeThisTerm[] = [];
    for (const [key, { field, term, count }] of frequencies) {
      const documentFrequency = this.docs.filter((candidate) => this.holds(candidate.source, field, (held) => held === term)).length;
      if (count < minTermFreq || documentFrequency === 0 || documentFrequency < minDocFreq || documentFrequency > maxDocFreq) continue;
      ranked.push({ field, term, score: count * (1 + Math.log((documents + 1) / (documentFrequency + 1))) });
      idf.set(key, Math.log(1 + (documents - documentFrequency + 0.5) / (documentFrequency + 0.5)));
    }
    ranked.sort((a, b) => b.score - a.score || a.field.localeCompare(b.field) || compareValues(a.term, b.term));
    const terms = ranked.slice(0, Number(body.max_query_terms ?? 25));
    const required = minimumShouldMatch(body.minimum_should_match ?? '30%', terms.length);
    return { terms, excluded: new Set(body.include === true ? [] : likedIds), required, idf };
  }
}

/** A nested object seen from its parent's paths (`connections.category` reads the object's `category`). */
function nestedView(path: string, object: Json): Json {
  return path.split('.').reduceRight<Json>((inner, segment) => ({ [segment]: inner }), object);
}

type SortSpec = { field: string; order: 'asc' | 'desc'; missing: unknown };

function sortSpecs(sort: unknown): SortSpec[] {
  return asArray(sort as unknown).map((entry) => {
    if (typeof entry === 'string') return { field: entry, order: entry === '_score' ? 'desc' : 'asc', missing: '_last' };
    const [field, spec] = Object.entries(entry as Json)[0] as [string, unknown];
    const options = isObject(spec) ? spec : { order: spec };
    return { field, order: (options.order as 'asc' | 'desc' | undefined) ?? (field === '_score' ? 'desc' : 'asc'), missing: options.missing ?? '_last' };
  });
}

interface Scored {
  doc: Doc;
  score: number;
  sort: (Value | null)[];
}

/** Compares two hits' sort values in the order of the sort (missing keywords are null and sort last, or first). */
function compareSorted(specs: SortSpec[], a: (Value | null)[], b: (Value | null)[]): number {
  for (let at = 0; at < specs.length; at += 1) {
    const spec = specs[at] as SortSpec;
    const [x, y] = [a[at] ?? null, b[at] ?? null];
    if (x === null || y === null) {
      if (x === y) continue;
      const nullLast = spec.missing !== '_first';
      return (x === null ? 1 : -1) * (nullLast ? 1 : -1);
    }
    const difference = compareValues(x, y) * (spec.order === 'desc' ? -1 : 1);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** A search over the documents of the indices a name stands for, answered as Elasticsearch shapes it. */
export function searchAnswer(indices: SearchedIndex[], body: Json): Json {
  const { matches, evaluator } = matching(indices, body.query as Query | undefined);
  const specs = sortSpecs(body.sort);
  const minScore = body.min_score === undefined ? undefined : Number(body.min_score);
  const scored: Scored[] = matches
    .filter(({ score }) => minScore === undefined || score >= minScore)
    .map(({ doc, score }) => ({ doc, score, sort: specs.map((spec) => sortValue(evaluator, spec, doc, score)) }));
  if (specs.length > 0) scored.sort((a, b) => compareSorted(specs, a.sort, b.sort));
  else scored.sort((a, b) => b.score - a.score || compareValues(a.doc.id, b.doc.id));
  const after = body.search_after as (Value | null)[] | undefined;
  const page = after === undefined ? scored : scored.filter((hit) => compareSorted(specs, hit.sort, after) > 0);
  const from = Number(body.from ?? 0);
  const hits: RecordedHit[] = page.slice(from, from + Number(body.size ?? 10)).map((hit) => ({
    _index: hit.doc.index,
    _id: hit.doc.id,
    _score: hit.score,
    ...sourceOf(body._source, hit.doc.source),
    sort: hit.sort,
  }));
  const aggregations = body.aggs === undefined ? undefined : aggregate(evaluator, scored.map((hit) => hit.doc), body.aggs as Json);
  const answer = searchAnswerTo(body, { hits, matches: scored.length, ...(aggregations === undefined ? {} : { aggregations }) });
  // Hits carry sort values only when the request sorts.
  return specs.length > 0 ? answer : { ...answer, hits: { ...answer.hits, hits: answer.hits.hits.map(({ sort: _sort, ...hit }) => hit) } };
}

/** The count API: matches of the query. */
export function countAnswer(indices: SearchedIndex[], body: Json | undefined): Json {
  return { count: matching(indices, body?.query as Query | undefined).matches.length, _shards: ALL_SHARDS };
}

function matching(indices: SearchedIndex[], query: Query | undefined): { matches: { doc: Doc; score: number }[]; evaluator: QueryEvaluator } {
  const first = indices[0] as SearchedIndex;
  const docs: Doc[] = indices.flatMap((index) => [...index.documents].map(([id, source]) => ({ index: index.name, id, source: source as Json })));
  const evaluator = new QueryEvaluator(first, docs);
  const matches = docs.flatMap((doc) => {
    const score = evaluator.score(query, doc);
    return score === undefined ? [] : [{ doc, score }];
  });
  return { matches, evaluator };
}

function sortValue(evaluator: QueryEvaluator, spec: SortSpec, doc: Doc, score: number): Value | null {
  if (spec.field === '_score') return score;
  const values = evaluator.fields.values(doc.source, evaluator.fields.field(spec.field));
  if (values.length === 0) return spec.missing === '_last' || spec.missing === '_first' ? null : (spec.missing as Value);
  // A multi-valued field sorts by its lowest value ascending and its highest descending.
  return [...values].sort(compareValues)[spec.order === 'asc' ? 0 : values.length - 1] as Value;
}

function sourceOf(filter: unknown, source: Json): { _source?: Json } {
  if (filter === false) return {};
  if (!Array.isArray(filter)) return { _source: source };
  return { _source: Object.fromEntries((filter as string[]).filter((field) => field in source).map((field) => [field, source[field]])) };
}

function aggregate(evaluator: QueryEvaluator, docs: Doc[], aggs: Json): Json {
  return Object.fromEntries(
    Object.entries(aggs).map(([name, definition]) => {
      const [kind, body] = kindOf(definition as Json);
      const field = evaluator.fields.field(body.field as string);
      const perDoc = docs.map((doc) => new Set(evaluator.fields.values(doc.source, field)));
      if (kind === 'cardinality') return [name, { value: new Set(perDoc.flatMap((values) => [...values])).size }];
      if (kind !== 'terms') throw new FakeUnsupported(`aggregation [${kind}]`);
      if (body.order !== undefined && JSON.stringify(body.order) !== JSON.stringify([{ _count: 'desc' }, { _key: 'asc' }])) {
        throw new FakeUnsupported(`terms aggregation order ${JSON.stringify(body.order)}`);
      }
      const include = body.include === undefined ? undefined : new Set(asArray(body.include as Value[]).map(String));
      const counts = new Map<Value, number>();
      for (const values of perDoc) for (const value of values) if (include === undefined || include.has(String(value))) counts.set(value, (counts.get(value) ?? 0) + 1);
      const buckets = [...counts]
        .map(([key, count]) => ({ key, doc_count: count }))
        .sort((a, b) => b.doc_count - a.doc_count || compareValues(a.key, b.key));
      const size = Number(body.size ?? 10);
      const minDocCount = Number(body.min_doc_count ?? 1);
      const kept = buckets.filter((bucket) => bucket.doc_count >= minDocCount).slice(0, size);
      return [name, { doc_count_error_upper_bound: 0, sum_other_doc_count: buckets.slice(size).reduce((sum, bucket) => sum + bucket.doc_count, 0), buckets: kept }];
    }),
  );
}
