import { roleMayEdit, scopeAllows } from './route-access';

describe('route access', () => {
  it('lets a read_write token call everything and a read token only what needs read', () => {
    expect(scopeAllows('read_write', 'read_write')).toBe(true);
    expect(scopeAllows('read_write', 'read')).toBe(true);
    expect(scopeAllows('read', 'read')).toBe(true);
    expect(scopeAllows('read', 'read_write')).toBe(false);
  });

  it('lets owners and admins edit, not members nor a user gone from the workspace', () => {
    expect(roleMayEdit('owner')).toBe(true);
    expect(roleMayEdit('admin')).toBe(true);
    expect(roleMayEdit('member')).toBe(false);
    expect(roleMayEdit(null)).toBe(false);
  });
});
