import type { IncomingHttpHeaders } from 'node:http';
import {
  BaseConnection,
  errors,
  type ConnectionOptions,
  type ConnectionRequestOptions,
  type ConnectionRequestOptionsAsStream,
  type ConnectionRequestParams,
  type ConnectionRequestResponse,
  type ConnectionRequestResponseAsStream,
} from '@elastic/elasticsearch';
import { timeValueMs } from '../src/time-value';
import { countAnswer, FakeUnsupported, searchAnswer } from './fake-search';
import { errorAnswer } from './recorded-responses';

/** One request as the client sent it, its JSON (or NDJSON, as an array of lines) body parsed. */
export interface RecordedRequest {
  method: string;
  path: string;
  querystring: string;
  /** The query string's parameters (`preference`, `allow_partial_search_results`, `require_alias` ...). */
  params: URLSearchParams;
  body: unknown;
  /** The request's headers with the connection's own (authorization) merged in. */
  headers: IncomingHttpHeaders;
  /** How long the client waits for this answer (its request timeout), in milliseconds. */
  timeoutMs?: number;
}

export interface FakeAnswer {
  statusCode?: number;
  body?: unknown;
}

/**
 * Answers a request; undefined leaves it to the cluster's own behaviour. Throwing (e.g. a
 * transport ConnectionError) fails the request as a dropped connection would.
 */
export type Responder = (request: RecordedRequest) => FakeAnswer | undefined;

interface Route {
  method: string;
  path: RegExp;
  respond: Responder;
}

/** An index of the fake cluster: what was created, and the documents written into it. */
export interface FakeIndex {
  name: string;
  settings: Record<string, unknown>;
  mappings: Record<string, unknown>;
  /** Alias name to whether this index is its write index. */
  aliases: Map<string, boolean>;
  documents: Map<string, unknown>;
  /** Created by a write to a name that was no index (what a real cluster does without require_alias). */
  autoCreated: boolean;
  refreshes: number;
}

/** The connection options the client built each connection with: node URL, TLS, headers (authorization). */
export interface RecordedConnection {
  url: string;
  tls: ConnectionOptions['tls'];
  headers: IncomingHttpHeaders;
}

/**
 * Elasticsearch 8 accepts requests in its own compatibility media types for major versions 7
 * and 8 (or plain JSON) and refuses any other: a client of the next major sends
 * `compatible-with=9`, which an 8.x cluster answers with this 400.
 */
function mediaTypeProblem(headers: IncomingHttpHeaders): string | undefined {
  for (const name of ['accept', 'content-type'] as const) {
    const value = headers[name];
    if (typeof value !== 'string') continue;
    const compatible = /compatible-with=(\d+)/.exec(value)?.[1];
    if (compatible !== undefined && compatible !== '7' && compatible !== '8') return `Invalid media-type value on headers [${name}]: ${value}`;
  }
  return undefined;
}

function bodyText(body: ConnectionRequestParams['body']): string {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  if (Buffer.isBuffer(body)) return body.toString('utf8');
  throw new Error('the fake cluster does not read streamed request bodies');
}

function parseBody(text: string, contentType: string): unknown {
  if (text === '') return undefined;
  if (contentType.includes('ndjson')) {
    return text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as unknown);
  }
  return JSON.parse(text) as unknown;
}

const notFound = (name: string): FakeAnswer => ({ statusCode: 404, body: errorAnswer(404, 'index_not_found_exception', `no such index [${name}]`) });

type AliasAction = Record<'add' | 'remove' | 'remove_index', { index: string; alias?: string; is_write_index?: boolean } | undefined>;

/**
 * An in-process stand-in for an Elasticsearch 8 node: the client's HTTP connection is replaced
 * by one that records every request and answers as a cluster would where the adapter depends
 * on it. It keeps indices (settings, mappings, aliases with their write index) and the
 * documents written with bulk and document requests; index creation, aliases, settings,
 * refresh, health, mapping, bulk (index and partial update actions, auto-creating an index
 * unless `require_alias` is set), searches, multi searches and counts behave as on a real
 * cluster, searches as far as fake-search.ts reads queries (no free-text analysis: a query it
 * cannot read is refused). Routes a test declares (`on`) win over the built-in behaviour.
 * Answers carry Elasticsearch 8's compatibility media type, and requests with another
 * major's media type are refused as a real node refuses them.
 */
export class FakeCluster {
  readonly requests: RecordedRequest[] = [];
  readonly connections: RecordedConnection[] = [];
  readonly indices = new Map<string, FakeIndex>();
  /** What a health request waiting for green finds. */
  health: 'green' | 'yellow' = 'green';
  private readonly routes: Route[] = [];

  /** Answers requests of this method whose path matches; later routes win over earlier ones. */
  on(method: string, path: RegExp, respond: Responder): this {
    this.routes.unshift({ method, path, respond });
    return this;
  }

  requestsTo(method: string, path: RegExp): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && path.test(request.path));
  }

  /** The concrete indices a name stands for: the index itself, or those the alias points at. */
  resolve(name: string): FakeIndex[] {
    if (name.includes(',')) return name.split(',').flatMap((part) => this.resolve(part));
    if (name.includes('*')) {
      const pattern = new RegExp(`^${name.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\-]/g, '\\$&')).join('.*')}$`);
      return [...this.indices.values()].filter((candidate) => pattern.test(candidate.name));
    }
    const index = this.indices.get(name);
    if (index) return [index];
    return [...this.indices.values()].filter((candidate) => candidate.aliases.has(name));
  }

  /** The indices an alias points at, by name. */
  aliasTargets(alias: string): string[] {
    return [...this.indices.values()].filter((index) => index.aliases.has(alias)).map((index) => index.name);
  }

  /** Adds an index directly, as if another process had created it. */
  createIndex(name: string, options: { aliases?: string[]; documents?: Record<string, unknown> } = {}): FakeIndex {
    const index: FakeIndex = {
      name,
      settings: {},
      mappings: {},
      aliases: new Map((options.aliases ?? []).map((alias) => [alias, true])),
      documents: new Map(Object.entries(options.documents ?? {})),
      autoCreated: false,
      refreshes: 0,
    };
    this.indices.set(name, index);
    return index;
  }

  /** The connection class to hand to the client (`Connection` option). */
  connectionClass(): typeof BaseConnection {
    const connected = (connection: RecordedConnection): void => {
      this.connections.push(connection);
    };
    const handle = (params: ConnectionRequestParams, headers: IncomingHttpHeaders, timeoutMs?: number): ConnectionRequestResponse => this.handle(params, headers, timeoutMs);
    const heldFor = (params: ConnectionRequestParams): number | undefined => this.heldFor(params);
    class FakeConnection extends BaseConnection {
      constructor(options: ConnectionOptions) {
        super(options);
        connected({ url: options.url.toString(), tls: options.tls, headers: { ...this.headers } });
      }

      override request(params: ConnectionRequestParams, options: ConnectionRequestOptions): Promise<ConnectionRequestResponse>;
      override request(params: ConnectionRequestParams, options: ConnectionRequestOptionsAsStream): Promise<ConnectionRequestResponseAsStream>;
      override async request(
        params: ConnectionRequestParams,
        options: ConnectionRequestOptions | ConnectionRequestOptionsAsStream,
      ): Promise<ConnectionRequestResponse | ConnectionRequestResponseAsStream> {
        const held = heldFor(params);
        // A request the node holds longer than the client waits fails as a real connection's does.
        if (held !== undefined && options.timeout !== undefined && held > Number(options.timeout)) throw new errors.TimeoutError('Request timed out');
        return handle(params, { ...this.headers, ...params.headers }, options.timeout === undefined ? undefined : Number(options.timeout));
      }

      /** Nothing to close: no socket was opened. */
      override close(): Promise<void> {
        return Promise.resolve();
      }
    }
    return FakeConnection;
  }

  private handle(params: ConnectionRequestParams, headers: IncomingHttpHeaders, timeoutMs?: number): ConnectionRequestResponse {
    const contentType = String(headers['content-type'] ?? '');
    const querystring = params.querystring ?? '';
    const request: RecordedRequest = {
      method: params.method,
      path: params.path,
      querystring,
      params: new URLSearchParams(querystring),
      body: parseBody(bodyText(params.body), contentType),
      headers,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    };
    this.requests.push(request);
    const problem = mediaTypeProblem(headers);
    const route = this.routes.find((candidate) => candidate.method === request.method && candidate.path.test(request.path));
    const answer: FakeAnswer =
      problem !== undefined
        ? { statusCode: 400, body: errorAnswer(400, 'media_type_header_exception', problem) }
        : (route?.respond(request) ?? this.builtIn(request));
    const isHead = request.method === 'HEAD';
    return {
      statusCode: answer.statusCode ?? 200,
      headers: { 'content-type': 'application/vnd.elasticsearch+json;compatible-with=8', 'x-elastic-product': 'Elasticsearch' },
      body: answer.body === undefined || isHead ? '' : JSON.stringify(answer.body),
    };
  }

  /**
   * How long the node holds a request before it answers: a health request waiting for green
   * on a cluster that is not green is held for its whole `timeout`, as Elasticsearch does.
   */
  private heldFor(params: ConnectionRequestParams): number | undefined {
    const query = new URLSearchParams(params.querystring ?? '');
    if (!params.path.startsWith('/_cluster/health') || query.get('wait_for_status') !== 'green' || this.health === 'green') return undefined;
    return timeValueMs(query.get('timeout') ?? '30s');
  }

  private builtIn(request: RecordedRequest): FakeAnswer {
    const segments = request.path.split('/').filter((segment) => segment !== '').map(decodeURIComponent);
    const [first, second, third] = segments;
    const { method } = request;
    if (method === 'HEAD' && segments.length === 1) return { statusCode: this.resolve(first as string).length > 0 ? 200 : 404 };
    if (method === 'PUT' && segments.length === 1) return this.create(first as string, request.body as Record<string, unknown> | undefined);
    if (method === 'DELETE' && segments.length === 1) return this.delete((first as string).split(','));
    if (method === 'GET' && first === '_alias' && second !== undefined) return this.getAlias(second);
    if (method === 'PUT' && second === '_alias' && third !== undefined) return this.putAlias(first as string, third, request.body);
    if (method === 'POST' && first === '_aliases') return this.updateAliases(request.body);
    if (method === 'PUT' && second === '_settings') return this.putSettings(first as string, request.body);
    if (method === 'GET' && second === '_settings') return this.getSettings(first as string);
    if ((method === 'POST' || method === 'GET') && second === '_refresh') return this.refresh(first as string);
    if (method === 'GET' && first === '_cluster' && second === 'health') return this.clusterHealth(third, request.params);
    if (method === 'GET' && second === '_mapping') return this.getMapping(first as string);
    if (method === 'PUT' && second === '_mapping') return this.putMapping(first as string, request.body);
    if ((method === 'POST' || method === 'PUT') && (first === '_bulk' || second === '_bulk')) return this.bulk(request);
    if (second === '_doc' && third !== undefined) return this.document(method, first as string, third, request.body);
    if ((method === 'POST' || method === 'GET') && second === '_count') return this.searched(first as string, (indices) => countAnswer(indices, request.body as Record<string, unknown> | undefined));
    if ((method === 'POST' || method === 'GET') && second === '_search') return this.searched(first as string, (indices) => searchAnswer(indices, (request.body ?? {}) as Record<string, unknown>));
    if ((method === 'POST' || method === 'GET') && (first === '_msearch' || second === '_msearch')) return this.multiSearch(second === '_msearch' ? first : undefined, request.body);
    return { statusCode: 400, body: errorAnswer(400, 'fake_cluster_exception', `no fake route for ${method} ${request.path}`) };
  }

  private create(name: string, body: Record<string, unknown> | undefined): FakeAnswer {
    if (this.resolve(name).length > 0) {
      return { statusCode: 400, body: errorAnswer(400, 'resource_already_exists_exception', `index [${name}/fake-uuid] already exists`) };
    }
    const aliases = (body?.aliases ?? {}) as Record<string, { is_write_index?: boolean }>;
    const index = this.createIndex(name);
    index.settings = (body?.settings ?? {}) as Record<string, unknown>;
    index.mappings = (body?.mappings ?? {}) as Record<string, unknown>;
    for (const [alias, options] of Object.entries(aliases)) index.aliases.set(alias, options.is_write_index ?? false);
    return { body: { acknowledged: true, shards_acknowledged: true, index: name } };
  }

  private delete(names: string[]): FakeAnswer {
    for (const name of names) {
      if (!this.indices.has(name)) return notFound(name);
    }
    for (const name of names) this.indices.delete(name);
    return { body: { acknowledged: true } };
  }

  private getAlias(alias: string): FakeAnswer {
    const targets = this.aliasTargets(alias);
    if (targets.length === 0) return { statusCode: 404, body: { error: `alias [${alias}] missing`, status: 404 } };
    return { body: Object.fromEntries(targets.map((name) => [name, { aliases: { [alias]: {} } }])) };
  }

  private putAlias(name: string, alias: string, body: unknown): FakeAnswer {
    const index = this.indices.get(name);
    if (!index) return notFound(name);
    index.aliases.set(alias, (body as { is_write_index?: boolean } | undefined)?.is_write_index ?? false);
    return { body: { acknowledged: true } };
  }

  /** All actions or none, as the real _aliases API applies them. */
  private updateAliases(body: unknown): FakeAnswer {
    const actions = ((body as { actions?: AliasAction[] } | undefined)?.actions ?? []).map((action) => Object.entries(action)[0] as [keyof AliasAction, { index: string; alias?: string; is_write_index?: boolean }]);
    for (const [, action] of actions) {
      if (!this.indices.has(action.index)) return notFound(action.index);
    }
    for (const [kind, action] of actions) {
      const index = this.indices.get(action.index) as FakeIndex;
      if (kind === 'add') index.aliases.set(action.alias as string, action.is_write_index ?? false);
      if (kind === 'remove') index.aliases.delete(action.alias as string);
      if (kind === 'remove_index') this.indices.delete(action.index);
    }
    return { body: { acknowledged: true } };
  }

  private putSettings(name: string, body: unknown): FakeAnswer {
    const targets = this.resolve(name);
    if (targets.length === 0) return notFound(name);
    for (const index of targets) index.settings = { ...index.settings, ...(body as Record<string, unknown>) };
    return { body: { acknowledged: true } };
  }

  /** Settings as Elasticsearch returns them: under `index`, every value a string. */
  private getSettings(name: string): FakeAnswer {
    const targets = this.resolve(name);
    if (targets.length === 0) return notFound(name);
    const asReturned = (settings: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(settings).flatMap(([key, value]) => (typeof value === 'object' ? [] : [[key.replace(/^index\./, ''), String(value)]])));
    return { body: Object.fromEntries(targets.map((index) => [index.name, { settings: { index: asReturned(index.settings) } }])) };
  }

  private refresh(name: string): FakeAnswer {
    const targets = this.resolve(name);
    if (targets.length === 0) return notFound(name);
    for (const index of targets) index.refreshes += 1;
    return { body: { _shards: { total: targets.length, successful: targets.length, failed: 0 } } };
  }

  private clusterHealth(name: string | undefined, params: URLSearchParams): FakeAnswer {
    const timedOut = params.get('wait_for_status') === 'green' && this.health !== 'green';
    const body = { cluster_name: 'fake', status: this.health, timed_out: timedOut, unassigned_shards: this.health === 'green' ? 0 : 3, indices: name };
    // A health wait that times out is answered with 408, the body saying how far it got.
    return { statusCode: timedOut ? 408 : 200, body };
  }

  /** Adds properties and replaces `_meta`, as a mapping update does. */
  private putMapping(name: string, body: unknown): FakeAnswer {
    const targets = this.resolve(name);
    if (targets.length === 0) return notFound(name);
    const update = (body ?? {}) as { _meta?: unknown; properties?: Record<string, unknown> };
    for (const index of targets) {
      const properties = { ...((index.mappings.properties ?? {}) as Record<string, unknown>), ...update.properties };
      index.mappings = { ...index.mappings, properties, ...(update._meta === undefined ? {} : { _meta: update._meta }) };
    }
    return { body: { acknowledged: true } };
  }

  private getMapping(name: string): FakeAnswer {
    const targets = this.resolve(name);
    // A pattern that matches nothing is no error with allow_no_indices (the default).
    if (targets.length === 0) return name.includes('*') ? { body: {} } : notFound(name);
    return { body: Object.fromEntries(targets.map((index) => [index.name, { mappings: index.mappings }])) };
  }

  /** The index a write to `name` goes to: the index, the alias's write index, or a new index (no require_alias). */
  private writeTarget(name: string, requireAlias: boolean): FakeIndex | { refused: Required<FakeAnswer> } {
    const index = this.indices.get(name);
    if (index && !requireAlias) return index;
    const aliased = [...this.indices.values()].filter((candidate) => candidate.aliases.has(name));
    const write = aliased.find((candidate) => candidate.aliases.get(name) === true) ?? (aliased.length === 1 ? aliased[0] : undefined);
    if (write) return write;
    if (requireAlias) {
      const reason = `no such index [${name}] and [require_alias] request flag is [true] and [${name}] is not an alias`;
      return { refused: { statusCode: 404, body: errorAnswer(404, 'index_not_found_exception', reason) } };
    }
    const created = this.createIndex(name);
    created.autoCreated = true;
    return created;
  }

  private bulk(request: RecordedRequest): FakeAnswer {
    const lines = (request.body ?? []) as Record<string, unknown>[];
    const requireAlias = request.params.get('require_alias') === 'true';
    const items: unknown[] = [];
    for (let at = 0; at < lines.length; at += 2) {
      const update = (lines[at] as { update?: { _index: string; _id: string } }).update;
      if (update) {
        items.push({ update: this.partialUpdate(update._index, update._id, lines[at + 1] as { doc?: Record<string, unknown> }, requireAlias) });
        continue;
      }
      const action = (lines[at] as { index?: { _index: string; _id: string } }).index;
      if (!action) throw new Error('the fake cluster only takes index and update actions in bulk requests');
      const target = this.writeTarget(action._index, requireAlias);
      if ('refused' in target) {
        const error = (target.refused.body as { error: unknown }).error;
        items.push({ index: { _index: action._index, _id: action._id, status: target.refused.statusCode, error } });
        continue;
      }
      const existed = target.documents.has(action._id);
      target.documents.set(action._id, lines[at + 1]);
      items.push({
        index: {
          _index: target.name,
          _id: action._id,
          _version: 1,
          result: existed ? 'updated' : 'created',
          _shards: { total: 1, successful: 1, failed: 0 },
          _seq_no: 0,
          _primary_term: 1,
          status: existed ? 200 : 201,
        },
      });
    }
    const failed = (item: unknown) => Object.values(item as Record<string, { error?: unknown }>).some((result) => result.error !== undefined);
    return { body: { errors: items.some(failed), took: 3, items } };
  }

  /** An update action with a partial document: merged into the stored one, which must exist. */
  private partialUpdate(name: string, id: string, payload: { doc?: Record<string, unknown> }, requireAlias: boolean): Record<string, unknown> {
    const target = this.writeTarget(name, requireAlias);
    if ('refused' in target) return { _index: name, _id: id, status: target.refused.statusCode, error: (target.refused.body as { error: unknown }).error };
    const stored = target.documents.get(id) as Record<string, unknown> | undefined;
    if (stored === undefined) {
      return { _index: target.name, _id: id, status: 404, error: { type: 'document_missing_exception', reason: `[${id}]: document missing` } };
    }
    if (payload.doc === undefined) throw new Error('the fake cluster only takes partial documents in update actions');
    target.documents.set(id, { ...stored, ...payload.doc });
    return { _index: target.name, _id: id, _version: 2, result: 'updated', status: 200 };
  }

  private document(method: string, name: string, id: string, body: unknown): FakeAnswer {
    if (method === 'PUT' || method === 'POST') {
      const target = this.writeTarget(name, false);
      if ('refused' in target) return target.refused;
      const existed = target.documents.has(id);
      target.documents.set(id, body);
      return { statusCode: existed ? 200 : 201, body: { _index: target.name, _id: id, result: existed ? 'updated' : 'created' } };
    }
    const index = this.resolve(name)[0];
    if (!index) return notFound(name);
    if (method === 'DELETE') {
      const existed = index.documents.delete(id);
      return { statusCode: existed ? 200 : 404, body: { _index: index.name, _id: id, result: existed ? 'deleted' : 'not_found' } };
    }
    const source = index.documents.get(id);
    return source === undefined
      ? { statusCode: 404, body: { _index: index.name, _id: id, found: false } }
      : { body: { _index: index.name, _id: id, _version: 1, found: true, _source: source } };
  }

  /** A search or count of the indices a name stands for; a query the fake cannot read is refused with a 400. */
  private searched(name: string, answer: (indices: FakeIndex[]) => Record<string, unknown>): FakeAnswer {
    const targets = this.resolve(name);
    if (targets.length === 0) return notFound(name);
    try {
      return { body: answer(targets) };
    } catch (error) {
      if (error instanceof FakeUnsupported) return { statusCode: 400, body: errorAnswer(400, 'fake_cluster_exception', `the fake cluster does not read ${error.message}`) };
      throw error;
    }
  }

  /** Header and body lines, each search answered in order with its status (or its error). */
  private multiSearch(defaultIndex: string | undefined, body: unknown): FakeAnswer {
    const lines = (body ?? []) as Record<string, unknown>[];
    const responses: unknown[] = [];
    for (let at = 0; at < lines.length; at += 2) {
      const header = lines[at] as { index?: string };
      const search = (lines[at + 1] ?? {}) as Record<string, unknown>;
      const answer = this.searched(header.index ?? defaultIndex ?? '_all', (indices) => searchAnswer(indices, search));
      responses.push({ ...(answer.body as Record<string, unknown>), status: answer.statusCode ?? 200 });
    }
    return { body: { took: 5, responses } };
  }
}
