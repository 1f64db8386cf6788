import { createToken, createUser, createWorkspace } from '../src/operator-world';
import { callApi } from '../src/public-api';
import { radar } from '../src/radar-cli';
import { useStack } from '../src/stack/use-stack';

// A monitor change that passes the gateway's role and scope checks reaches monitor-scheduler and
// creates the monitor (201); one refused by them answers 403 and creates nothing.
const newMonitor = { name: 'e2e', domains: ['example.com'], signal_types: ['news_events'] };

describe("a user's role, read on every monitor change", () => {
  const stack = useStack();

  it('takes monitor-change rights away on the next request when an admin is demoted to member, and gives them back on promotion', async () => {
    const workspace = await createWorkspace(stack(), 'Roles');
    const adminId = await createUser(stack(), workspace.workspace_id, 'admin');
    const { token } = await createToken(stack(), adminId, 'read_write');

    const asAdmin = await callApi(stack(), 'POST', '/monitors', token, newMonitor);
    expect(asAdmin.status).toBe(201);

    await radar(stack(), 'user', 'set-role', '--user', adminId, '--role', 'member');
    const asMember = await callApi(stack(), 'POST', '/monitors', token, newMonitor);
    expect(asMember.status).toBe(403);
    expect(asMember.body).toMatchObject({ detail: { code: 'WORKSPACE_EDIT_FORBIDDEN' } });

    await radar(stack(), 'user', 'set-role', '--user', adminId, '--role', 'admin');
    const promotedAgain = await callApi(stack(), 'POST', '/monitors', token, newMonitor);
    expect(promotedAgain.status).toBe(201);
    const monitors = await callApi(stack(), 'GET', '/monitors', token);
    expect(monitors.body).toMatchObject({ total: 2 });
  });

  it('refuses a monitor change with a read token as 403 INSUFFICIENT_SCOPE, whatever the role', async () => {
    const workspace = await createWorkspace(stack(), 'Scopes');
    const { token } = await createToken(stack(), workspace.owner_user_id, 'read');
    const response = await callApi(stack(), 'POST', '/monitors', token, newMonitor);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ detail: { code: 'INSUFFICIENT_SCOPE' } });
  });
});
