import type { InjectProviderFailureBody, ProviderFailureMode, SignalType } from '@radar/contracts';

interface FailureRule {
  mode: ProviderFailureMode;
  /** Requests still to fail; null fails until cleared. */
  remaining: number | null;
}

const EVERY_TYPE = '*';
const ruleKey = (domain: string, signalType: SignalType | typeof EVERY_TYPE) => `${domain}\n${signalType}`;

/**
 * Failures an operator injected (`radar provider fail`), kept in memory: this is a local
 * stand-in, and a restart that forgets them is what a developer expects.
 */
export class FailureInjector {
  private readonly rules = new Map<string, FailureRule>();

  /** A new failure of the same domain and signal type replaces the earlier one. */
  inject(failure: InjectProviderFailureBody): void {
    this.rules.set(ruleKey(failure.domain, failure.signal_type ?? EVERY_TYPE), { mode: failure.mode, remaining: failure.times ?? null });
  }

  clear(domain?: string): void {
    if (domain === undefined) {
      this.rules.clear();
      return;
    }
    for (const key of [...this.rules.keys()]) if (key.startsWith(`${domain}\n`)) this.rules.delete(key);
  }

  /**
   * The failure a request for (domain, signal type) meets, if any, counting it against the
   * failure's `times`. A failure of that signal type wins over one of the whole domain.
   */
  take(domain: string, signalType: SignalType): ProviderFailureMode | null {
    for (const key of [ruleKey(domain, signalType), ruleKey(domain, EVERY_TYPE)]) {
      const rule = this.rules.get(key);
      if (!rule) continue;
      if (rule.remaining !== null) {
        rule.remaining -= 1;
        if (rule.remaining === 0) this.rules.delete(key);
      }
      return rule.mode;
    }
    return null;
  }
}
