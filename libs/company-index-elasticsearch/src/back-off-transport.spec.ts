import { errors } from '@elastic/elasticsearch';
import { exponentialBackOff } from './back-off';
import { isRetryableWriteFailure } from './back-off-transport';
import { createSearchClient, createWriteClient } from './cluster-client';
import { FakeCluster } from '../test/fake-cluster';
import { QUICK_BACK_OFF } from '../test/company-index-on-fake';
import { BULK_REQUEST_REJECTED, errorAnswer } from '../test/recorded-responses';

const cluster = { node: 'http://127.0.0.1:9200' };

function answering(statuses: number[]) {
  const fake = new FakeCluster();
  let call = 0;
  fake.on('PUT', /^\/companies\/_settings$/, () => {
    const status = statuses[call] ?? 200;
    call += 1;
    return status === 200 ? { body: { acknowledged: true } } : { statusCode: status, body: status === 429 ? BULK_REQUEST_REJECTED : errorAnswer(status, 'some_exception', 'refused') };
  });
  return fake;
}

describe('the write client\'s back-off transport', () => {
  it('sends a request the cluster refused for now again, after growing waits, until it goes through', async () => {
    const fake = answering([429, 503, 502]);
    const retries: number[] = [];
    const client = createWriteClient(cluster, { requestTimeoutMs: 1_000, maxRetries: 0, Connection: fake.connectionClass() }, QUICK_BACK_OFF, ({ retry }) => retries.push(retry));
    await client.indices.putSettings({ index: 'companies', settings: { refresh_interval: '30s' } });
    expect(fake.requestsTo('PUT', /_settings$/)).toHaveLength(4);
    expect(retries).toEqual([1, 2, 3]);
  });

  it('does not send again what the cluster refused for what it holds', async () => {
    const fake = answering([400]);
    const client = createWriteClient(cluster, { requestTimeoutMs: 1_000, maxRetries: 0, Connection: fake.connectionClass() }, QUICK_BACK_OFF);
    await expect(client.indices.putSettings({ index: 'companies', settings: { refresh_interval: '30s' } })).rejects.toBeInstanceOf(errors.ResponseError);
    expect(fake.requestsTo('PUT', /_settings$/)).toHaveLength(1);
  });

  it('is needed: the client\'s own retries never send a 429 again', async () => {
    const fake = answering([429]);
    const client = createSearchClient(cluster, { requestTimeoutMs: 1_000, maxRetries: 3, Connection: fake.connectionClass() });
    await expect(client.indices.putSettings({ index: 'companies', settings: { refresh_interval: '30s' } })).rejects.toBeInstanceOf(errors.ResponseError);
    expect(fake.requestsTo('PUT', /_settings$/)).toHaveLength(1);
  });

  const refusal = (statusCode: number) => new errors.ResponseError({ statusCode, body: errorAnswer(statusCode, 'some_exception', 'refused'), headers: {}, warnings: null, meta: {} as never });

  it.each([
    ['a 429', true, refusal(429)],
    ['a 500', true, refusal(500)],
    ['a 400', false, refusal(400)],
    ['a dropped connection', true, new errors.ConnectionError('socket hang up')],
    ['a timeout', true, new errors.TimeoutError('Request timed out')],
    ['a bug of ours', false, new TypeError('x is undefined')],
  ])('answers whether %s may be sent again: %s', (_label, retryable, error) => {
    expect(isRetryableWriteFailure(error)).toBe(retryable);
  });
});

describe('exponentialBackOff', () => {
  it('waits between half and all of a ceiling that doubles up to the maximum', () => {
    const backOff = exponentialBackOff({ retries: 8, baseMs: 500, maxMs: 30_000 });
    for (const [retry, ceiling] of [[1, 500], [2, 1_000], [5, 8_000], [7, 30_000], [8, 30_000]] as const) {
      for (let draw = 0; draw < 20; draw += 1) {
        const delay = backOff.delayMs(retry);
        expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
        expect(delay).toBeLessThanOrEqual(ceiling);
      }
    }
  });
});
