import { createTokenBodySchema } from './operator';

const user_id = '6d1f0a5e-4a0e-4c55-9f57-3b3f1f7c7c11';
const base = { user_id, name: 'ci', scope: 'read' };

describe('token creation contract', () => {
  it.each([{}, { expires_in_days: 1 }, { expires_in_days: 365 }, { never_expires: true }, { expires_at: '2020-01-01T00:00:00Z' }])(
    'accepts %j',
    (extra) => {
      expect(createTokenBodySchema.safeParse({ ...base, ...extra }).success).toBe(true);
    },
  );

  it.each([{ expires_in_days: 0 }, { expires_in_days: 366 }, { expires_in_days: 2.5 }])('refuses %j naming expires_in_days', (extra) => {
    const parsed = createTokenBodySchema.safeParse({ ...base, ...extra });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['expires_in_days']);
  });

  it('refuses never_expires together with expires_in_days', () => {
    const parsed = createTokenBodySchema.safeParse({ ...base, never_expires: true, expires_in_days: 30 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain('only one of');
  });

  it('refuses a scope other than read or read_write', () => {
    expect(createTokenBodySchema.safeParse({ ...base, scope: 'admin' }).success).toBe(false);
  });
});
