import { createServer, type AddressInfo } from 'node:net';
import { Client } from 'pg';
import { isDependencyFailure } from './dependency-failure';

/** A loopback port that nothing listens on: bind one, note it, release it. */
async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function refusedConnectionError(): Promise<unknown> {
  const client = new Client({ host: '127.0.0.1', port: await unusedPort(), user: 'postgres', database: 'postgres' });
  try {
    await client.connect();
  } catch (error) {
    return error;
  }
  await client.end();
  throw new Error('expected the connection to be refused');
}

describe('isDependencyFailure', () => {
  it('is true for the error of a real refused connection (pg Client to an unused port)', async () => {
    const error = await refusedConnectionError();
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isDependencyFailure(error)).toBe(true);
  });

  it('is true when the refused connection is nested in a cause chain', async () => {
    const refused = await refusedConnectionError();
    const wrapped = new Error('load workspace', { cause: new Error('repository query failed', { cause: refused }) });
    expect(isDependencyFailure(wrapped)).toBe(true);
  });

  it('is true when the refused connection is one of an AggregateError', async () => {
    const refused = await refusedConnectionError();
    expect(isDependencyFailure(new AggregateError([new Error('other'), refused], 'all attempts failed'))).toBe(true);
  });

  it.each([
    ['a PostgreSQL admin shutdown', { code: '57P01' }],
    ['too many PostgreSQL connections', { code: '53300' }],
    ['a closed NATS connection', { code: 'CONNECTION_CLOSED' }],
    ['a Prisma unreachable database', { kind: 'DatabaseNotReachable' }],
    ['a terminated connection', new Error('Connection terminated unexpectedly')],
  ])('is true for %s', (_label, error) => {
    expect(isDependencyFailure(error)).toBe(true);
  });

  it('is false for a plain Error, a programming error and a unique violation', () => {
    expect(isDependencyFailure(new Error('something broke'))).toBe(false);
    expect(isDependencyFailure(new TypeError('x is not a function'))).toBe(false);
    expect(isDependencyFailure(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });

  it('is false for values that are not errors', () => {
    expect(isDependencyFailure(undefined)).toBe(false);
    expect(isDependencyFailure(null)).toBe(false);
    expect(isDependencyFailure('ECONNREFUSED')).toBe(false);
  });

  it('terminates on a cause chain that loops back on itself', () => {
    const first = new Error('first');
    const second = new Error('second', { cause: first });
    Object.assign(first, { cause: second });
    expect(isDependencyFailure(first)).toBe(false);
  });
});
