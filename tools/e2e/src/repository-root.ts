import path from 'node:path';

/** The monorepo root, where the built services and the CLI live (tools/e2e/src -> ../../..). */
export const REPOSITORY_ROOT = path.resolve(__dirname, '../../..');
