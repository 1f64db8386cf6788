import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { ERROR_STATUS, PUBLIC_OPERATIONS, PUBLIC_ROUTES, type ApiExample, type PublicOperation } from '@radar/contracts';
import { buildOpenApiDocument, routeOf } from '../src';

const document = buildOpenApiDocument();
const json = JSON.parse(JSON.stringify(document)) as DocumentJson;

interface MediaJson {
  schema?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface ResponseJson {
  headers?: Record<string, unknown>;
  content?: Record<string, MediaJson>;
}
interface OperationJson {
  operationId: string;
  parameters?: { name: string; in: string; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, MediaJson> };
  responses: Record<string, ResponseJson>;
}
interface DocumentJson {
  paths: Record<string, Record<string, OperationJson>>;
  components: { schemas: Record<string, Record<string, unknown>> };
}

const operationJson = (operation: Pick<PublicOperation, 'method' | 'path'>): OperationJson =>
  json.paths[operation.path]![operation.method.toLowerCase()]!;

const pointer = (...tokens: string[]) => tokens.map((token) => token.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** An independent JSON Schema 2020-12 validator over the document's own schemas (refs resolved within it). */
function documentValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...json, $id: 'openapi.json' });
  return (schemaPointer: string, value: unknown): string[] => {
    const validate = ajv.getSchema(`openapi.json#${schemaPointer}`);
    if (!validate) throw new Error(`no schema at ${schemaPointer}`);
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  };
}

describe('the OpenAPI document of the public interface', () => {
  it('is a valid OpenAPI 3.1 document by an independent validator', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'radar-openapi-'));
    try {
      const file = path.join(directory, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const cli = require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js');
      const output = execFileSync(process.execPath, [cli, file], { encoding: 'utf8' });
      expect(JSON.parse(output)).toEqual({ valid: true });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('describes every route of the gateway, and only routes the gateway serves', () => {
    const undescribed = PUBLIC_ROUTES.filter((route) => !PUBLIC_OPERATIONS.some((operation) => routeOf(operation) === route));
    expect(undescribed.map((route) => `${route.method} ${route.path}`)).toEqual([]);
    const unserved = PUBLIC_OPERATIONS.filter((operation) => !operation.public && !routeOf(operation));
    expect(unserved.map((operation) => operation.operationId)).toEqual([]);
    for (const operation of PUBLIC_OPERATIONS) expect(operationJson(operation).operationId).toBe(operation.operationId);
  });

  it('names each operation once and gives each path and method one operation', () => {
    const ids = PUBLIC_OPERATIONS.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const keys = PUBLIC_OPERATIONS.map((operation) => `${operation.method} ${operation.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('states the scope, rate limit and error codes each route implies', () => {
    const create = operationJson({ method: 'POST', path: '/exports' });
    expect(create).toMatchObject({ security: [{ apiToken: ['read_write'] }], 'x-radar-rate-limit': { bucket: 'exports.create', per_minute: 5 } });
    expect(Object.keys(create.responses)).toEqual(['201', '400', '401', '402', '403', '404', '413', '415', '422', '429', '500', '503', 'default']);
    const unprocessable = JSON.stringify(create.responses['422']);
    for (const code of ['ValidationError', 'IdempotencyKeyReusedError']) expect(unprocessable).toContain(`#/components/schemas/${code}`);
    const monitorChange = operationJson({ method: 'PATCH', path: '/monitors/{monitor_id}' });
    expect(JSON.stringify(monitorChange.responses['403'])).toContain('WorkspaceEditForbiddenError');
    const credits = operationJson({ method: 'GET', path: '/credits' });
    expect(credits).toMatchObject({ security: [{ apiToken: ['read'] }] });
    expect(Object.keys(credits.responses)).toEqual(['200', '401', '429', '500', '503', 'default']);
    expect(operationJson({ method: 'GET', path: '/openapi.json' })).toMatchObject({ security: [] });
  });

  it('puts the rate-limit headers on successes and 429s only, and Retry-After on 429s', () => {
    const search = operationJson({ method: 'POST', path: '/companies/search' });
    expect(Object.keys(search.responses['200']!.headers!)).toEqual(['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit']);
    expect(Object.keys(search.responses['429']!.headers!)).toContain('Retry-After');
    for (const status of ['401', '422', '500']) expect(Object.keys(search.responses[status]!.headers!)).toEqual(['X-Request-Id']);
  });

  it('renders query parameters as their meaning: integers with bounds and defaults, booleans', () => {
    const leads = operationJson({ method: 'GET', path: '/leads' });
    const parameter = (name: string) => leads.parameters!.find((candidate) => candidate.name === name)!.schema;
    expect(parameter('limit')).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 50 });
    expect(parameter('days')).toEqual({ type: 'integer', minimum: 1, maximum: 365, default: 30 });
    expect(parameter('per_company')).toEqual({ type: 'boolean', default: true });
  });

  it('keeps request bodies closed (unknown fields are 422) and responses open (new fields may appear)', () => {
    const validate = documentValidator();
    const searchBody = pointer('', 'paths', '/companies/search', 'post', 'requestBody', 'content', 'application/json', 'schema');
    expect(validate(searchBody, { query: 'freight', limit: 20 })).toEqual([]);
    expect(validate(searchBody, { colour: 'red' }).join()).toContain('additional properties');
    expect(validate(searchBody, { limit: 101 }).join()).toContain('must be <= 100');
    expect(validate('/components/schemas/CompanySummary', {
      company_id: '3f6c2a9e-8b1d-4c57-9e0a-5d2f7b8c1a40',
      name: 'A',
      domain: 'a.example',
      industry: null,
      employee_count: null,
      country: null,
      city: null,
      technologies: [],
      founded_year: null,
      a_field_added_later: true,
    })).toEqual([]);
  });

  it('documents every error code a public operation can answer, with its status', () => {
    const documented = Object.keys(json.components.schemas).filter((name) => name.endsWith('Error'));
    const expected = ['NotFoundError', 'InsufficientBalanceError', 'CursorSortMismatchError', 'RateLimitedError', 'TokenExpiredError', 'DomainsFollowListError'];
    for (const name of expected) expect(documented).toContain(name);
    const notFound = json.components.schemas.NotFoundError!;
    expect(JSON.stringify(notFound)).toContain('"const":"NOT_FOUND"');
    expect(ERROR_STATUS.NOT_FOUND).toBe(404);
  });

  describe('examples', () => {
    const validate = documentValidator();
    const cases: [string, string, unknown][] = [];
    for (const operation of PUBLIC_OPERATIONS) {
      const base = pointer('', 'paths', operation.path, operation.method.toLowerCase());
      const examples = (given: Record<string, ApiExample> | undefined) => Object.entries(given ?? {});
      for (const [name, example] of examples(operation.request?.examples)) {
        cases.push([`${operation.operationId} request ${name}`, `${base}/requestBody/content/application~1json/schema`, example.value]);
      }
      for (const [name, example] of examples(operation.success.examples)) {
        cases.push([`${operation.operationId} ${operation.success.status} ${name}`, `${base}/responses/${operation.success.status}/content/application~1json/schema`, example.value]);
      }
      for (const [code, example] of Object.entries(operation.errorExamples ?? {})) {
        const status = ERROR_STATUS[code as keyof typeof ERROR_STATUS];
        cases.push([`${operation.operationId} ${status} ${code}`, `${base}/responses/${status}/content/application~1json/schema`, example.value]);
      }
    }

    it.each(cases)('%s validates against the document', (_name, schemaPointer, value) => {
      expect(validate(schemaPointer, value)).toEqual([]);
    });

    it.each(PUBLIC_OPERATIONS.flatMap((operation) => Object.entries(operation.request?.examples ?? {}).map(([name, example]) => [`${operation.operationId} ${name}`, operation, example] as const)))(
      'request example %s passes the service\'s own validation',
      (_name, operation, example) => {
        expect(operation.request!.body!.safeParse(example.value).error?.issues).toBeUndefined();
      },
    );

    it.each(PUBLIC_OPERATIONS.flatMap((operation) => Object.entries(operation.success.examples ?? {}).map(([name, example]) => [`${operation.operationId} ${name}`, operation, example] as const)))(
      'response example %s is what the service\'s answer type allows',
      (_name, operation, example) => {
        expect(operation.success.body!.safeParse(example.value).error?.issues).toBeUndefined();
      },
    );
  });
});
