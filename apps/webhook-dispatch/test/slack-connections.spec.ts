import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { RPCS } from '@radar/contracts';
import { HostLookupError, type HostResolver } from '../src/domain/endpoints/endpoint-policy';
import { SEALING_CONTEXT } from '../src/domain/secrets/sealing-context';
import { countRows } from './support/stored-rows';
import { startWebhookDispatch, type RunningWebhookDispatch } from './webhook-dispatch-harness';

const INCOMING_WEBHOOK = 'https://hooks.slack.example.com/services/T000/B000/XXXXXXXXXXXXXXXX';

const resolveHost: HostResolver = async (host) => {
  if (host === 'hooks.slack.example.com') return ['93.184.215.14'];
  throw new HostLookupError(`${host} is unknown`, false);
};

describe('POST /operator/v1/slack-connections', () => {
  let service: RunningWebhookDispatch;
  beforeAll(async () => {
    service = await startWebhookDispatch({ resolveHost });
  });
  afterAll(() => service.close());

  const connect = (body: unknown) => service.operator('/slack-connections', body);

  it('connects a channel and answers 201 {slack_connection_id}; the RPC then finds it with its channel', async () => {
    const workspaceId = randomUUID();
    const response = await connect({ workspace_id: workspaceId, url: INCOMING_WEBHOOK, channel: '#signals' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ slack_connection_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const found = await service.client.request(RPCS.webhooks.slackConnection, { workspaceId, slackConnectionId: response.body.slack_connection_id });
    expect(found).toEqual({ exists: true, channel: '#signals' });
  });

  it('stores the incoming-webhook URL sealed (whoever holds it can post to the channel), and it opens to the URL given', async () => {
    const { body } = await connect({ workspace_id: randomUUID(), url: INCOMING_WEBHOOK, channel: 'alerts' });
    const { rows } = await service.pool.query<{ url_sealed: Uint8Array; url_key_id: string; channel: string }>(
      'SELECT url_sealed, url_key_id, channel FROM slack_connections WHERE id = $1',
      [body.slack_connection_id],
    );
    const row = rows[0]!;
    expect(row.channel).toBe('alerts');
    expect(Buffer.from(row.url_sealed).toString('latin1')).not.toContain('XXXXXXXXXXXXXXXX');
    expect(Buffer.from(row.url_sealed).toString('latin1')).not.toContain('hooks.slack');
    const opened = service.keyring.open({ keyId: row.url_key_id, sealed: new Uint8Array(row.url_sealed) }, SEALING_CONTEXT.slackConnectionUrl(body.slack_connection_id));
    expect(opened).toBe(INCOMING_WEBHOOK);
  });

  it('trims the channel name', async () => {
    const workspaceId = randomUUID();
    const { body } = await connect({ workspace_id: workspaceId, url: INCOMING_WEBHOOK, channel: '  team-alerts ' });
    expect(await service.client.request(RPCS.webhooks.slackConnection, { workspaceId, slackConnectionId: body.slack_connection_id })).toEqual({
      exists: true,
      channel: 'team-alerts',
    });
  });

  it.each([
    ['a missing channel', { url: INCOMING_WEBHOOK }, 'channel'],
    ['a blank channel', { url: INCOMING_WEBHOOK, channel: '   ' }, 'channel'],
    ['a channel longer than 80 characters', { url: INCOMING_WEBHOOK, channel: 'c'.repeat(81) }, 'channel'],
    ['a missing url', { channel: 'alerts' }, 'url'],
    ['an http url', { url: 'http://hooks.slack.example.com/services/T/B/X', channel: 'alerts' }, 'url'],
    ['a private address', { url: 'https://10.2.3.4/services/T/B/X', channel: 'alerts' }, 'url'],
    ['an unknown field', { url: INCOMING_WEBHOOK, channel: 'alerts', team: 'x' }, 'team'],
  ])('refuses %s with 422 naming the field, and stores nothing', async (_label, fields, field) => {
    const workspaceId = randomUUID();
    const response = await connect({ workspace_id: workspaceId, ...fields });
    expect(response.status).toBe(422);
    expect(response.body.detail.code).toBe('VALIDATION_ERROR');
    expect(response.body.detail.details.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect(await countRows(service.pool, 'slack_connections', 'workspace_id = $1', [workspaceId])).toBe(0);
  });

  it('refuses a call without the operator secret with 401 OPERATOR_UNAUTHORIZED', async () => {
    const response = await request(service.app).post('/operator/v1/slack-connections').send({ workspace_id: randomUUID(), url: INCOMING_WEBHOOK, channel: 'alerts' });
    expect(response.status).toBe(401);
    expect(response.body.detail.code).toBe('OPERATOR_UNAUTHORIZED');
  });
});
