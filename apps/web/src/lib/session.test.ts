import { describe, expect, it } from 'vitest';
import { isStaffSession, parseUserInfo } from './session';

const future = new Date(Date.now() + 86_400_000).toISOString();
const info = {
  displayName: 'Ada',
  email: 'ada@acme.example',
  role: 'org_admin',
  allowedRoleTypes: [],
  signInProvider: 'password',
  isStaff: false,
  expirationTime: future,
};

describe('the userInfo cookie', () => {
  it('reads the display data', () => {
    expect(parseUserInfo(JSON.stringify(info))).toEqual(info);
    expect(parseUserInfo(`j:${JSON.stringify(info)}`)?.displayName).toBe('Ada');
    // A cookie from before it carried the role, or with a role it does not know: no role.
    const { role: _role, ...withoutRole } = info;
    expect(parseUserInfo(JSON.stringify(withoutRole))?.role).toBeNull();
    expect(parseUserInfo(JSON.stringify({ ...info, role: 'owner' }))?.role).toBeNull();
  });

  it('ignores a missing, broken or expired cookie', () => {
    expect(parseUserInfo(undefined)).toBeNull();
    expect(parseUserInfo('{not json')).toBeNull();
    expect(parseUserInfo(JSON.stringify({ email: 'x' }))).toBeNull();
    expect(parseUserInfo(JSON.stringify({ ...info, expirationTime: new Date(Date.now() - 1000).toISOString() }))).toBeNull();
  });

  it('treats as staff only the server-marked staff with a role type and no password sign-in', () => {
    const staff = { ...info, isStaff: true, allowedRoleTypes: ['read' as const], signInProvider: 'custom' as const };
    expect(isStaffSession(parseUserInfo(JSON.stringify(staff)))).toBe(true);
    expect(isStaffSession(parseUserInfo(JSON.stringify({ ...staff, signInProvider: 'password' })))).toBe(false);
    expect(isStaffSession(parseUserInfo(JSON.stringify({ ...staff, allowedRoleTypes: [] })))).toBe(false);
    expect(isStaffSession(parseUserInfo(JSON.stringify({ ...staff, isStaff: false })))).toBe(false);
    expect(isStaffSession(null)).toBe(false);
  });
});
