import { existsSync } from 'node:fs';
import path from 'node:path';
import { CliError, EXIT } from '../cli-error';

/** The repository root is the directory holding nx.json, found from `start` upwards. */
export function findRepositoryRoot(start: string): string | undefined {
  let dir = path.resolve(start);
  for (;;) {
    if (existsSync(path.join(dir, 'nx.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * Loads the repository's `.env` (the one `npm start` uses) so `npx radar` works after the
 * README's set-up. Variables already set win: Node's loader never overrides them.
 * Returns the file it loaded, if any.
 */
export function loadRepositoryEnv(cwd: string, load: (file: string) => void = process.loadEnvFile): string | undefined {
  const root = findRepositoryRoot(cwd);
  if (!root) return undefined;
  const file = path.join(root, '.env');
  if (!existsSync(file)) return undefined;
  try {
    load(file);
  } catch (error) {
    throw new CliError('CONFIG_ERROR', `Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`, EXIT.usage);
  }
  return file;
}
