import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { RPCS } from '@radar/contracts';
import { Bus } from '@radar/platform/nats';
import { silentLogger, testInfrastructure } from '@radar/platform/testing';
import { radar, radarFails } from '../src/radar-cli';
import { useStack } from '../src/stack/use-stack';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('radar webhook create and radar slack connect, through the gateway to webhook-dispatch', () => {
  const stack = useStack();
  let workspaceId: string;
  let registry: Bus;

  beforeAll(async () => {
    ({ workspace_id: workspaceId } = await radar<{ workspace_id: string }>(stack(), 'workspace', 'create', '--name', 'Hooks Inc'));
    // monitor-scheduler's view: the registry RPC on the stack's NATS namespace.
    registry = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'e2e-registry-client', namespace: stack().natsNamespace, logger: silentLogger() });
  });
  afterAll(() => registry?.close());

  it('webhook create prints {webhook_id, secret} with a whsec_ secret, and the registry then knows the webhook in that workspace only', async () => {
    const created = await radar<{ webhook_id: string; secret: string }>(stack(), 'webhook', 'create', '--workspace', workspaceId, '--url', 'http://127.0.0.1:9/receive');
    expect(Object.keys(created).sort()).toEqual(['secret', 'webhook_id']);
    expect(created.webhook_id).toMatch(UUID);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    expect(await registry.request(RPCS.webhooks.webhookExists, { workspaceId, webhookId: created.webhook_id })).toEqual({ exists: true });
    expect(await registry.request(RPCS.webhooks.webhookExists, { workspaceId: randomUUID(), webhookId: created.webhook_id })).toEqual({ exists: false });
  });

  it('accepts a public https receiver given by address', async () => {
    const created = await radar<{ webhook_id: string }>(stack(), 'webhook', 'create', '--workspace', workspaceId, '--url', 'https://93.184.215.14/radar');
    expect(created.webhook_id).toMatch(UUID);
  });

  it('refuses a private address with VALIDATION_ERROR on stderr, exit 1', async () => {
    const failure = await radarFails(stack(), ['webhook', 'create', '--workspace', workspaceId, '--url', 'https://10.1.2.3/radar']);
    expect(failure).toMatchObject({ code: 1, stdout: '', error: { code: 'VALIDATION_ERROR' } });
    expect(failure.error.message).toContain('private address');
  });

  it('refuses the link-local metadata address even though loopback is allowed here', async () => {
    const failure = await radarFails(stack(), ['webhook', 'create', '--workspace', workspaceId, '--url', 'http://169.254.169.254/latest/meta-data']);
    expect(failure).toMatchObject({ code: 1, error: { code: 'VALIDATION_ERROR', message: expect.stringContaining('link-local') } });
  });

  it('refuses a URL that is not a URL before sending anything (USAGE_ERROR, exit 2)', async () => {
    const failure = await radarFails(stack(), ['webhook', 'create', '--workspace', workspaceId, '--url', 'hooks.example.com/radar']);
    expect(failure).toMatchObject({ code: 2, error: { code: 'USAGE_ERROR', message: expect.stringContaining('--url') } });
  });

  it('slack connect prints {slack_connection_id}, and the registry answers its channel in that workspace only', async () => {
    const connected = await radar<{ slack_connection_id: string }>(
      stack(),
      'slack', 'connect', '--workspace', workspaceId, '--url', 'http://127.0.0.1:9/services/T0/B0/X', '--channel', '#signals',
    );
    expect(Object.keys(connected)).toEqual(['slack_connection_id']);
    expect(connected.slack_connection_id).toMatch(UUID);

    const lookup = (workspace: string) => registry.request(RPCS.webhooks.slackConnection, { workspaceId: workspace, slackConnectionId: connected.slack_connection_id });
    expect(await lookup(workspaceId)).toEqual({ exists: true, channel: '#signals' });
    expect(await lookup(randomUUID())).toEqual({ exists: false, channel: null });
  });

  it("webhook test sends a signed test event through the gateway's operator interface and prints the receiver's answer", async () => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(202, { 'content-type': 'text/plain' }).end('queued here');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = receiver.address() as AddressInfo;
      const created = await radar<{ webhook_id: string; secret: string }>(stack(), 'webhook', 'create', '--workspace', workspaceId, '--url', `http://127.0.0.1:${port}/hook`);
      const answer = await radar<Record<string, unknown>>(stack(), 'webhook', 'test', '--webhook', created.webhook_id);
      expect(answer).toMatchObject({ webhook_id: created.webhook_id, delivered: true, response_status: 202, response_body: 'queued here', error: null });
      expect(received).toHaveLength(1);
      const event = new Webhook(created.secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>) as { type: string };
      expect(event.type).toBe('webhook.test');
      expect(received[0]!.headers['webhook-id']).toBe(answer.webhook_message_id);

      const unknown = await radarFails(stack(), ['webhook', 'test', '--webhook', randomUUID()]);
      expect(unknown).toMatchObject({ code: 1, error: { code: 'NOT_FOUND' } });
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it('reports a wrong OPERATOR_SECRET as OPERATOR_UNAUTHORIZED', async () => {
    const failure = await radarFails(stack(), ['webhook', 'create', '--workspace', workspaceId, '--url', 'https://93.184.215.14/'], {
      OPERATOR_SECRET: 'not-the-operator-secret-at-all-0123456789',
    });
    expect(failure).toMatchObject({ code: 1, error: { code: 'OPERATOR_UNAUTHORIZED' } });
  });
});
