import { aSignal } from '@radar/platform/testing';
import { digestEmail } from './digest-email';
import { runDigest } from './run-digest';
import { teamChatMessage } from './team-chat-message';

const run = { runId: 'b1c5f0a8-0000-4000-8000-000000000001', monitorName: 'Fintech <watch>', runDate: '2026-11-25' };

const signals = [
  aSignal({ domain: 'zeta.example', headline: 'Zeta hires a CFO', family: 'leadership', family_label: 'Leadership', signal_type: 'news_events', signal_label: 'News event', happened_on: '2026-11-21' }),
  aSignal({ domain: 'acme.example', headline: 'Acme raises a $20M Series B', happened_on: '2026-11-20', details: ['Led by <Example> Ventures'] }),
  aSignal({ domain: 'acme.example', headline: 'Acme opens a Berlin office', family: 'expansion', family_label: 'Expansion', happened_on: '2026-11-23', source_url: 'javascript:alert(1)' }),
  aSignal({ domain: 'acme.example', content_available: false, headline: '', details: [], happened_on: '2026-11-01', source_url: null }),
];

describe('runDigest', () => {
  it('groups signals by company in domain order, each company newest event first', () => {
    const digest = runDigest(run, signals);
    expect(digest.total).toBe(4);
    expect(digest.companies.map((company) => [company.domain, company.signals.map((signal) => signal.happened_on)])).toEqual([
      ['acme.example', ['2026-11-23', '2026-11-20', '2026-11-01']],
      ['zeta.example', ['2026-11-21']],
    ]);
  });
});

describe('digestEmail', () => {
  const email = digestEmail(runDigest(run, signals));

  it('names the count, the monitor and the run day in the subject', () => {
    expect(email.subject).toBe('Radar: 4 new signals from "Fintech <watch>" (2026-11-25)');
  });

  it('lists every signal under its company in the text part', () => {
    expect(email.text).toContain('4 new signals for 2 companies from your monitor "Fintech <watch>", run of 2026-11-25.');
    const acme = email.text.indexOf('acme.example (3)');
    const zeta = email.text.indexOf('zeta.example (1)');
    expect(acme).toBeGreaterThanOrEqual(0);
    expect(zeta).toBeGreaterThan(acme);
    expect(email.text.indexOf('Acme opens a Berlin office')).toBeGreaterThan(acme);
    expect(email.text.indexOf('Acme opens a Berlin office')).toBeLessThan(zeta);
    expect(email.text).toContain('    Funding · Financing event · 2026-11-20');
    expect(email.text).toContain('    Led by <Example> Ventures');
    expect(email.text).toContain('    https://news.example/acme-series-b');
    expect(email.text).toContain('  - (text not kept)');
  });

  it('carries the same content in the HTML part, escaped, linking only web URLs', () => {
    expect(email.html).toContain('<h2>acme.example (3)</h2>');
    expect(email.html).toContain('<a href="https://news.example/acme-series-b">Acme raises a $20M Series B</a>');
    expect(email.html).toContain('Led by &lt;Example&gt; Ventures');
    expect(email.html).toContain('Fintech &lt;watch&gt;');
    expect(email.html).not.toContain('javascript:');
    expect(email.html).not.toContain('<watch>');
  });

  it('speaks of one signal and one company in the singular', () => {
    const single = digestEmail(runDigest(run, [signals[0]!]));
    expect(single.subject).toBe('Radar: 1 new signal from "Fintech <watch>" (2026-11-25)');
    expect(single.text).toContain('1 new signal for 1 company');
  });
});

describe('teamChatMessage', () => {
  it('is Slack incoming-webhook JSON: a summary text, a header and one section per company', () => {
    const message = teamChatMessage(runDigest(run, signals));
    expect(message.text).toBe('Radar: 4 new signals from "Fintech &lt;watch&gt;" (2026-11-25)');
    expect(message.blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'Radar: 4 new signals from "Fintech <watch>" (2026-11-25)' } });
    expect(message.blocks).toHaveLength(3);
    const acme = message.blocks[1] as { text: { text: string } };
    expect(acme.text.text).toMatch(/^\*acme\.example\* \(3\)\n/);
    expect(acme.text.text).toContain('• <https://news.example/acme-series-b|Acme raises a $20M Series B> _Funding · Financing event · 2026-11-20_');
    expect(acme.text.text).toContain('• Acme opens a Berlin office _Expansion');
  });

  it('stays within Slack’s 50 blocks, saying what it left out', () => {
    const many = Array.from({ length: 60 }, (_unused, index) => aSignal({ domain: `c${String(index).padStart(2, '0')}.example` }));
    const message = teamChatMessage(runDigest(run, many));
    expect(message.blocks).toHaveLength(50);
    expect(message.blocks[49]).toEqual({ type: 'context', elements: [{ type: 'mrkdwn', text: '…and 12 signals for 12 more companies.' }] });
  });

  it('cuts a section at 3,000 characters', () => {
    const long = Array.from({ length: 40 }, () => aSignal({ domain: 'big.example', headline: 'x'.repeat(200) }));
    const section = teamChatMessage(runDigest(run, long)).blocks[1] as { text: { text: string } };
    expect(section.text.text).toHaveLength(3_000);
    expect(section.text.text.endsWith('…')).toBe(true);
  });
});
