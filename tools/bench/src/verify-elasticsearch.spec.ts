import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { NO_CLUSTER_EXIT_CODE } from './verify-elasticsearch';

const ROOT = path.resolve(__dirname, '../../..');

describe('npm run verify:elasticsearch', () => {
  it('exits with code 2 and says what to set when no cluster is named (ELASTICSEARCH_URL unset)', () => {
    const { ELASTICSEARCH_URL: _url, ...environment } = process.env;
    const run = spawnSync('npm', ['run', '--silent', 'verify:elasticsearch'], { cwd: ROOT, env: environment, encoding: 'utf8', timeout: 120_000 });
    expect(run.status).toBe(NO_CLUSTER_EXIT_CODE);
    expect(run.stderr).toContain('verify:elasticsearch needs a cluster: set ELASTICSEARCH_URL');
    expect(run.stdout).not.toContain('PASS');
  });
});
