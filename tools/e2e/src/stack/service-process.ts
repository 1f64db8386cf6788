import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPOSITORY_ROOT } from '../repository-root';

const OUTPUT_KEPT = 20_000;
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

/** One built service (`node apps/<name>/dist/main.js`) running as a child process. */
export class ServiceProcess {
  private output = '';
  private exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private readonly exit: Promise<void>;

  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    // Keep the tail of what it printed: it explains a service that would not start.
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exit = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exited = { code, signal };
        resolve();
      });
    });
  }

  static start(name: string, env: Record<string, string>): ServiceProcess {
    const entry = path.join(REPOSITORY_ROOT, 'apps', name, 'dist', 'main.js');
    if (!existsSync(entry)) {
      throw new Error(`${entry} is missing: build first (npx nx run-many -t build)`);
    }
    const child = spawn(process.execPath, [entry], { cwd: REPOSITORY_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    return new ServiceProcess(name, child);
  }

  /** Polls /readyz until it answers 200; fails at once if the process dies first. */
  async waitUntilReady(baseUrl: string): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (this.exited) throw this.failure(`exited (code ${this.exited.code}, signal ${this.exited.signal}) before it was ready`);
      try {
        const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
        if (response.ok) return;
        await response.body?.cancel();
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw this.failure(`was not ready at ${baseUrl}/readyz within ${READY_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The process id (benchmarks read its memory from /proc). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** SIGTERM for a clean shutdown; SIGKILL if it takes too long. */
  async stop(): Promise<void> {
    if (this.exited) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await this.exit;
    clearTimeout(timer);
  }

  private failure(what: string): Error {
    return new Error(`${this.name} ${what}. Its output:\n${this.output || '(nothing)'}`);
  }
}
