import {
  BaseConnection,
  type ConnectionRequestOptions,
  type ConnectionRequestOptionsAsStream,
  type ConnectionRequestParams,
  type ConnectionRequestResponse,
  type ConnectionRequestResponseAsStream,
} from '@elastic/elasticsearch';

/** One request as the client sent it, its JSON (or NDJSON, as an array of lines) body parsed. */
export interface RecordedRequest {
  method: string;
  path: string;
  querystring: string;
  body: unknown;
}

export interface FakeAnswer {
  statusCode?: number;
  body?: unknown;
}

/** Answers a request, or throws (e.g. a transport ConnectionError) to fail it. */
export type Responder = (request: RecordedRequest) => FakeAnswer;

interface Route {
  method: string;
  path: RegExp;
  respond: Responder;
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

/**
 * An in-process stand-in for an Elasticsearch node: the client's HTTP connection is replaced
 * by one that records every request and answers from routes the test declares. Nothing
 * listens on a port; the client's own serialisation, headers and error handling still run.
 */
export class FakeCluster {
  readonly requests: RecordedRequest[] = [];
  private readonly routes: Route[] = [];

  /** Answers requests of this method whose path matches; later routes win over earlier ones. */
  on(method: string, path: RegExp, respond: Responder): this {
    this.routes.unshift({ method, path, respond });
    return this;
  }

  requestsTo(method: string, path: RegExp): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && path.test(request.path));
  }

  /** The connection class to hand to the client (`Connection` option). */
  connectionClass(): typeof BaseConnection {
    const handle = (params: ConnectionRequestParams): ConnectionRequestResponse => this.handle(params);
    class FakeConnection extends BaseConnection {
      override request(params: ConnectionRequestParams, options: ConnectionRequestOptions): Promise<ConnectionRequestResponse>;
      override request(params: ConnectionRequestParams, options: ConnectionRequestOptionsAsStream): Promise<ConnectionRequestResponseAsStream>;
      override async request(
        params: ConnectionRequestParams,
        _options: ConnectionRequestOptions | ConnectionRequestOptionsAsStream,
      ): Promise<ConnectionRequestResponse | ConnectionRequestResponseAsStream> {
        return handle(params);
      }
    }
    return FakeConnection;
  }

  private handle(params: ConnectionRequestParams): ConnectionRequestResponse {
    const contentType = String(params.headers?.['content-type'] ?? '');
    const request: RecordedRequest = {
      method: params.method,
      path: params.path,
      querystring: params.querystring ?? '',
      body: parseBody(bodyText(params.body), contentType),
    };
    this.requests.push(request);
    const route = this.routes.find((candidate) => candidate.method === request.method && candidate.path.test(request.path));
    const answer: FakeAnswer = route?.respond(request) ?? {
      statusCode: 400,
      body: { error: { type: 'fake_cluster_exception', reason: `no fake route for ${request.method} ${request.path}` }, status: 400 },
    };
    return {
      statusCode: answer.statusCode ?? 200,
      headers: { 'content-type': 'application/json', 'x-elastic-product': 'Elasticsearch' },
      body: answer.body === undefined ? '' : JSON.stringify(answer.body),
    };
  }
}
