import DashboardIcon from '@mui/icons-material/Dashboard';
import { expect, it } from 'vitest';
import { permissionsOf } from '../lib/permissions';
import type { SessionInfo } from '../lib/session';
import { type MenuEntry, menu, visibleMenu } from './menu';

const session = (overrides: Partial<SessionInfo>): SessionInfo => ({
  displayName: 'Sam',
  email: 'sam@workframe.io',
  role: 'org_admin',
  allowedRoleTypes: [],
  signInProvider: 'custom',
  isStaff: false,
  expirationTime: new Date(Date.now() + 3_600_000).toISOString(),
  ...overrides,
});
const entriesFor = (info: SessionInfo) => visibleMenu(menu, permissionsOf(info)).map((e) => e.to);

it('shows each entry only to those who may use its screen', () => {
  const entries: MenuEntry[] = [
    { to: '/dashboard', label: 'nav.dashboard', icon: DashboardIcon },
    { to: '/keys', label: 'nav.keys', icon: DashboardIcon, needs: 'adminArea' },
    { to: '/super', label: 'nav.super', icon: DashboardIcon, needs: 'superArea' },
  ];
  const admin = permissionsOf(session({}));
  expect(visibleMenu(entries, admin).map((e) => e.to)).toEqual(['/dashboard', '/keys']);
  expect(visibleMenu(entries, { ...admin, superArea: true }).map((e) => e.to)).toEqual(['/dashboard', '/keys', '/super']);
  expect(visibleMenu(entries, { ...admin, adminArea: false, superArea: true }).map((e) => e.to)).toEqual(['/dashboard', '/super']);
});

it('gives read-only staff who are no Organizational Admin the dashboard and the Super area only', () => {
  const reader = session({ role: 'viewer', allowedRoleTypes: ['read'], isStaff: true });
  expect(entriesFor(reader)).toEqual(['/dashboard', '/super']);
  expect(permissionsOf(reader)).toEqual({ adminArea: false, superArea: true, superView: true, superChanges: false });
  // Staff who are also their organization's admin keep the regular area; `update` allows changes.
  const staffAdmin = session({ allowedRoleTypes: ['read', 'update'], isStaff: true });
  expect(entriesFor(staffAdmin)).toEqual(menu.map((e) => e.to));
  expect(permissionsOf(staffAdmin).superChanges).toBe(true);
  // A password sign-in is never staff (docs/product.md, "Staff"), whatever the role types.
  expect(permissionsOf(session({ allowedRoleTypes: ['update'], isStaff: true, signInProvider: 'password' })).superChanges).toBe(false);
  // A cookie from before it carried the role: the menu as before, the server decides.
  expect(entriesFor(session({ role: null }))).toEqual(menu.filter((e) => e.needs !== 'superArea').map((e) => e.to));
  expect(permissionsOf(null)).toEqual({ adminArea: false, superArea: false, superView: false, superChanges: false });
});

it('lists only screens that exist', async () => {
  const { pages } = await import('./pages');
  for (const entry of menu) expect(pages.map((p) => `/${p.path}`)).toContain(entry.to);
});
