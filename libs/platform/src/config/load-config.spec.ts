import { z } from 'zod';
import { ConfigError, env, loadConfig } from './index';

const schema = z.object({
  DATABASE_URL: env.url(),
  SIGNING_SECRET: env.secret(),
  PORT: env.port(8080),
  RUN_MIGRATIONS: env.boolean(true),
  LOG_LEVEL: env.logLevel(),
});

const validEnv = {
  DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/radar',
  SIGNING_SECRET: 'x'.repeat(32),
};

function configErrorOf(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('returns the typed config with defaults filled in', () => {
    expect(loadConfig(schema, validEnv)).toEqual({
      DATABASE_URL: validEnv.DATABASE_URL,
      SIGNING_SECRET: validEnv.SIGNING_SECRET,
      PORT: 8080,
      RUN_MIGRATIONS: true,
      LOG_LEVEL: 'info',
    });
  });

  it('names every missing and every bad variable in one ConfigError', () => {
    const error = configErrorOf(() =>
      loadConfig(schema, { SIGNING_SECRET: 'short', PORT: 'eighty', RUN_MIGRATIONS: 'yes', LOG_LEVEL: 'loud' }),
    );
    expect(error.name).toBe('ConfigError');
    expect(error.problems).toHaveLength(5);
    expect(error.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^DATABASE_URL is missing/),
        expect.stringMatching(/^SIGNING_SECRET is invalid: must be at least 32 characters/),
        expect.stringMatching(/^PORT is invalid/),
        expect.stringMatching(/^RUN_MIGRATIONS is invalid/),
        expect.stringMatching(/^LOG_LEVEL is invalid/),
      ]),
    );
    for (const name of ['DATABASE_URL', 'SIGNING_SECRET', 'PORT', 'RUN_MIGRATIONS', 'LOG_LEVEL']) {
      expect(error.message).toContain(name);
    }
  });

  it('never puts the value of a bad secret in the error', () => {
    const error = configErrorOf(() => loadConfig(schema, { ...validEnv, SIGNING_SECRET: 'hunter2-is-my-password' }));
    expect(error.message).toContain('SIGNING_SECRET');
    expect(error.message).not.toContain('hunter2-is-my-password');
  });

  it('reads process.env when no source is given', () => {
    const narrow = z.object({ RADAR_CONFIG_SPEC_MARKER: z.string() });
    process.env.RADAR_CONFIG_SPEC_MARKER = 'from-process-env';
    try {
      expect(loadConfig(narrow).RADAR_CONFIG_SPEC_MARKER).toBe('from-process-env');
    } finally {
      delete process.env.RADAR_CONFIG_SPEC_MARKER;
    }
  });
});
