import type { SignalRecord } from '@radar/contracts';

/** One company's signals in a run, newest event first. */
export interface CompanySignals {
  domain: string;
  signals: SignalRecord[];
}

/** A monitor run's new signals as the digest and the team-chat message show them: grouped by company. */
export interface RunDigest {
  runId: string;
  monitorName: string;
  runDate: string;
  total: number;
  /** Companies in alphabetical order of their domain. */
  companies: CompanySignals[];
}

const byEventDateThenHeadline = (a: SignalRecord, b: SignalRecord): number =>
  (b.happened_on ?? '').localeCompare(a.happened_on ?? '') || a.headline.localeCompare(b.headline) || a.id.localeCompare(b.id);

export function runDigest(run: { runId: string; monitorName: string; runDate: string }, signals: readonly SignalRecord[]): RunDigest {
  const byDomain = new Map<string, SignalRecord[]>();
  for (const signal of signals) {
    const list = byDomain.get(signal.domain) ?? [];
    list.push(signal);
    byDomain.set(signal.domain, list);
  }
  const companies = [...byDomain.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([domain, list]) => ({ domain, signals: list.sort(byEventDateThenHeadline) }));
  return { ...run, total: signals.length, companies };
}

export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** What a signal is about in a few words: its family when known, else its type, and when it happened. */
export function signalTagline(signal: SignalRecord): string {
  const kind = signal.family_label ? `${signal.family_label} · ${signal.signal_label}` : signal.signal_label;
  return signal.happened_on ? `${kind} · ${signal.happened_on}` : kind;
}

/** A signal whose text was not kept still counts and is listed (decisions.md, "Delivery"). */
export const headlineOf = (signal: SignalRecord): string => (signal.content_available && signal.headline ? signal.headline : '(text not kept)');
