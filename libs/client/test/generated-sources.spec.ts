import { spawnSync } from 'node:child_process';
import path from 'node:path';

const CLIENT_ROOT = path.resolve(__dirname, '..');

describe('the generated client sources', () => {
  // openapi-typescript loads ES modules Jest cannot: the generator runs as its own process.
  it('are what the OpenAPI document of the contracts generates today (else: npm run generate --workspace @radar/client)', () => {
    const check = spawnSync(process.execPath, [require.resolve('tsx/cli'), 'codegen/generate.ts', '--check'], { cwd: CLIENT_ROOT, encoding: 'utf8' });
    expect({ status: check.status, stderr: check.stderr }).toEqual({ status: 0, stderr: '' });
    expect(check.stdout).toContain('client sources up to date');
  });
});
