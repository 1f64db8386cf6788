import { headlineOf, plural, signalTagline, type RunDigest } from './run-digest';

export interface DigestEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Only web links become links: a source URL is the provider's text, and `javascript:` must stay text. */
const isWebLink = (url: string): boolean => /^https?:\/\//i.test(url);

const FOOTER = 'You receive this digest because this monitor delivers by email to the workspace owner.';

/** The email of a run: subject, plain text and HTML with the same content, signals grouped by company. */
export function digestEmail(digest: RunDigest): DigestEmail {
  const subject = `Radar: ${plural(digest.total, 'new signal')} from "${digest.monitorName}" (${digest.runDate})`;
  const intro = `${plural(digest.total, 'new signal')} for ${plural(digest.companies.length, 'company', 'companies')} from your monitor "${digest.monitorName}", run of ${digest.runDate}.`;

  const text = [
    intro,
    '',
    ...digest.companies.flatMap((company) => [
      `${company.domain} (${company.signals.length})`,
      ...company.signals.flatMap((signal) => [
        `  - ${headlineOf(signal)}`,
        `    ${signalTagline(signal)}`,
        ...signal.details.map((detail) => `    ${detail}`),
        ...(signal.source_url ? [`    ${signal.source_url}`] : []),
      ]),
      '',
    ]),
    FOOTER,
    '',
  ].join('\n');

  const htmlSignal = (signal: RunDigest['companies'][number]['signals'][number]): string => {
    const headline = escapeHtml(headlineOf(signal));
    const title = signal.source_url && isWebLink(signal.source_url) ? `<a href="${escapeHtml(signal.source_url)}">${headline}</a>` : headline;
    const details = signal.details.length > 0 ? `<ul>${signal.details.map((detail) => `<li>${escapeHtml(detail)}</li>`).join('')}</ul>` : '';
    return `<li><strong>${title}</strong><br><small>${escapeHtml(signalTagline(signal))}</small>${details}</li>`;
  };
  const html = [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...digest.companies.map(
      (company) => `<h2>${escapeHtml(company.domain)} (${company.signals.length})</h2><ul>${company.signals.map(htmlSignal).join('')}</ul>`,
    ),
    `<p><small>${escapeHtml(FOOTER)}</small></p>`,
    '</body></html>',
  ].join('\n');

  return { subject, text, html };
}
