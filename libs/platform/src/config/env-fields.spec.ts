import { z } from 'zod';
import { env, loadConfig } from './index';

const parse = <S extends z.ZodType>(schema: S, value: string | undefined) => schema.safeParse(value);

describe('env.port', () => {
  const port = env.port(8080);

  it('falls back to its default when the variable is unset', () => {
    expect(parse(port, undefined)).toEqual({ success: true, data: 8080 });
  });

  it.each([
    ['0', 0],
    ['80', 80],
    ['65535', 65535],
  ])('reads %s as the number %d', (value, expected) => {
    expect(parse(port, value)).toEqual({ success: true, data: expected });
  });

  it.each(['', ' ', 'eighty', '80.5', '-1', '65536', '8080abc'])('rejects %p', (value) => {
    expect(parse(port, value).success).toBe(false);
  });
});

describe('env.boolean', () => {
  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ])('reads %s as %s', (value, expected) => {
    expect(parse(env.boolean(false), value)).toEqual({ success: true, data: expected });
  });

  it('falls back to its default when the variable is unset', () => {
    expect(parse(env.boolean(true), undefined)).toEqual({ success: true, data: true });
    expect(parse(env.boolean(false), undefined)).toEqual({ success: true, data: false });
  });

  it.each(['yes', 'TRUE ', 'on', ''])('rejects %p rather than guessing', (value) => {
    expect(parse(env.boolean(true), value).success).toBe(false);
  });
});

describe('env.secret', () => {
  it('accepts 32 characters or more', () => {
    expect(parse(env.secret(), 's'.repeat(32)).success).toBe(true);
  });

  it('rejects a shorter secret saying how long it must be', () => {
    const result = parse(env.secret(), 's'.repeat(31));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('must be at least 32 characters');
  });

  it('is required', () => {
    expect(parse(env.secret(), undefined).success).toBe(false);
  });
});

describe('env.url', () => {
  it('accepts a URL and rejects a bare host name', () => {
    expect(parse(env.url(), 'nats://127.0.0.1:4222').success).toBe(true);
    expect(parse(env.url(), '127.0.0.1').success).toBe(false);
  });
});

describe('env.optionalUrl', () => {
  const schema = z.object({ SEARCH_URL: env.optionalUrl() });

  it('reads an unset or empty variable as absent', () => {
    expect(loadConfig(schema, {})).toEqual({ SEARCH_URL: undefined });
    expect(loadConfig(schema, { SEARCH_URL: '' })).toEqual({ SEARCH_URL: undefined });
  });

  it('keeps a URL and refuses anything else, naming the variable', () => {
    expect(loadConfig(schema, { SEARCH_URL: 'http://search:8083' }).SEARCH_URL).toBe('http://search:8083');
    expect(() => loadConfig(schema, { SEARCH_URL: 'not a url' })).toThrow(/SEARCH_URL is invalid/);
  });
});
