// What `npm start` and `npm test` share: the repository root, installing what is missing,
// running a command, and the local environment file.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueDefaults } from './catalogue.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status ?? result.signal}`);
  }
}

/**
 * Installs when node_modules is missing or older than the lockfile. `npm ci` first; where the
 * registry mirror lacks other platforms' optional binaries (swc, nx), npm 11 refuses the
 * lockfile for ci, and `npm install` (which still follows the lockfile's versions) does the job.
 */
export function installIfMissing() {
  const installed = path.join(root, 'node_modules/.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('radar: installing dependencies');
  try {
    run('npm', ['ci', '--no-audit', '--no-fund'], { stdio: ['ignore', 'inherit', 'pipe'] });
  } catch {
    console.log('radar: npm ci refused the lockfile here; installing with npm install');
    run('npm', ['install', '--no-audit', '--no-fund']);
  }
}

const secret = () => randomBytes(32).toString('base64url');

/** Local settings every service needs (ports, databases and URLs from the service catalogue); secrets are fresh per machine. */
const localDefaults = () => ({
  ...catalogueDefaults(secret),
  REDIS_URL: 'redis://127.0.0.1:6379',
  NATS_URL: 'nats://127.0.0.1:4222',
  AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
  RADAR_OPERATOR_URL: 'http://127.0.0.1:8081',
  // Export files: left empty, npm start runs a local S3 server on S3_LOCAL_PORT; set S3_ENDPOINT,
  // S3_ACCESS_KEY and S3_SECRET_KEY to use MinIO or S3 instead.
  S3_ENDPOINT: '',
  S3_LOCAL_PORT: '9100',
  S3_BUCKET: 'radar-exports',
  LOG_LEVEL: 'info',
  // webhook-dispatch's own key for sealing webhook secrets at rest (32 bytes, base64); development
  // may send to receivers on this machine over plain http.
  WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOWED_ADDRESS_CLASSES: 'loopback',
});

/**
 * The developer's `.env` (never committed): created on first start with fresh secrets and the
 * loopback defaults, and completed with settings added since; Nx and the `radar` CLI read it too.
 */
export function ensureLocalEnv() {
  const file = path.join(root, '.env');
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '# Local development settings, written by `npm start`. Not committed.\n';
  const present = new Set([...existing.matchAll(/^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/gm)].map((match) => match[1]));
  const missing = Object.entries(localDefaults()).filter(([key]) => !present.has(key));
  if (missing.length > 0) {
    const separator = existing.endsWith('\n') ? '' : '\n';
    writeFileSync(file, `${existing}${separator}${missing.map(([key, value]) => `${key}=${value}`).join('\n')}\n`, { mode: 0o600 });
    console.log(`radar: .env now sets ${missing.map(([key]) => key).join(', ')}`);
  }
  return file;
}

/**
 * Which provider signal-ingest asks: PROVIDER_URL when it is set (a real provider), otherwise the
 * local stand-in provider-sim (PROVIDER_SIM_URL), which then starts with the stack.
 */
export function withProviderDefault(env) {
  if (env.PROVIDER_URL) return { env, startsProviderSim: false };
  return { env: { ...env, PROVIDER_URL: env.PROVIDER_SIM_URL }, startsProviderSim: true };
}

/** KEY=VALUE lines of a .env file; the process environment wins over the file. */
export function readEnvFile(file) {
  const values = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/.exec(line);
    if (match) values[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return { ...values, ...process.env };
}
