#!/usr/bin/env node
// `npm test`: install what is missing, then lint, typecheck and test every project against the
// real PostgreSQL, NATS, RabbitMQ and Redis, and print one closing total.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { installIfMissing, root, run } from './workspace.mjs';

installIfMissing();

const summaryDir = path.join(root, '.radar/test-results');
rmSync(summaryDir, { recursive: true, force: true });
mkdirSync(summaryDir, { recursive: true });

let failure;
try {
  run('npx', ['nx', 'run-many', '-t', 'lint', 'typecheck', 'test', '--parallel=2', '--outputStyle=stream'], {
    env: { ...process.env, RADAR_TEST_SUMMARY_DIR: summaryDir, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
} catch (error) {
  failure = error;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const file of readdirSync(summaryDir)) {
  const counts = JSON.parse(readFileSync(path.join(summaryDir, file), 'utf8'));
  for (const key of Object.keys(totals)) totals[key] += counts[key];
}
if (failure && totals.failed === 0) totals.failed = 1; // a lint, typecheck or build failure
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failure ? 1 : 0);
