import type { CheckCompletion } from '../data/check-progress.repository';

interface Waiting {
  completion: CheckCompletion;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers answers that arrive together and records them in one transaction: a day's run brings
 * tens of thousands at once, and one commit each would make the database's commits the limit.
 * Each answer's promise settles when its batch committed (or failed), so a message is still
 * acknowledged only after what it carried is recorded.
 */
export class CompletionBatcher {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly write: (completions: CheckCompletion[]) => Promise<void>,
    private readonly limits: { maxBatch: number; maxWaitMs: number },
  ) {}

  record(completion: CheckCompletion): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ completion, resolve, reject });
      if (this.waiting.length >= this.limits.maxBatch) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.limits.maxWaitMs);
    });
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting.splice(0);
    if (batch.length === 0) return;
    this.write(batch.map((entry) => entry.completion)).then(
      () => batch.forEach((entry) => entry.resolve()),
      (error: unknown) => batch.forEach((entry) => entry.reject(error)),
    );
  }
}
