import { headlineOf, plural, signalTagline, type RunDigest } from './run-digest';

/** Slack's incoming-webhook body: `text` (the notification and fallback) and layout `blocks`. */
export interface TeamChatMessage {
  text: string;
  blocks: TeamChatBlock[];
}

type TeamChatBlock =
  | { type: 'header'; text: { type: 'plain_text'; text: string } }
  | { type: 'section'; text: { type: 'mrkdwn'; text: string } }
  | { type: 'context'; elements: { type: 'mrkdwn'; text: string }[] };

/** Slack's limits: 50 blocks a message, 3,000 characters a section, 150 a header. */
const MAX_BLOCKS = 50;
const SECTION_CHARS = 3_000;
const HEADER_CHARS = 150;
/** Room for the header, the trailing note of what was left out, and nothing else. */
const MAX_COMPANY_SECTIONS = MAX_BLOCKS - 2;

/** Slack's mrkdwn treats these three as control characters (Slack API, "Formatting text"). */
const escapeMrkdwn = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A link only for web URLs, and without the characters that would end Slack's link syntax early. */
const linkOrText = (label: string, url: string | null): string =>
  url && /^https?:\/\/[^\s<>|]+$/i.test(url) ? `<${url}|${escapeMrkdwn(label).replace(/\|/g, '¦')}>` : escapeMrkdwn(label);

/** One message for a run: a header, then one section per company (as many as Slack allows). */
export function teamChatMessage(digest: RunDigest): TeamChatMessage {
  const summary = `${plural(digest.total, 'new signal')} from "${digest.monitorName}" (${digest.runDate})`;
  const shown = digest.companies.slice(0, MAX_COMPANY_SECTIONS);
  const sections: TeamChatBlock[] = shown.map((company) => {
    const lines = company.signals.map((signal) => `• ${linkOrText(headlineOf(signal), signal.source_url)} _${escapeMrkdwn(signalTagline(signal))}_`);
    return { type: 'section', text: { type: 'mrkdwn', text: cut(`*${escapeMrkdwn(company.domain)}* (${company.signals.length})\n${lines.join('\n')}`, SECTION_CHARS) } };
  });
  const hidden = digest.companies.slice(shown.length);
  const note: TeamChatBlock[] =
    hidden.length > 0
      ? [
          {
            type: 'context',
            elements: [
              {
                type: 'mrkdwn',
                text: `…and ${plural(hidden.reduce((sum, company) => sum + company.signals.length, 0), 'signal')} for ${plural(hidden.length, 'more company', 'more companies')}.`,
              },
            ],
          },
        ]
      : [];
  return {
    text: `Radar: ${escapeMrkdwn(summary)}`,
    blocks: [{ type: 'header', text: { type: 'plain_text', text: cut(`Radar: ${summary}`, HEADER_CHARS) } }, ...sections, ...note],
  };
}
