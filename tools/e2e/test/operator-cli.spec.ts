import { randomUUID } from 'node:crypto';
import { freePort } from '@radar/platform/testing';
import { radar, radarFails } from '../src/radar-cli';
import { useStack } from '../src/stack/use-stack';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('radar, the operator CLI, against the running gateway', () => {
  const stack = useStack();

  describe('each command prints one JSON object of the documented shape and exits 0', () => {
    let workspace: { workspace_id: string; owner_user_id: string };

    beforeAll(async () => {
      workspace = await radar(stack(), 'workspace', 'create', '--name', 'Acme', '--credits', '10');
    });

    it('workspace create prints {workspace_id, owner_user_id}', () => {
      expect(Object.keys(workspace).sort()).toEqual(['owner_user_id', 'workspace_id']);
      expect(workspace.workspace_id).toMatch(UUID);
      expect(workspace.owner_user_id).toMatch(UUID);
    });

    it('user create prints {user_id} and user set-role prints {user_id, role}', async () => {
      const created = await radar<{ user_id: string }>(stack(), 'user', 'create', '--workspace', workspace.workspace_id, '--role', 'member');
      expect(Object.keys(created)).toEqual(['user_id']);
      expect(created.user_id).toMatch(UUID);
      const changed = await radar(stack(), 'user', 'set-role', '--user', created.user_id, '--role', 'admin');
      expect(changed).toEqual({ user_id: created.user_id, role: 'admin' });
    });

    it('token create prints {token_id, token, scope, expires_at} with a token of the rdr_ format, and token revoke prints {token_id, revoked: true}', async () => {
      const token = await radar<Record<string, unknown>>(
        stack(),
        'token', 'create', '--user', workspace.owner_user_id, '--name', 'ci', '--scope', 'read_write',
      );
      expect(Object.keys(token).sort()).toEqual(['expires_at', 'scope', 'token', 'token_id']);
      expect(token).toMatchObject({ token_id: expect.stringMatching(UUID), token: expect.stringMatching(/^rdr_[A-Za-z0-9_-]{32,}$/), scope: 'read_write' });
      const revoked = await radar(stack(), 'token', 'revoke', '--token-id', String(token.token_id));
      expect(revoked).toEqual({ token_id: token.token_id, revoked: true });
    });

    it('credits grant prints {workspace_id, balance} with the new balance', async () => {
      const granted = await radar(stack(), 'credits', 'grant', '--workspace', workspace.workspace_id, '--amount', '5');
      expect(granted).toEqual({ workspace_id: workspace.workspace_id, balance: 15 });
    });
  });

  describe('failures print {"error": {code, message}} on stderr and exit non-zero', () => {
    it('refuses a role outside owner|admin|member as USAGE_ERROR, exit 2', async () => {
      const failure = await radarFails(stack(), ['user', 'create', '--workspace', randomUUID(), '--role', 'superuser']);
      expect(failure.code).toBe(2);
      expect(failure.stdout).toBe('');
      expect(failure.error.code).toBe('USAGE_ERROR');
      expect(failure.error.message).toContain('--role');
    });

    it('refuses --credits abc as USAGE_ERROR', async () => {
      const failure = await radarFails(stack(), ['workspace', 'create', '--name', 'Acme', '--credits', 'abc']);
      expect(failure).toMatchObject({ code: 2, error: { code: 'USAGE_ERROR' } });
    });

    it.each([
      ['user set-role', ['user', 'set-role', '--user', randomUUID(), '--role', 'admin']],
      ['token create', ['token', 'create', '--user', randomUUID(), '--name', 'x', '--scope', 'read']],
      ['token revoke', ['token', 'revoke', '--token-id', randomUUID()]],
      ['user create', ['user', 'create', '--workspace', randomUUID(), '--role', 'member']],
      ['credits grant', ['credits', 'grant', '--workspace', randomUUID(), '--amount', '5']],
    ])('%s of an unknown id is NOT_FOUND, exit 1', async (_name, args) => {
      const failure = await radarFails(stack(), args);
      expect(failure).toMatchObject({ code: 1, stdout: '', error: { code: 'NOT_FOUND' } });
    });

    it('reports a wrong OPERATOR_SECRET as OPERATOR_UNAUTHORIZED, exit 1', async () => {
      const failure = await radarFails(stack(), ['workspace', 'create', '--name', 'Intruder'], { OPERATOR_SECRET: 'not-the-operator-secret-at-all-0123456789' });
      expect(failure).toMatchObject({ code: 1, error: { code: 'OPERATOR_UNAUTHORIZED' } });
    });

    it('reports an operator interface nobody listens on as SERVICE_UNAVAILABLE, exit 1', async () => {
      const closed = `http://127.0.0.1:${await freePort()}`;
      const failure = await radarFails(stack(), ['workspace', 'create', '--name', 'Acme'], { RADAR_OPERATOR_URL: closed });
      expect(failure).toMatchObject({ code: 1, error: { code: 'SERVICE_UNAVAILABLE' } });
      expect(failure.error.message).toContain(closed);
    });
  });
});
