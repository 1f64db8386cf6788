import { buildOpenApiDocument } from '@radar/api-spec';
import { OpenApiResponseValidator, type RecordedAnswer } from './response-validator';

const validator = new OpenApiResponseValidator(JSON.parse(JSON.stringify(buildOpenApiDocument())) as Record<string, unknown>);

const RATE_LIMIT = {
  'x-request-id': 'r-1',
  'x-ratelimit-limit': '60',
  'x-ratelimit-remaining': '59',
  'x-ratelimit-reset': '1795000020',
  'ratelimit-policy': '"credits";q=60;w=60',
  ratelimit: '"credits";r=59;t=41',
};
const CREDITS = { workspace_id: '7d3e1f2a-4b5c-4d6e-9f7a-8b9c0d1e2f3a', balance: 3, recent_transactions: [] };

const answer = (overrides: Partial<RecordedAnswer> & { json?: unknown; headerValues?: Record<string, string> }): RecordedAnswer => ({
  method: 'GET',
  schemaPath: '/credits',
  status: 200,
  headers: new Headers({ 'content-type': 'application/json; charset=utf-8', ...(overrides.headerValues ?? RATE_LIMIT) }),
  text: JSON.stringify(overrides.json ?? CREDITS),
  ...overrides,
});

describe('the response validator of the end-to-end suite', () => {
  it('passes an answer as the document describes it', () => {
    expect(validator.problems(answer({}))).toEqual([]);
  });

  it('finds a field the document does not describe, and a field of the wrong type', () => {
    expect(validator.problems(answer({ json: { ...CREDITS, surprise: 1 } })).join()).toContain('unevaluated properties');
    expect(validator.problems(answer({ json: { ...CREDITS, balance: '3' } })).join()).toContain('/balance must be integer');
    expect(validator.problems(answer({ json: { ...CREDITS, workspace_id: 'w-1' } })).join()).toContain('/workspace_id must match format "uuid"');
  });

  it('finds a status the operation does not list (the default response does not count)', () => {
    expect(validator.problems(answer({ status: 418 }))).toEqual(['GET /credits -> 418: the status is not documented']);
  });

  it('finds a missing documented header, and rate-limit headers on an error that must not carry them', () => {
    const { 'x-ratelimit-remaining': _remaining, ...withoutRemaining } = RATE_LIMIT;
    expect(validator.problems(answer({ headerValues: withoutRemaining }))).toEqual(['GET /credits -> 200: header X-RateLimit-Remaining is missing']);
    const unauthorized = answer({ status: 401, json: { detail: { code: 'INVALID_TOKEN', message: 'no' } } });
    expect(validator.problems(unauthorized)).toContain('GET /credits -> 401: header x-ratelimit-limit is sent but not documented');
  });

  it('finds an error code the status does not list', () => {
    const wrongCode = answer({ status: 401, headerValues: { 'x-request-id': 'r-1' }, json: { detail: { code: 'NOT_FOUND', message: 'no' } } });
    expect(validator.problems(wrongCode).join()).toContain('/detail/code must be equal to constant');
  });

  it('finds a body on an answer documented without one, and an undocumented media type', () => {
    const deleted = { method: 'DELETE', schemaPath: '/monitors/{monitor_id}', status: 204, headerValues: RATE_LIMIT };
    expect(validator.problems(answer({ ...deleted, text: '' }))).toEqual([]);
    expect(validator.problems(answer({ ...deleted, text: '{}' }))).toEqual(['DELETE /monitors/{monitor_id} -> 204: a body is sent but none is documented']);
    const html = answer({ headerValues: { ...RATE_LIMIT, 'content-type': 'text/html' } });
    expect(validator.problems(html)).toEqual(['GET /credits -> 200: media type text/html is not documented']);
  });
});
