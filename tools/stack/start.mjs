#!/usr/bin/env node
// `npm start`: install what is missing, build, check the infrastructure, start every service
// (each applies its own migrations), create the demo workspace, print the URL and a token.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureLocalEnv, installIfMissing, readEnvFile, root, run } from './workspace.mjs';

/** Started in this order; each must be ready before the next starts. */
const SERVICES = [
  { name: 'ledger', port: 'LEDGER_PORT' },
  { name: 'search', port: 'SEARCH_PORT' },
  { name: 'gateway', port: 'GATEWAY_PORT' },
];

const INFRASTRUCTURE = [
  { name: 'PostgreSQL', port: 5432 },
  { name: 'Redis', port: 6379 },
  { name: 'RabbitMQ', port: 5672 },
  { name: 'NATS', port: 4222 },
];

const children = [];
const stateDir = path.join(root, '.radar');

function portOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function checkInfrastructure() {
  let down = [];
  for (const service of INFRASTRUCTURE) if (!(await portOpen(service.port))) down.push(service);
  if (down.length > 0) {
    console.log(`radar: not answering: ${down.map((s) => s.name).join(', ')}; trying to start them`);
    spawnSync('bash', [path.join(root, 'tools/stack/start-infra.sh')], { stdio: 'inherit' });
    down = [];
    for (const service of INFRASTRUCTURE) if (!(await portOpen(service.port))) down.push(service);
  }
  if (down.length > 0) {
    throw new Error(
      `infrastructure down: ${down.map((s) => `${s.name} (127.0.0.1:${s.port})`).join(', ')}. ` +
        'Start it with `bash tools/stack/start-infra.sh` or `docker compose -f deploy/compose.yaml up -d`.',
    );
  }
  console.log('radar: infrastructure is up (PostgreSQL, Redis, RabbitMQ, NATS)');
}

async function waitUntilReady(name, url, child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}; see .radar/logs/${name}.log`);
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not become ready within 60 s; see .radar/logs/${name}.log`);
}

async function startServices(env) {
  mkdirSync(path.join(stateDir, 'logs'), { recursive: true });
  for (const service of SERVICES) {
    const port = env[service.port];
    if (await portOpen(Number(port))) throw new Error(`port ${port} (${service.port}) is already in use: is Radar already running?`);
    const log = createWriteStream(path.join(stateDir, 'logs', `${service.name}.log`), { flags: 'a' });
    const child = spawn(process.execPath, [path.join(root, 'apps', service.name, 'dist/main.js')], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    children.push({ name: service.name, child });
    await waitUntilReady(service.name, `http://127.0.0.1:${port}`, child);
    console.log(`radar: ${service.name} is ready on port ${port} (migrations applied)`);
  }
}

async function operator(env, method, route, body) {
  const response = await fetch(`${env.RADAR_OPERATOR_URL}/operator/v1${route}`, {
    method,
    headers: { authorization: `Bearer ${env.OPERATOR_SECRET}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60 * 60_000),
  });
  const payload = await response.json();
  return { status: response.status, payload };
}

/** Loads the default dataset (100,000 companies) the first time, when the store is empty. */
async function loadDatasetWhenEmpty(env) {
  const status = await operator(env, 'GET', '/dataset');
  if (status.status !== 200) throw new Error(`could not read the dataset status: ${JSON.stringify(status.payload)}`);
  if (!status.payload.empty) {
    console.log(`radar: dataset present (${status.payload.companies} companies)`);
    return;
  }
  console.log('radar: loading the default dataset (100,000 companies; about a minute)');
  const loaded = await operator(env, 'POST', '/dataset/load', {});
  if (loaded.status !== 200) throw new Error(`dataset load failed: ${JSON.stringify(loaded.payload)}`);
  console.log(`radar: loaded ${JSON.stringify(loaded.payload)}`);
}

/** The demo workspace survives restarts (.radar/demo.json); each start issues a fresh token. */
async function demoToken(env) {
  const demoFile = path.join(stateDir, 'demo.json');
  let demo = existsSync(demoFile) ? JSON.parse(readFileSync(demoFile, 'utf8')) : undefined;
  const issue = (userId) =>
    operator(env, 'POST', '/tokens', { user_id: userId, name: `demo ${new Date().toISOString()}`, scope: 'read_write' });
  let token = demo ? await issue(demo.owner_user_id) : undefined;
  if (!token || token.status === 404) {
    const created = await operator(env, 'POST', '/workspaces', { name: 'Demo workspace', credits: 10_000 });
    if (created.status !== 201) throw new Error(`could not create the demo workspace: ${JSON.stringify(created.payload)}`);
    demo = created.payload;
    writeFileSync(demoFile, JSON.stringify(demo, null, 2));
    token = await issue(demo.owner_user_id);
  }
  if (token.status !== 201) throw new Error(`could not issue the demo token: ${JSON.stringify(token.payload)}`);
  return { ...demo, token: token.payload.token };
}

function stopAll(code) {
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

async function main() {
  installIfMissing();
  const envFile = ensureLocalEnv();
  console.log('radar: building');
  run('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], { env: { ...process.env, NX_DAEMON: 'false' } });
  await checkInfrastructure();
  const env = { ...readEnvFile(envFile), NODE_ENV: process.env.NODE_ENV ?? 'development' };
  await startServices(env);
  await loadDatasetWhenEmpty(env);
  const demo = await demoToken(env);
  const baseUrl = `http://127.0.0.1:${env.GATEWAY_PORT}`;
  console.log(`
Radar is running.

  Gateway:    ${baseUrl}/api/v1
  Demo token: ${demo.token}   (read_write, workspace ${demo.workspace_id})

  curl -H "Authorization: Bearer ${demo.token}" ${baseUrl}/api/v1/credits
  curl -H "Authorization: Bearer ${demo.token}" -H 'content-type: application/json' \\
       -d '{"query": "payments", "countries": ["Germany"], "limit": 5}' ${baseUrl}/api/v1/companies/search

Logs are in .radar/logs/. Operator CLI: npx radar --help. Stop with Ctrl-C.
`);
  for (const { name, child } of children) {
    child.once('exit', (code) => {
      console.error(`radar: ${name} stopped (exit code ${code}); stopping the rest`);
      stopAll(1);
    });
  }
}

process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));
main().catch((error) => {
  console.error(`radar: ${error.message}`);
  stopAll(1);
});
