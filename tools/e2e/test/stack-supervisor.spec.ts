import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { freePort } from '../src';
import { eventually } from '@radar/platform/testing';

interface Event {
  say?: string;
  pid?: number;
  stopped?: boolean;
}

const FIXTURE = path.join(__dirname, 'fixtures', 'supervise-service.mjs');

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** `npm start`'s supervisor (tools/stack/supervisor.mjs) running the built provider-sim, with what it reports. */
async function supervised() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH ?? '',
    PROVIDER_SIM_PORT: String(port),
    OPERATOR_SECRET: randomBytes(24).toString('base64url'),
    PROVIDER_API_KEY: 'supervisor-test',
    DATASET_COMPANIES: '100',
    LOG_LEVEL: 'warn',
  };
  const events: Event[] = [];
  const driver: ChildProcess = spawn(process.execPath, [FIXTURE, JSON.stringify({ name: 'provider-sim', env, url })], { stdio: ['ignore', 'pipe', 'inherit'] });
  let buffered = '';
  driver.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line) events.push(JSON.parse(line) as Event);
  });
  const exited = new Promise<number | null>((resolve) => driver.once('exit', resolve));
  const until = <T>(find: () => T | undefined, what: string, timeoutMs = 30_000): Promise<T> =>
    eventually(find, what, timeoutMs).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}; reported: ${JSON.stringify(events)}`);
    });

  const pids = () => events.flatMap((event) => (event.pid === undefined ? [] : [event.pid]));
  const said = (pattern: RegExp) => events.find((event) => event.say !== undefined && pattern.test(event.say))?.say;
  const ready = async () => (await fetch(`${url}/readyz`)).status;
  return { driver, events, exited, until, pids, said, ready };
}

describe("npm start's supervisor", () => {
  it('restarts a service that was killed, says so, doubles the back-off while it keeps dying, and stops it on request', async () => {
    const stack = await supervised();
    try {
      const first = await stack.until(() => stack.pids()[0], 'the first process');
      expect(await stack.ready()).toBe(200);

      process.kill(first, 'SIGKILL');
      const second = await stack.until(() => stack.pids()[1], 'a new process');
      expect(second).not.toBe(first);
      expect(stack.said(/^provider-sim stopped \(killed by SIGKILL\); restarting it in 0\.3 s$/)).toBeDefined();
      await stack.until(() => stack.said(/^provider-sim is back \(restart 1\)$/), 'the service back');
      expect(await stack.ready()).toBe(200);

      process.kill(second, 'SIGKILL');
      await stack.until(() => stack.pids()[2], 'a third process');
      expect(stack.said(/^provider-sim stopped \(killed by SIGKILL\); restarting it in 0\.6 s$/)).toBeDefined();
      await stack.until(() => stack.said(/is back \(restart 2\)$/), 'the service back again');

      const last = stack.pids()[2]!;
      stack.driver.kill('SIGTERM');
      expect(await stack.exited).toBe(0);
      expect(stack.events.at(-1)).toEqual({ stopped: true });
      expect(alive(last)).toBe(false);
    } finally {
      if (stack.driver.exitCode === null) stack.driver.kill('SIGKILL');
      for (const pid of stack.pids()) if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});
