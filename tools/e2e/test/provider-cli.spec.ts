import { randomUUID } from 'node:crypto';
import type { EventPayload } from '@radar/contracts';
import { generateCompany } from '@radar/dataset';
import { Bus } from '@radar/platform/nats';
import { silentLogger, testInfrastructure } from '@radar/platform/testing';
import { radar, radarFails } from '../src/radar-cli';
import { useStack } from '../src/stack/use-stack';

type Completion = EventPayload<'signal.check.completed'>;

/** A company of the stack's provider (the default dataset: seed 1, 100,000 companies). */
const DOMAIN = generateCompany(1, 32).domain;

describe('radar provider fail, through the gateway to provider-sim, as signal-ingest then sees it', () => {
  const stack = useStack();
  let scheduler: Bus;
  const completions: Completion[] = [];

  beforeAll(async () => {
    // monitor-scheduler's side of a check, on the stack's NATS namespace.
    scheduler = await Bus.connect({ url: testInfrastructure.natsUrl, name: 'e2e-check-client', namespace: stack().natsNamespace, logger: silentLogger() });
    scheduler.listen('signal.check.completed', (completion) => completions.push(completion));
    await scheduler.connection.flush();
  });
  afterAll(() => scheduler?.close());

  const check = async (): Promise<Completion> => {
    const checkId = randomUUID();
    await scheduler.publish(
      'signal.check.requested',
      {
        checkId,
        runId: randomUUID(),
        runDate: '2026-11-20',
        workspaceId: randomUUID(),
        monitorId: randomUUID(),
        monitorName: 'e2e',
        domain: DOMAIN,
        signalType: 'news_events',
        deliveryMethod: 'email',
        webhookId: null,
        slackConnectionId: null,
        jobOpeningFilters: { title_keyword: null, seniority: [], categories: [] },
      },
      { msgId: checkId },
    );
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = completions.find((completion) => completion.checkId === checkId);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`check ${checkId} was not answered`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('answers a check from the stack provider, then error_pl while the provider fails, and recovers', async () => {
    expect(await check()).toMatchObject({ status: 'success', errorCode: null });
    expect((await check()).itemsFetched).toBeGreaterThan(0);

    expect(await radar(stack(), 'provider', 'fail', '--domain', DOMAIN, '--signal-type', 'news_events')).toEqual({ ok: true });
    expect(await check()).toMatchObject({ status: 'error_pl', errorCode: 'PROVIDER_UNAVAILABLE', itemsFetched: 0 });

    expect(await radar(stack(), 'provider', 'recover', '--domain', DOMAIN)).toEqual({ ok: true });
    expect(await check()).toMatchObject({ status: 'success' });
  });

  it('refuses an unknown signal type before calling anything (USAGE_ERROR, exit 2)', async () => {
    const failure = await radarFails(stack(), ['provider', 'fail', '--domain', DOMAIN, '--signal-type', 'tweets']);
    expect(failure).toMatchObject({ code: 2, error: { code: 'USAGE_ERROR', message: expect.stringContaining('--signal-type') } });
  });
});
