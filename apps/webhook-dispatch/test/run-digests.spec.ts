import { randomUUID } from 'node:crypto';
import { queueOverdueRuns } from '../src/use-cases/queue-overdue-runs';
import { aRunCompleted, aSignalDelivered, eventually, startSmtpSink, type SmtpSink } from '@radar/platform/testing';
import { sleep } from './sleep';
import { startHttpReceiver, type HttpReceiver } from './receivers/http-receiver';
import { decodeHeader, parseMime } from './receivers/mime-message';
import { countRows, storedRow } from './support/stored-rows';
import { startWebhookDispatch, type RunningWebhookDispatch } from './webhook-dispatch-harness';

let service: RunningWebhookDispatch;
let smtp: SmtpSink;
let chat: HttpReceiver;

beforeAll(async () => {
  smtp = await startSmtpSink();
  chat = await startHttpReceiver();
  service = await startWebhookDispatch({
    env: {
      SMTP_URL: smtp.url,
      DIGEST_FROM: 'Radar <signals@radar.test>',
      DIGEST_RECIPIENT_DOMAIN: 'owners.radar.test',
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOWED_ADDRESS_CLASSES: 'loopback',
      DELIVERY_RETRY_DELAYS_MS: '200,200,200',
    },
  });
});
afterAll(async () => {
  await service.close();
  await smtp.close();
  await chat.close();
});

const mailsTo = (workspaceId: string) => smtp.mails.filter((mail) => mail.to.includes(`owner.${workspaceId}@owners.radar.test`));

/** An email monitor's run: its signals for two companies. */
function anEmailRun() {
  const workspaceId = randomUUID();
  const runId = randomUUID();
  const signals = [
    aSignalDelivered({ workspaceId, runId, webhookId: null, signal: { domain: 'acme.example', headline: 'Acme raises a $20M Series B' } }),
    aSignalDelivered({ workspaceId, runId, webhookId: null, signal: { domain: 'zeta.example', headline: 'Zeta hires a CFO — Ünïcode', family: 'leadership', family_label: 'Leadership' } }),
    aSignalDelivered({ workspaceId, runId, webhookId: null, signal: { domain: 'acme.example', headline: 'Acme opens a Berlin office', happened_on: '2026-11-24' } }),
  ];
  return { workspaceId, runId, signals, completed: aRunCompleted({ workspaceId, runId, newItemsTotal: signals.length }) };
}

describe('email digests: a real SMTP server receives one email per run with new signals', () => {
  const emailRecorded = (runId: string) =>
    eventually(async () => {
      const row = await storedRow(service.pool, 'run_deliveries', 'run_id = $1', [runId]);
      return row?.email_status === 'sent' ? row : undefined;
    }, 'the email recorded as sent');

  it('sends the run’s signals grouped by company, plain text and HTML, to the workspace owner', async () => {
    const run = anEmailRun();
    for (const event of run.signals) await service.publishSignal(event);
    await service.publishRunCompleted(run.completed);

    const [mail] = await eventually(() => (mailsTo(run.workspaceId).length > 0 ? mailsTo(run.workspaceId) : undefined), 'the digest');
    expect(mail!.from).toBe('signals@radar.test');
    expect(mail!.to).toEqual([`owner.${run.workspaceId}@owners.radar.test`]);
    const message = parseMime(mail!.raw);
    expect(decodeHeader(message.headers.subject!)).toBe('Radar: 3 new signals from "Fintech watch" (2026-11-25)');
    expect(message.headers['message-id']).toBe(`<digest.${run.runId}@owners.radar.test>`);
    expect(message.headers['content-type']).toMatch(/^multipart\/alternative/);
    const text = message.text!;
    expect(text.indexOf('acme.example (2)')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('Acme opens a Berlin office')).toBeGreaterThan(text.indexOf('acme.example (2)'));
    expect(text.indexOf('Acme raises a $20M Series B')).toBeGreaterThan(text.indexOf('Acme opens a Berlin office'));
    expect(text.indexOf('zeta.example (1)')).toBeGreaterThan(text.indexOf('Acme raises a $20M Series B'));
    expect(text).toContain('Zeta hires a CFO — Ünïcode');
    expect(message.html).toContain('<h2>acme.example (2)</h2>');
    expect(message.html).toContain('Zeta hires a CFO — Ünïcode');

    // The mail server has the message before the delivery row records it as sent.
    expect(await emailRecorded(run.runId)).toMatchObject({ email_status: 'sent', email_attempts: 1, gathered_signals: 3, expected_signals: 3, chat_status: null });
    await sleep(300);
    expect(mailsTo(run.workspaceId)).toHaveLength(1);
  });

  it('waits for signals that arrive after the run’s end, and sends once however often the end is announced', async () => {
    const run = anEmailRun();
    await service.publishSignal(run.signals[0]!);
    await service.publishRunCompleted(run.completed);
    await service.client.publish('monitor.run.completed', run.completed, { msgId: `again:${run.runId}` });
    await sleep(500);
    expect(mailsTo(run.workspaceId)).toHaveLength(0);

    for (const event of run.signals.slice(1)) await service.publishSignal(event);
    const [mail] = await eventually(() => (mailsTo(run.workspaceId).length > 0 ? mailsTo(run.workspaceId) : undefined), 'the digest');
    const text = parseMime(mail!.raw).text!;
    for (const event of run.signals) expect(text).toContain(event.signal.headline);
    await sleep(500);
    expect(mailsTo(run.workspaceId)).toHaveLength(1);
  });

  it('retries while the SMTP server refuses for now (451), then sends one email', async () => {
    const run = anEmailRun();
    smtp.refuseNext(2);
    for (const event of run.signals) await service.publishSignal(event);
    await service.publishRunCompleted(run.completed);

    await eventually(() => (mailsTo(run.workspaceId).length > 0 ? true : undefined), 'the digest after two refusals');
    expect(await emailRecorded(run.runId)).toMatchObject({ email_status: 'sent', email_attempts: 3 });
    expect(mailsTo(run.workspaceId)).toHaveLength(1);
  });

  it('sends nothing for a run without new signals', async () => {
    const workspaceId = randomUUID();
    const runId = randomUUID();
    await service.publishRunCompleted(aRunCompleted({ workspaceId, runId, newItemsTotal: 0 }));
    await sleep(700);
    expect(mailsTo(workspaceId)).toHaveLength(0);
    expect(await countRows(service.pool, 'run_deliveries', 'run_id = $1', [runId])).toBe(0);
  });

  it('queues what was gathered for a run whose signals never all arrive, once the wait is over', async () => {
    const run = anEmailRun();
    await service.publishSignal(run.signals[0]!);
    await service.publishRunCompleted(run.completed);
    await eventually(async () => ((await storedRow(service.pool, 'run_deliveries', 'run_id = $1', [run.runId]))?.completed_at ? true : undefined), 'the run’s end');

    expect(await queueOverdueRuns(service.service.deps, 0)).toBeGreaterThanOrEqual(1);
    const [mail] = await eventually(() => (mailsTo(run.workspaceId).length > 0 ? mailsTo(run.workspaceId) : undefined), 'the short digest');
    expect(parseMime(mail!.raw).text).toContain(run.signals[0]!.signal.headline);
  });
});

describe('team chat: one message per run to the connection’s incoming-webhook URL', () => {
  it('posts the run’s signals as Slack incoming-webhook JSON, retrying a failure, beside the webhook deliveries', async () => {
    const workspaceId = randomUUID();
    const runId = randomUUID();
    const chatPath = `/services/${randomUUID()}`;
    const hookPath = `/hooks/${randomUUID()}`;
    let chatPosts = 0;
    chat.respondWith((request) => {
      if (request.path !== chatPath) return { status: 200 };
      chatPosts += 1;
      return chatPosts === 1 ? { status: 500, body: 'internal_error' } : { status: 200, body: 'ok' };
    });
    const connection = await service.operator('/slack-connections', { workspace_id: workspaceId, url: `http://127.0.0.1:${chat.port}${chatPath}`, channel: '#signals' });
    const webhook = await service.operator('/webhooks', { workspace_id: workspaceId, url: `http://127.0.0.1:${chat.port}${hookPath}` });
    const slackConnectionId = connection.body.slack_connection_id as string;
    const signals = [
      aSignalDelivered({ workspaceId, runId, webhookId: webhook.body.webhook_id, slackConnectionId, signal: { domain: 'acme.example', headline: 'Acme & Co <b>raises</b>' } }),
      aSignalDelivered({ workspaceId, runId, webhookId: webhook.body.webhook_id, slackConnectionId, signal: { domain: 'beta.example', headline: 'Beta launches' } }),
    ];
    for (const event of signals) await service.publishSignal(event);
    await service.publishRunCompleted(aRunCompleted({ workspaceId, runId, deliveryMethod: 'webhook', slackConnectionId, newItemsTotal: 2 }));

    const posted = await eventually(() => chat.requests.filter((request) => request.path === chatPath && chatPosts >= 2).at(-1), 'the team-chat message');
    const message = JSON.parse(posted.body) as { text: string; blocks: { type: string; text?: { text: string } }[] };
    expect(posted.headers['content-type']).toBe('application/json');
    expect(message.text).toBe('Radar: 2 new signals from "Fintech watch" (2026-11-25)');
    expect(message.blocks.map((block) => block.type)).toEqual(['header', 'section', 'section']);
    expect(message.blocks[1]!.text!.text).toContain('*acme.example* (1)');
    expect(message.blocks[1]!.text!.text).toContain('Acme &amp; Co &lt;b&gt;raises&lt;/b&gt;');
    expect(await eventually(async () => {
      const row = await storedRow(service.pool, 'run_deliveries', 'run_id = $1', [runId]);
      return row?.chat_status === 'sent' ? row : undefined;
    }, 'the post recorded')).toMatchObject({ chat_attempts: 2, chat_response_status: 200, email_status: null });
    await eventually(() => (chat.requests.filter((request) => request.path === hookPath).length === 2 ? true : undefined), 'both webhooks');
    await sleep(300);
    expect(chatPosts).toBe(2);
    expect(mailsTo(workspaceId)).toHaveLength(0);
  });
});
