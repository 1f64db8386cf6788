import { randomUUID } from 'node:crypto';
import { RPCS } from '@radar/contracts';
import type { HostResolver } from '../src/domain/endpoints/endpoint-policy';
import { startWebhookDispatch, type RunningWebhookDispatch } from './webhook-dispatch-harness';

const resolveHost: HostResolver = async () => ['93.184.215.14'];

describe('the registry RPC that monitor-scheduler asks', () => {
  let service: RunningWebhookDispatch;
  const [workspaceA, workspaceB] = [randomUUID(), randomUUID()];
  let webhookOfA: string;
  let webhookOfB: string;
  let connectionOfA: string;
  let connectionOfB: string;

  beforeAll(async () => {
    service = await startWebhookDispatch({ resolveHost });
    const webhook = async (workspace_id: string) => (await service.operator('/webhooks', { workspace_id, url: 'https://hooks.example.com/' })).body.webhook_id as string;
    const connection = async (workspace_id: string, channel: string) =>
      (await service.operator('/slack-connections', { workspace_id, url: 'https://hooks.example.com/chat', channel })).body.slack_connection_id as string;
    webhookOfA = await webhook(workspaceA);
    webhookOfB = await webhook(workspaceB);
    connectionOfA = await connection(workspaceA, '#a-signals');
    connectionOfB = await connection(workspaceB, '#b-signals');
  });
  afterAll(() => service.close());

  const webhookExists = (workspaceId: string, webhookId: string) => service.client.request(RPCS.webhooks.webhookExists, { workspaceId, webhookId });
  const slackConnection = (workspaceId: string, slackConnectionId: string) =>
    service.client.request(RPCS.webhooks.slackConnection, { workspaceId, slackConnectionId });

  describe('webhookExists', () => {
    it("answers exists: true for the workspace's own webhook", async () => {
      expect(await webhookExists(workspaceA, webhookOfA)).toEqual({ exists: true });
      expect(await webhookExists(workspaceB, webhookOfB)).toEqual({ exists: true });
    });

    it("answers exists: false for another workspace's webhook", async () => {
      expect(await webhookExists(workspaceA, webhookOfB)).toEqual({ exists: false });
      expect(await webhookExists(workspaceB, webhookOfA)).toEqual({ exists: false });
    });

    it('answers exists: false for an unknown id, a team-chat connection id, and an id that is not a UUID', async () => {
      expect(await webhookExists(workspaceA, randomUUID())).toEqual({ exists: false });
      expect(await webhookExists(workspaceA, connectionOfA)).toEqual({ exists: false });
      expect(await webhookExists(workspaceA, 'my-webhook')).toEqual({ exists: false });
    });

    it('finds a webhook whatever the case of its id', async () => {
      expect(await webhookExists(workspaceA, webhookOfA.toUpperCase())).toEqual({ exists: true });
    });

    it('refuses a request whose workspace is not a UUID with VALIDATION_ERROR', async () => {
      await expect(
        service.client.connection.request(service.client.subject(RPCS.webhooks.webhookExists.subject), Buffer.from(JSON.stringify({ workspaceId: 'acme', webhookId: webhookOfA }))).then(
          (message) => JSON.parse(Buffer.from(message.data).toString('utf8')),
        ),
      ).resolves.toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
    });
  });

  describe('slackConnection', () => {
    it("answers the workspace's own connection with its channel name", async () => {
      expect(await slackConnection(workspaceA, connectionOfA)).toEqual({ exists: true, channel: '#a-signals' });
      expect(await slackConnection(workspaceB, connectionOfB)).toEqual({ exists: true, channel: '#b-signals' });
    });

    it("answers exists: false and channel: null for another workspace's connection, an unknown id, a webhook id and a non-UUID", async () => {
      for (const id of [connectionOfB, randomUUID(), webhookOfA, 'general']) {
        expect(await slackConnection(workspaceA, id)).toEqual({ exists: false, channel: null });
      }
    });
  });
});
