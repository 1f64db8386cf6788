import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findRepositoryRoot, loadRepositoryEnv } from './repository-env';

describe('loadRepositoryEnv', () => {
  let root: string;
  let nested: string;

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'radar-cli-env-'));
    nested = path.join(root, 'apps', 'cli', 'src');
    mkdirSync(nested, { recursive: true });
    writeFileSync(path.join(root, 'nx.json'), '{}');
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('finds the repository root by walking up to the directory holding nx.json', () => {
    expect(findRepositoryRoot(nested)).toBe(root);
  });

  // Jest gives tests a copy of process.env that process.loadEnvFile does not write to, so the
  // real loader runs in a child process started in a nested directory of the repository.
  it("loads the root's .env from a nested directory without overriding variables already set", () => {
    writeFileSync(path.join(root, '.env'), 'FROM_FILE=from-file\nALREADY_SET=from-file\n');
    const script = `
      const { loadRepositoryEnv } = require(${JSON.stringify(path.join(__dirname, 'repository-env.ts'))});
      const loaded = loadRepositoryEnv(process.cwd());
      process.stdout.write(JSON.stringify({ loaded, FROM_FILE: process.env.FROM_FILE, ALREADY_SET: process.env.ALREADY_SET }));`;
    const output = execFileSync(process.execPath, ['--require', require.resolve('tsx/cjs'), '-e', script], {
      cwd: nested,
      env: { PATH: process.env.PATH, ALREADY_SET: 'from-environment' },
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual({ loaded: path.join(root, '.env'), FROM_FILE: 'from-file', ALREADY_SET: 'from-environment' });
  });

  it('hands the .env at the root to the loader', () => {
    writeFileSync(path.join(root, '.env'), 'X=1\n');
    const load = jest.fn();
    expect(loadRepositoryEnv(nested, load)).toBe(path.join(root, '.env'));
    expect(load).toHaveBeenCalledWith(path.join(root, '.env'));
  });

  it('does nothing when the repository has no .env', () => {
    const load = jest.fn();
    expect(loadRepositoryEnv(nested, load)).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });

  it('reports an unreadable .env as CONFIG_ERROR', () => {
    writeFileSync(path.join(root, '.env'), 'X=1\n');
    const failing = () => {
      throw new Error('EACCES');
    };
    expect(() => loadRepositoryEnv(nested, failing)).toThrow(expect.objectContaining({ code: 'CONFIG_ERROR', exitCode: 2 }));
  });
});
