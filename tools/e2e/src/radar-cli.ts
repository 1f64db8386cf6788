import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPOSITORY_ROOT } from './repository-root';
import type { E2eStack } from './stack/e2e-stack';

const RADAR = path.join(REPOSITORY_ROOT, 'apps', 'cli', 'bin', 'radar.js');

export interface RadarRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RadarFailure {
  code: number | null;
  stdout: string;
  error: { code: string; message: string };
}

/**
 * `node apps/cli/bin/radar.js <args>` from the repository root, as an operator runs it, with the
 * environment pointing at the stack. `env` adds or overrides variables (a wrong secret, say).
 */
export function runRadar(stack: E2eStack, args: string[], env: Record<string, string> = {}): Promise<RadarRun> {
  return startRadar(stack, args, env).ended;
}

/**
 * A call that must succeed: exit 0, nothing on stderr, exactly one JSON line on stdout, which is
 * returned. It runs with `--json`, so commands that follow a job print no progress.
 */
export async function radar<T = Record<string, unknown>>(stack: E2eStack, ...args: string[]): Promise<T> {
  const run = await runRadar(stack, ['--json', ...args]);
  if (run.code !== 0 || run.stderr !== '') {
    throw new Error(`radar ${args.join(' ')} exited ${run.code}: ${run.stderr}`);
  }
  const lines = run.stdout.split('\n');
  if (lines.length !== 2 || lines[1] !== '') throw new Error(`radar ${args.join(' ')} printed more than one line: ${run.stdout}`);
  return JSON.parse(run.stdout) as T;
}

/** A radar process still running, for tests that interrupt it: what it printed so far, and its end. */
export interface RunningRadar {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  ended: Promise<RadarRun>;
}

/** Starts `radar <args>` as runRadar does, without waiting for it. */
export function startRadar(stack: E2eStack, args: string[], env: Record<string, string> = {}): RunningRadar {
  const child = spawn(process.execPath, [RADAR, ...args], {
    cwd: REPOSITORY_ROOT,
    env: { PATH: process.env.PATH ?? '', RADAR_OPERATOR_URL: stack.operatorUrl, OPERATOR_SECRET: stack.operatorSecret, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const ended = new Promise<RadarRun>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, stdout: () => stdout, stderr: () => stderr, ended };
}

/** A call that must fail: non-zero exit, nothing on stdout, `{"error": {code, message}}` alone on stderr. */
export async function radarFails(stack: E2eStack, args: string[], env: Record<string, string> = {}): Promise<RadarFailure> {
  const run = await runRadar(stack, args, env);
  if (run.code === 0) throw new Error(`radar ${args.join(' ')} succeeded but should have failed: ${run.stdout}`);
  const document = JSON.parse(run.stderr) as { error: RadarFailure['error'] };
  if (Object.keys(document).join() !== 'error' || Object.keys(document.error).sort().join() !== 'code,message') {
    throw new Error(`radar ${args.join(' ')} printed an error that is not {"error": {code, message}}: ${run.stderr}`);
  }
  return { code: run.code, stdout: run.stdout, error: document.error };
}
