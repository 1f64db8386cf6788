#!/usr/bin/env node
// `prisma generate` never runs the schema engine, but the CLI tries to download one unless a
// path to some existing file is given; on machines without the engine any file will do.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
const result = spawnSync('npx', ['--no-install', 'prisma', 'generate'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
