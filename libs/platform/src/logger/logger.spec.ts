import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * pino writes straight to file descriptor 1, past process.stdout, so the logger is exercised
 * in a child process and its real output is read back.
 */
async function logLines(statements: string): Promise<Record<string, unknown>[]> {
  const modulePath = path.join(__dirname, 'index.ts');
  const script = `const { createLogger } = require(${JSON.stringify(modulePath)});\n${statements}`;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '-e', script], { env: { ...process.env, LOG_LEVEL: 'info' } });
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('createLogger', () => {
  let lines: Record<string, unknown>[];

  beforeAll(async () => {
    lines = await logLines(`
      const logger = createLogger('spec-service');
      logger.info({ req: { method: 'GET', headers: { authorization: 'Bearer rdr_leak1', 'user-agent': 'curl' } } }, 'incoming');
      logger.info({ authorization: 'Bearer rdr_leak2', token: 'rdr_leak3', secret: 'whsec_leak4' }, 'credentials');
      logger.child({ request_id: 'req-1' }).warn({ headers: { authorization: 'Bearer rdr_leak5', accept: 'application/json' } }, 'forwarding');
      logger.debug('below the level');
    `);
  });

  it('writes one JSON line per entry at or above its level, naming the service', () => {
    expect(lines.map((line) => line.msg)).toEqual(['incoming', 'credentials', 'forwarding']);
    for (const line of lines) expect(line).toMatchObject({ service: 'spec-service', name: 'spec-service' });
  });

  it('redacts the authorization header of a logged request and keeps the other headers', () => {
    expect(lines[0]).toMatchObject({ req: { method: 'GET', headers: { authorization: '[redacted]', 'user-agent': 'curl' } } });
  });

  it('redacts top-level authorization, token and secret fields', () => {
    expect(lines[1]).toMatchObject({ authorization: '[redacted]', token: '[redacted]', secret: '[redacted]' });
  });

  it('redacts an authorization header logged by a child logger', () => {
    expect(lines[2]).toMatchObject({ request_id: 'req-1', headers: { authorization: '[redacted]', accept: 'application/json' } });
  });

  it('lets no credential through anywhere in the output', () => {
    expect(JSON.stringify(lines)).not.toMatch(/leak\d/);
  });
});
