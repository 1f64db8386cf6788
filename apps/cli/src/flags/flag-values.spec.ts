import { z } from 'zod';
import { CliError } from '../cli-error';
import { integerFlag, switchFlag, validateFlags } from './flag-values';

function usageMessageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof CliError && error.code === 'USAGE_ERROR' && error.exitCode === 2) return error.message;
    throw error;
  }
  throw new Error('expected a USAGE_ERROR');
}

describe('integerFlag', () => {
  it.each([
    ['0', 0],
    ['42', 42],
    ['-7', -7],
    ['+3', 3],
    ['007', 7],
  ])('reads %j as %d', (raw, value) => {
    expect(integerFlag({ amount: raw }, 'amount', '--amount')).toBe(value);
  });

  it('is undefined when the flag was not given', () => {
    expect(integerFlag({}, 'amount', '--amount')).toBeUndefined();
  });

  it.each([['abc'], ['1.5'], ['1e3'], ['0x10'], [''], [' 5'], ['5 '], ['9007199254740993']])('refuses %j, naming the flag', (raw) => {
    expect(usageMessageOf(() => integerFlag({ amount: raw }, 'amount', '--amount'))).toBe(
      `--amount must be a whole number, got ${JSON.stringify(raw)}`,
    );
  });
});

describe('switchFlag', () => {
  it('is true when given and undefined (left out of bodies) when not', () => {
    expect(switchFlag({ neverExpires: true }, 'neverExpires')).toBe(true);
    expect(switchFlag({}, 'neverExpires')).toBeUndefined();
  });
});

describe('validateFlags', () => {
  const schema = z.strictObject({ workspace_id: z.uuid(), expires_in_days: z.number().int().min(1).optional() });

  it('returns the parsed body when valid', () => {
    const id = '8b0a3c52-5d1e-4c1a-9f39-0f8f7a0f2b11';
    expect(validateFlags(schema, { workspace_id: id, expires_in_days: 3 })).toEqual({ workspace_id: id, expires_in_days: 3 });
  });

  it('names the flag of each bad field: derived from the field, or as the verb renames it, with the value given', () => {
    const message = usageMessageOf(() => validateFlags(schema, { workspace_id: 'acme', expires_in_days: 0 }, { workspace_id: '--workspace' }));
    expect(message).toMatch(/^--workspace: .*\(got "acme"\); --expires-in-days: .*\(got 0\)$/);
  });
});
