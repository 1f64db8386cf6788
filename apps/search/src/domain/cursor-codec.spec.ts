import { createHmac, randomUUID } from 'node:crypto';
import { isAppError } from '@radar/platform/errors';
import type { SortSpec } from '@radar/company-index';
import { CursorCodec } from './cursor-codec';

const SECRET = 'cursor-codec-spec-secret-0123456789abcdef';
const codec = new CursorCodec(SECRET);
const byName: SortSpec = { field: 'name', order: 'asc', hasQuery: false };

function failure(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error('expected a failure');
}

describe('CursorCodec', () => {
  it('round-trips a position under the same sort', () => {
    const position = { key: 'acme gmbh', id: randomUUID() };
    expect(codec.decode(codec.encode(byName, position), byName)).toEqual(position);
  });

  it('carries null keys (rows missing the sort field) and numeric scores', () => {
    const byEmployees: SortSpec = { field: 'employee_count', order: 'desc', hasQuery: false };
    const missing = { key: null, id: randomUUID() };
    expect(codec.decode(codec.encode(byEmployees, missing), byEmployees)).toEqual(missing);
    const byScore: SortSpec = { field: 'relevance', order: 'desc', hasQuery: true };
    const scored = { key: 0.0607927, id: randomUUID() };
    expect(codec.decode(codec.encode(byScore, scored), byScore)).toEqual(scored);
  });

  it('is base64url JSON of the sort string and the position, then a signature', () => {
    const id = randomUUID();
    const [body] = codec.encode(byName, { key: 'x', id }).split('.');
    expect(JSON.parse(Buffer.from(body as string, 'base64url').toString('utf8'))).toEqual({ s: 'name:asc:noquery', k: 'x', i: id });
  });

  it('carries the engine\'s search session token from page to page', () => {
    const position = { key: 'acme gmbh', id: randomUUID(), session: 'Vq3x_9-kT2mB7yQe1LcZpA' };
    const cursor = codec.encode(byName, position);
    expect(codec.decode(cursor, byName)).toEqual(position);
    expect(JSON.parse(Buffer.from(cursor.split('.')[0] as string, 'base64url').toString('utf8'))).toMatchObject({ p: position.session });
  });

  it('still reads a cursor issued before session tokens: the position without one', () => {
    const id = randomUUID();
    const body = Buffer.from(JSON.stringify({ s: 'name:asc:noquery', k: 'x', i: id })).toString('base64url');
    const signed = `${body}.${createHmac('sha256', SECRET).update(body).digest('base64url')}`;
    expect(codec.decode(signed, byName)).toEqual({ key: 'x', id });
  });

  it('refuses a cursor signed with another secret as INVALID_CURSOR', () => {
    const foreign = new CursorCodec('another-secret-of-enough-length-0123456789');
    expect(failure(() => codec.decode(foreign.encode(byName, { key: 'x', id: randomUUID() }), byName)).code).toBe('INVALID_CURSOR');
  });

  it('refuses a signed cursor whose payload is not a position', () => {
    const body = Buffer.from(JSON.stringify({ s: 'name:asc:noquery', k: 'x' })).toString('base64url');
    const signed = `${body}.${codec.encode(byName, { key: 'x', id: randomUUID() }).split('.')[1]}`;
    expect(failure(() => codec.decode(signed, byName)).code).toBe('INVALID_CURSOR');
  });

  it('names both sorts when a cursor is replayed under another', () => {
    const cursor = codec.encode({ field: 'relevance', order: 'desc', hasQuery: true }, { key: 1.5, id: randomUUID() });
    expect(failure(() => codec.decode(cursor, { field: 'relevance', order: 'desc', hasQuery: false }))).toEqual({
      code: 'CURSOR_SORT_MISMATCH',
      details: { cursor_sort: 'relevance:desc:query', request_sort: 'relevance:desc:noquery' },
    });
  });

  it('lets a query come or go under sorts other than relevance (a filter change, not a sort change)', () => {
    const position = { key: 2001, id: randomUUID() };
    const cursor = codec.encode({ field: 'founded_year', order: 'asc', hasQuery: true }, position);
    expect(codec.decode(cursor, { field: 'founded_year', order: 'asc', hasQuery: false })).toEqual(position);
  });
});
