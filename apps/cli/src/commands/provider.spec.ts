import { radarAgainstFakeOperator } from '../testing/fake-operator';

/** `radar provider ...`, the operator interface answering {ok: true}. */
const radar = (argv: string[]) => radarAgainstFakeOperator(['provider', ...argv], { ok: true });

describe('radar provider fail', () => {
  it('posts the failure to the provider operator route and prints {"ok":true}', async () => {
    const run = await radar(['fail', '--domain', 'Acme-1x.com', '--signal-type', 'news_events', '--times', '3']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('{"ok":true}\n');
    expect(run.sent).toEqual([
      {
        url: 'http://127.0.0.1:8081/operator/v1/provider/failures',
        method: 'POST',
        body: { domain: 'acme-1x.com', signal_type: 'news_events', times: 3, mode: 'error' },
      },
    ]);
  });

  it('fails every signal type until recovered when only --domain is given, and takes --mode timeout', async () => {
    const always = await radar(['fail', '--domain', 'acme-1x.com']);
    expect(always.sent[0]?.body).toEqual({ domain: 'acme-1x.com', mode: 'error' });
    const timeout = await radar(['fail', '--domain', 'acme-1x.com', '--mode', 'timeout']);
    expect(timeout.sent[0]?.body).toEqual({ domain: 'acme-1x.com', mode: 'timeout' });
  });

  it.each([
    [['fail'], '--domain'],
    [['fail', '--domain', 'acme-1x.com', '--signal-type', 'tweets'], '--signal-type'],
    [['fail', '--domain', 'acme-1x.com', '--times', '0'], '--times'],
    [['fail', '--domain', 'acme-1x.com', '--times', 'twice'], '--times'],
    [['fail', '--domain', 'acme-1x.com', '--mode', 'slow'], '--mode'],
    [['fail', '--domain', 'https://acme-1x.com/'], '--domain'],
  ])('refuses %j as a USAGE_ERROR naming %s, without calling the server', async (argv, flag) => {
    const run = await radar(argv);
    expect(run.code).toBe(2);
    expect(run.error()).toEqual({ code: 'USAGE_ERROR', message: expect.stringContaining(flag) });
    expect(run.sent).toEqual([]);
  });
});

describe('radar provider recover', () => {
  it('clears one domain, or every domain without --domain', async () => {
    const one = await radar(['recover', '--domain', 'acme-1x.com']);
    expect(one.code).toBe(0);
    expect(one.sent).toEqual([{ url: 'http://127.0.0.1:8081/operator/v1/provider/failures/clear', method: 'POST', body: { domain: 'acme-1x.com' } }]);
    const all = await radar(['recover']);
    expect(all.sent[0]?.body).toEqual({});
  });
});
