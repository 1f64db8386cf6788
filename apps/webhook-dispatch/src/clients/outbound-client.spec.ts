import { startHttpReceiver, type HttpReceiver } from '../../test/receivers/http-receiver';
import { OutboundClient } from './outbound-client';

describe('OutboundClient', () => {
  let receiver: HttpReceiver;
  const client = new OutboundClient();
  beforeAll(async () => {
    receiver = await startHttpReceiver((request) => ({ status: request.path === '/slow' ? 200 : 201, body: 'x'.repeat(40_000), delayMs: request.path === '/slow' ? 1_000 : 0 }));
  });
  afterAll(async () => {
    client.close();
    await receiver.close();
  });

  it('connects to the checked address and nowhere else: the name is never looked up again', async () => {
    // The name does not exist in any DNS; the request still arrives, to the address that was checked.
    const url = new URL(`http://hooks.nowhere.invalid:${receiver.port}/pinned`);
    const answer = await client.post({ endpoint: { url, addresses: ['127.0.0.1'] }, headers: { 'x-test': '1' }, body: '{"a":1}', timeoutMs: 2_000 });
    expect(answer).toMatchObject({ status: 201, error: null });
    const request = receiver.requests.find((candidate) => candidate.path === '/pinned')!;
    expect(request.headers.host).toBe(`hooks.nowhere.invalid:${receiver.port}`);
    expect(request.headers['content-length']).toBe('7');
    expect(request.body).toBe('{"a":1}');
  });

  it('keeps only the start of a long response body', async () => {
    const answer = await client.post({ endpoint: { url: new URL(`${receiver.url}`), addresses: ['127.0.0.1'] }, headers: {}, body: '{}', timeoutMs: 2_000 });
    expect(answer.bodyExcerpt).toHaveLength(16 * 1024);
  });

  it('reports no status and why when nothing answers in time', async () => {
    const url = new URL(`http://127.0.0.1:${receiver.port}/slow`);
    const answer = await client.post({ endpoint: { url, addresses: ['127.0.0.1'] }, headers: {}, body: '{}', timeoutMs: 200 });
    expect(answer).toMatchObject({ status: null, error: 'no answer within 200 ms', bodyExcerpt: null });
    expect(answer.latencyMs).toBeGreaterThanOrEqual(195);
  });

  it('reports a refused connection', async () => {
    const closed = await startHttpReceiver();
    await closed.close();
    const answer = await client.post({ endpoint: { url: new URL(closed.url), addresses: ['127.0.0.1'] }, headers: {}, body: '{}', timeoutMs: 2_000 });
    expect(answer.status).toBeNull();
    expect(answer.error).toMatch(/ECONNREFUSED/);
  });
});
