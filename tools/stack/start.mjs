#!/usr/bin/env node
// `npm start`: install what is missing, build, check the infrastructure, start every service
// (each applies its own migrations), create the demo workspace, print the URL and a token. A
// service that stops is restarted (tools/stack/supervisor.mjs) until Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SERVICES } from './catalogue.mjs';
import { Supervisor, waitForReadyz } from './supervisor.mjs';
import { ensureLocalEnv, installIfMissing, readEnvFile, root, run, withProviderDefault } from './workspace.mjs';

const INFRASTRUCTURE = [
  { name: 'PostgreSQL', port: 5432 },
  { name: 'Redis', port: 6379 },
  { name: 'RabbitMQ', port: 5672 },
  { name: 'NATS', port: 4222 },
];

const supervisor = new Supervisor();
const stoppers = [];
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
  try {
    await waitForReadyz(url, child, { describe: name });
  } catch (error) {
    throw new Error(`${error.message}; see .radar/logs/${name}.log`);
  }
}

/** Object storage for export files: the configured S3_ENDPOINT, or a local S3 server (files under .radar/s3). */
async function objectStorage(env) {
  if (env.S3_ENDPOINT) {
    console.log(`radar: export files go to ${env.S3_ENDPOINT} (bucket ${env.S3_BUCKET})`);
    return {};
  }
  const port = Number(env.S3_LOCAL_PORT || 9100);
  if (await portOpen(port)) throw new Error(`port ${port} (S3_LOCAL_PORT) is already in use: is Radar already running?`);
  // Imported here, not at the top: it needs s3rver, which a fresh checkout has only once installIfMissing ran.
  const { startLocalS3 } = await import('./local-s3.mjs');
  const local = await startLocalS3({ port, directory: path.join(stateDir, 's3') });
  stoppers.push(local.stop);
  console.log(`radar: local S3 server on ${local.env.S3_ENDPOINT} (files in .radar/s3, bucket ${env.S3_BUCKET})`);
  return local.env;
}

async function startServices(env, startsProviderSim) {
  mkdirSync(path.join(stateDir, 'logs'), { recursive: true });
  // The catalogue's order: each service is ready before the next starts.
  for (const service of SERVICES) {
    if (service.name === 'provider-sim' && !startsProviderSim) {
      console.log(`radar: PROVIDER_URL is set (${env.PROVIDER_URL}); the local provider-sim is not started`);
      continue;
    }
    const port = env[service.port.variable];
    if (await portOpen(Number(port))) throw new Error(`port ${port} (${service.port.variable}) is already in use: is Radar already running?`);
    const log = createWriteStream(path.join(stateDir, 'logs', `${service.name}.log`), { flags: 'a' });
    await supervisor.start(service.name, {
      spawnProcess: () => logged(spawn(process.execPath, [path.join(root, 'apps', service.name, 'dist/main.js')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] }), log),
      waitUntilReady: (child) => waitUntilReady(service.name, `http://127.0.0.1:${port}`, child),
      logFile: `.radar/logs/${service.name}.log`,
    });
    console.log(`radar: ${service.name} is ready on port ${port} (migrations applied)`);
  }
}

/**
 * Without SMTP_URL, email digests go to a local SMTP sink (tools/stack/mail-sink.mjs) that keeps
 * each message in .radar/mail/ as an .eml file; MAIL_SINK_PORT moves it from 2525.
 */
async function mailSink(settings) {
  if (settings.SMTP_URL) {
    console.log(`radar: SMTP_URL is set; email digests go to ${settings.SMTP_URL.replace(/\/\/[^@/]*@/, '//***@')}`);
    return {};
  }
  const port = Number(settings.MAIL_SINK_PORT ?? 2525);
  if (await portOpen(port)) throw new Error(`port ${port} (MAIL_SINK_PORT) is already in use: is Radar already running?`);
  mkdirSync(path.join(stateDir, 'logs'), { recursive: true });
  const log = createWriteStream(path.join(stateDir, 'logs', 'mail-sink.log'), { flags: 'a' });
  await supervisor.start('mail-sink', {
    spawnProcess: () =>
      logged(
        spawn(process.execPath, [path.join(root, 'tools/stack/mail-sink.mjs'), '--port', String(port), '--dir', path.join(stateDir, 'mail')], {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
        log,
      ),
    waitUntilReady: async (child) => {
      const deadline = Date.now() + 10_000;
      while (!(await portOpen(port))) {
        if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) throw new Error('the local SMTP sink did not start; see .radar/logs/mail-sink.log');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    logFile: '.radar/logs/mail-sink.log',
  });
  console.log(`radar: SMTP_URL is unset; email digests go to a local SMTP sink (smtp://127.0.0.1:${port}), kept in .radar/mail/`);
  return { SMTP_URL: `smtp://127.0.0.1:${port}` };
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

/**
 * Loads the default dataset (100,000 companies) the first time, when the store is empty, with
 * `radar dataset load`: the same progress an operator sees (a bar on a terminal, lines otherwise).
 */
async function loadDatasetWhenEmpty(env) {
  const status = await operator(env, 'GET', '/dataset');
  if (status.status !== 200) throw new Error(`could not read the dataset status: ${JSON.stringify(status.payload)}`);
  if (!status.payload.empty) {
    console.log(`radar: dataset present (${status.payload.companies} companies)`);
    // A load stopped with the last run (Ctrl-C, a crash) goes on in search: show it to its end.
    const jobs = await operator(env, 'GET', '/jobs?limit=20');
    const unfinished = jobs.status === 200 ? jobs.payload.items.find((job) => job.kind === 'dataset.load' && ['running', 'interrupted'].includes(job.status)) : undefined;
    if (unfinished) {
      console.log(`radar: the dataset load ${unfinished.id} did not finish; it goes on`);
      await radarCli(env, ['jobs', 'show', unfinished.id, '--follow']);
    }
    return;
  }
  console.log('radar: loading the default dataset (100,000 companies; about a minute)');
  console.log(`radar: loaded ${await radarCli(env, ['dataset', 'load'])}`);
}

/** Runs `radar <args>` with its progress on this terminal; answers what it printed on stdout. */
async function radarCli(env, args) {
  // Not spawnSync: the supervisor must go on restarting services while the CLI waits.
  const cli = spawn(process.execPath, [path.join(root, 'apps/cli/bin/radar.js'), ...args], {
    cwd: root,
    env: { ...process.env, RADAR_OPERATOR_URL: env.RADAR_OPERATOR_URL, OPERATOR_SECRET: env.OPERATOR_SECRET },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  cli.stdout.on('data', (chunk) => (printed += chunk));
  const code = await new Promise((resolve) => cli.once('close', resolve));
  if (code !== 0) throw new Error('the dataset load did not finish (see above); `npx radar jobs list` shows its job, `npm start` again resumes it');
  return printed.trim();
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

/** The `mcpServers` entry a desktop assistant needs to run `npx radar mcp` against this stack, indented for the summary. */
function desktopAssistantConfig(token, baseUrl) {
  const config = { mcpServers: { radar: { command: 'npx', args: ['radar', 'mcp'], cwd: root, env: { RADAR_TOKEN: token, RADAR_BASE_URL: baseUrl } } } };
  return JSON.stringify(config, null, 2).replace(/^/gm, '  ');
}

/** A process's output appended to its log; the log stays open for the next process after a restart. */
function logged(child, log) {
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  return child;
}

let stopping = false;

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  await supervisor.stopAll().catch(() => undefined);
  await Promise.all(stoppers.map((stop) => stop().catch(() => undefined)));
  process.exit(code);
}

async function main() {
  installIfMissing();
  const envFile = ensureLocalEnv();
  console.log('radar: building');
  run('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], { env: { ...process.env, NX_DAEMON: 'false' } });
  await checkInfrastructure();
  const { env: settings, startsProviderSim } = withProviderDefault({ ...readEnvFile(envFile), NODE_ENV: process.env.NODE_ENV ?? 'development' });
  const env = { ...settings, ...(await objectStorage(settings)), ...(await mailSink(settings)) };
  await startServices(env, startsProviderSim);
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

  Exports work: the worker writes CSV or JSON files to ${env.S3_ENDPOINT} (bucket ${env.S3_BUCKET}).
  curl -H "Authorization: Bearer ${demo.token}" -H 'content-type: application/json' \\
       -d '{"name": "German payments", "search_filters": {"query": "payments", "countries": ["Germany"]}}' ${baseUrl}/api/v1/exports
  curl -X POST -H "Authorization: Bearer ${demo.token}" ${baseUrl}/api/v1/exports/<export_id>/download

  AI assistants (MCP): ${baseUrl}/mcp (Streamable HTTP, the same bearer token), or over stdio
  with \`npx radar mcp\`. A desktop assistant's MCP configuration (README, "Use Radar from an AI assistant"):
${desktopAssistantConfig(demo.token, baseUrl)}

  Email digests: ${settings.SMTP_URL ? `sent through ${env.SMTP_URL.replace(/\/\/[^@/]*@/, '//***@')}` : 'kept in .radar/mail/ by the local SMTP sink, one .eml file each (README, "Email digests")'}.

Logs are in .radar/logs/. Health: npx radar status. Operator CLI: npx radar --help.
A service that stops is restarted (said here; its log keeps why). Stop with Ctrl-C.
`);
}

process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));
main().catch((error) => {
  console.error(`radar: ${error.message}`);
  stopAll(1);
});
