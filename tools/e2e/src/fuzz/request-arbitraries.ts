import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { companyFiltersShape, searchRequestSchema, type PublicRoute } from '@radar/contracts';

/** One generated request to a public endpoint, as sent (kept whole for the failure report). */
export interface FuzzRequest {
  route: PublicRoute;
  method: string;
  /** The path under /api/v1 with its query string, raw: invalid percent-encoding stays invalid. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  chunked: boolean;
  /** The X-Request-Id the answer must echo: what was sent, if it was a sane one. */
  echoedRequestId?: string;
}

/** Percent-encodes every byte outside RFC 3986's unreserved set; lone surrogates become U+FFFD. */
export const percentEncode = (text: string): string =>
  [...Buffer.from(text, 'utf8')].map((byte) => (/[A-Za-z0-9\-_~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

/** Paths that are not valid percent-encoding: cut sequences, overlong forms, surrogates, stray `%`. */
export const INVALID_PERCENT_ENCODINGS = ['%FF', '%E0%A4%A', '%', '%%', '%zz', '%C0%80', '%ED%A0%80', '%F8%88%80%80%80', 'abc%', '%0', '%C3'];

/** Query values that `Number()` would take but a strict integer must not, and a few others. */
export const ODD_INTEGERS = [
  '0x2', '1e2', '%201', '1%20', '+1', '-1', '0', '1.0', '1.5', '', 'NaN', 'Infinity', '-0', '00001',
  '9'.repeat(30), '9007199254740993', '2147483648', '%FF', '%00', '%D9%A3', '1,2', 'true', '0b1', '1_0',
];

/** Days outside 0001-01-01..9999-12-31 (PostgreSQL has no year 0) or not days at all: 422 naming the parameter. */
export const OUT_OF_RANGE_DAYS = [
  '0000-01-01', '0000-12-31', '0000-02-29', '0000-06-15', '10000-01-01', '-0001-12-31', '+002026-01-01', '0000-00-00', '2026-02-30', '2026-00-10',
];

/** Day values of year 0, each month and day: PostgreSQL rejects them all. */
export const yearZeroDay = fc
  .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
  .map(([month, day]) => `0000-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);

/** A NUL in a path segment, alone, inside, first, after a space: 404 for an id, 422 naming a text parameter. */
export const NUL_PATH_SEGMENTS = ['%00', 'a%00.com', '%00a.com', '%20%00', 'acme.com%00', '3f6c2a9e-8b1d-4c57-9e0a-5d2f7b8c1a40%00'];

/** Field names no body knows, for the bodies that are usually empty too. */
export const UNKNOWN_FIELD_NAMES = ['ttl', 'expires_in', 'force', 'cascade', 'admin', 'owner'];

const NASTY_TEXT = [
  'a\u0000b', '\u0000', '\ud800', '\udfff\ud800', "'; DROP TABLE companies; --", '\\', '"', '&|!:*()<>', ' ', '', '\u202e\u0301',
  'x'.repeat(5_000), '%00', '${jndi:x}', '{{7*7}}', 'Ω≈ç√', '\ufeff', '\r\n', 'null',
];

const text = fc.oneof({ weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) }, { weight: 2, arbitrary: fc.constantFrom(...NASTY_TEXT) });

const number = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, 2 ** 53, 2 ** 53 + 2, -(2 ** 63), 1e308, -0, 0.5, Number.MAX_SAFE_INTEGER, 1, 10, 100),
);

/** Every body field name the contracts know, so generated bodies reach validation past "unknown field". */
const FIELD_NAMES = [
  ...new Set([...Object.keys(searchRequestSchema.shape), ...Object.keys(companyFiltersShape)]),
  'name', 'format', 'max_companies', 'domains', 'company_ids', 'webhook_id', 'status', 'delivery', 'list_id', 'signal_types', 'families',
  'category', 'connected_company_id', 'connected_domain', ...UNKNOWN_FIELD_NAMES,
];

const fieldName = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FIELD_NAMES) }, { weight: 1, arbitrary: text });

/** Any JSON-able value with our field names as keys: wrong types, unknown fields, NUL, huge numbers. */
const jsonish: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    number,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fieldName, tie('value'), { maxKeys: 4 }),
  ),
})).value;

const deepNesting = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"query":'.repeat(depth)}"x"${'}'.repeat(depth)}`;

/** JSON text that JSON.stringify cannot produce: numbers past double range, escapes, nesting, broken syntax. */
const RAW_JSON = [
  '{"limit": 1e400}', '{"employee_count_min": 123456789012345678901234567890}', '{"query": "a\\u0000b"}', '{"countries": ["\\u0000"]}',
  '{"query": "\\ud800"}', '{"a":1,', '{', '', ' ', 'null', '"text"', '42', '[]', 'true', '{"__proto__": {"polluted": 1}}',
  '{"constructor": {"prototype": {"polluted": 1}}}', deepNesting(10_000), deepObject(2_000), '\ufeff{}', '{"limit": 1, "limit": "x"}',
  '{"query": "x"} trailing', "{'query': 'x'}", '{"limit": -0}', '{"limit": 1.0}', '{"sort_by": {"$ne": null}}',
];

const bodyText = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(fieldName, jsonish, { maxKeys: 6 }).map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
  { weight: 3, arbitrary: fc.constantFrom(...RAW_JSON) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
);

const bodyBytes = fc.oneof(
  { weight: 30, arbitrary: bodyText.map((body) => Buffer.from(body, 'utf8')) },
  { weight: 4, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
  // Over the 1 MB limit: rare, each one is a megabyte on the wire.
  { weight: 1, arbitrary: fc.constant(null).map(() => Buffer.from(JSON.stringify({ query: 'x'.repeat(1_100_000) }))) },
);

/** `arbitrary`'s value `given` times in `given + absent`, else undefined. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, given: number, absent: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: given, arbitrary }, { weight: absent, arbitrary: fc.constant(undefined) });

const CONTENT_TYPES = [
  'application/json', 'application/json', 'application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1',
  'application/json; charset=utf-16', 'application/json; charset=klingon', 'text/plain', 'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz', 'application/vnd.api+json', 'application/json;', 'application/json; charset="', '*/*', 'garbage',
];

const CONTENT_ENCODINGS = ['gzip', 'deflate', 'br', 'identity', 'GZIP', 'compress', 'x-unknown', 'gzip, br', 'zstd'];

const compressors: Record<string, (body: Buffer) => Buffer> = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };

/** A body with its Content-Type and Content-Encoding, compressed for real or only said to be. */
const bodyWithHeaders = fc
  .record({
    body: bodyBytes,
    contentType: sometimes(fc.constantFrom(...CONTENT_TYPES), 6, 1),
    encoding: sometimes(fc.constantFrom(...CONTENT_ENCODINGS), 1, 3),
    reallyCompressed: fc.boolean(),
    chunked: fc.boolean(),
  })
  .map(({ body, contentType, encoding, reallyCompressed, chunked }) => {
    const compress = encoding ? compressors[encoding.toLowerCase()] : undefined;
    const headers: Record<string, string> = {};
    if (contentType !== undefined) headers['content-type'] = contentType;
    if (encoding !== undefined) headers['content-encoding'] = encoding;
    return { body: compress && reallyCompressed ? compress(body) : body, headers, chunked };
  });

const pathSegment = (knownIds: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: fc.constantFrom(...knownIds) },
    { weight: 3, arbitrary: text.filter((segment) => segment !== '' && segment !== '.' && segment !== '..').map(percentEncode) },
    { weight: 2, arbitrary: fc.constantFrom(...INVALID_PERCENT_ENCODINGS) },
    { weight: 1, arbitrary: fc.constantFrom('0', '-1', '9'.repeat(40), 'x'.repeat(2_000), '%2F', '%2E%2E', 'null', '%E2%80%AE') },
    { weight: 2, arbitrary: fc.constantFrom(...NUL_PATH_SEGMENTS) },
  );

const QUERY_KEYS = ['page', 'page_size', 'limit', 'offset', 'status', 'cursor', 'days', 'sort', 'format', 'company_id', 'since', 'until'];

const queryString = fc
  .array(
    fc.tuple(
      fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...QUERY_KEYS) }, { weight: 1, arbitrary: text.map(percentEncode) }),
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...ODD_INTEGERS) },
        { weight: 2, arbitrary: fc.integer().map(String) },
        { weight: 2, arbitrary: text.map(percentEncode) },
        { weight: 2, arbitrary: fc.oneof(fc.constantFrom(...OUT_OF_RANGE_DAYS), yearZeroDay).map(percentEncode) },
      ),
    ),
    { maxLength: 5 },
  )
  .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`));

/** A concrete path for a route's pattern: each `:param` and `*rest` filled with a generated segment. */
const concretePath = (route: PublicRoute, knownIds: string[]) => {
  const holes = route.path.match(/:\w+|\*\w+/g) ?? [];
  return fc
    .tuple(...holes.map((hole) => (hole.startsWith('*') ? fc.array(pathSegment(knownIds), { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/')) : pathSegment(knownIds))))
    .map((fills) => {
      let index = 0;
      return route.path.replace(/:\w+|\*\w+/g, () => fills[index++] ?? '');
    });
};

const SANE_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

const requestIdHeader = fc.oneof(
  { weight: 3, arbitrary: fc.uuid() },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 140 }) },
  { weight: 1, arbitrary: fc.constantFrom('a'.repeat(129), 'has spaces', '\u00e9t\u00e9', '-', '%00') },
);

export interface FuzzWorld {
  /** Bearer tokens that pass (the fuzz must reach the services) and some that do not. */
  token: string;
  /** Real company ids, so some path ids find something. */
  knownIds: string[];
}

/** A generated request for one route: path ids, query, headers and (on any method) a body. */
export function requestFor(route: PublicRoute, world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const authorization = fc.oneof(
    { weight: 12, arbitrary: fc.constant(`Bearer ${world.token}`) },
    { weight: 1, arbitrary: fc.constantFrom('', 'Bearer', `bearer ${world.token}`, `Basic ${world.token}`, `Bearer ${world.token}x`, 'Bearer rdr_') },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((value) => `Bearer ${value}`) },
  );
  return fc
    .record({
      path: concretePath(route, world.knownIds),
      query: queryString,
      authorization: sometimes(authorization, 19, 1),
      requestId: sometimes(requestIdHeader, 2, 1),
      accept: sometimes(fc.constantFrom('application/json', 'text/csv', '*/*', 'garbage'), 1, 2),
      // A body mostly where the method takes one; GETs get one now and then too.
      payload: route.method === 'GET' ? sometimes(bodyWithHeaders, 1, 5) : sometimes(bodyWithHeaders, 5, 1),
    })
    .map(({ path, query, authorization: auth, requestId, accept, payload }) => {
      const headers: Record<string, string> = { ...payload?.headers };
      if (auth !== undefined) headers.authorization = auth;
      if (requestId !== undefined) headers['x-request-id'] = requestId;
      if (accept !== undefined) headers.accept = accept;
      const trimmedId = requestId?.trim();
      return {
        route,
        method: route.method,
        path: `${path}${query}`,
        headers,
        body: payload?.body,
        chunked: payload?.chunked ?? false,
        echoedRequestId: trimmedId !== undefined && SANE_REQUEST_ID.test(trimmedId) ? trimmedId : undefined,
      };
    });
}
