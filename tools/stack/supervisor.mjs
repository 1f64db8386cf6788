// Keeps the processes of `npm start` running: one that exits is started again after a back-off
// that doubles while it keeps failing, and the terminal says so. Only stopAll() (Ctrl-C) ends them.

/** First wait before a restart, the longest wait, and how long a process must run to count as recovered. */
export const DEFAULT_BACKOFF = { initialMs: 1_000, maxMs: 30_000, stableAfterMs: 60_000 };

const seconds = (ms) => `${Math.round(ms / 100) / 10} s`;

const howItEnded = (code, signal) => (signal ? `killed by ${signal}` : `exit code ${code}`);

const hasExited = (child) => child.exitCode !== null || child.signalCode !== null;

/**
 * Resolves once `${url}/readyz` answers 200; rejects when the process exits first or the time
 * runs out. The readiness check of the services `npm start` supervises.
 */
export async function waitForReadyz(url, child, { timeoutMs = 60_000, describe = 'it' } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(child)) throw new Error(`${describe} exited (${howItEnded(child.exitCode, child.signalCode)})`);
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${describe} did not become ready within ${timeoutMs / 1000} s`);
}

export class Supervisor {
  #services = new Map();
  #stopping = false;
  #say;
  #backoff;

  /**
   * @param {{ say?: (line: string) => void, backoff?: Partial<typeof DEFAULT_BACKOFF> }} options
   *   `say` writes one line to the terminal (the default prefixes `radar: `).
   */
  constructor({ say = (line) => console.log(`radar: ${line}`), backoff = {} } = {}) {
    this.#say = say;
    this.#backoff = { ...DEFAULT_BACKOFF, ...backoff };
  }

  /**
   * Starts a process and keeps it running. `spawnProcess()` starts one (its output already going
   * to its log, which keeps what a crash printed); `waitUntilReady(child)` resolves once it
   * serves and rejects if it exits or stays unready. Resolves when the first process is ready;
   * rejects when it never got there (a set-up problem that restarting will not fix).
   *
   * @param {string} name
   * @param {{ spawnProcess: () => import('node:child_process').ChildProcess, waitUntilReady: (child: import('node:child_process').ChildProcess) => Promise<void>, logFile?: string }} how
   */
  async start(name, how) {
    const service = { name, how, child: undefined, startedAt: 0, failures: 0, timer: undefined };
    this.#services.set(name, service);
    const child = this.#spawn(service);
    try {
      await how.waitUntilReady(child);
    } catch (error) {
      // Not supervised until it first worked: the caller reports the failure and stops.
      service.failedToStart = true;
      if (!hasExited(child)) child.kill('SIGKILL');
      throw error;
    }
  }

  /** The running process of a service (undefined while it waits to be restarted). */
  processOf(name) {
    const child = this.#services.get(name)?.child;
    return child && !hasExited(child) ? child : undefined;
  }

  /** SIGTERM to every process, SIGKILL to those still running after `graceMs`; resolves when all exited. */
  async stopAll({ graceMs = 10_000 } = {}) {
    this.#stopping = true;
    const exits = [];
    for (const service of this.#services.values()) {
      clearTimeout(service.timer);
      const child = service.child;
      if (!child || hasExited(child)) continue;
      exits.push(
        new Promise((resolve) => {
          const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          child.kill('SIGTERM');
        }),
      );
    }
    await Promise.all(exits);
  }

  #spawn(service) {
    const child = service.how.spawnProcess();
    service.child = child;
    service.startedAt = Date.now();
    child.once('exit', (code, signal) => this.#exited(service, child, code, signal));
    return child;
  }

  #exited(service, child, code, signal) {
    if (this.#stopping || service.failedToStart || service.child !== child) return;
    // A process that ran a good while before failing starts a fresh series of back-offs.
    if (Date.now() - service.startedAt >= this.#backoff.stableAfterMs) service.failures = 0;
    service.failures += 1;
    const delay = Math.min(this.#backoff.maxMs, this.#backoff.initialMs * 2 ** (service.failures - 1));
    const log = service.how.logFile ? `; its output is in ${service.how.logFile}` : '';
    this.#say(`${service.name} stopped (${howItEnded(code, signal)}); restarting it in ${seconds(delay)}${log}`);
    service.timer = setTimeout(() => this.#restart(service), delay);
  }

  async #restart(service) {
    if (this.#stopping) return;
    const child = this.#spawn(service);
    try {
      await service.how.waitUntilReady(child);
      if (!this.#stopping && service.child === child) this.#say(`${service.name} is back (restart ${service.failures})`);
    } catch {
      // Exited before it was ready: its exit schedules the next attempt. Alive but never ready: end it, which does the same.
      if (!hasExited(child)) child.kill('SIGKILL');
    }
  }
}
