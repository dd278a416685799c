import DashboardIcon from '@mui/icons-material/Dashboard';
import { expect, it } from 'vitest';
import { type MenuEntry, menu, visibleMenu } from './menu';

it('shows staff-only entries to staff only', () => {
  const entries: MenuEntry[] = [
    { to: '/dashboard', label: 'nav.dashboard', icon: DashboardIcon },
    { to: '/super', label: 'nav.super', icon: DashboardIcon, staffOnly: true },
  ];
  expect(visibleMenu(entries, false).map((e) => e.to)).toEqual(['/dashboard']);
  expect(visibleMenu(entries, true).map((e) => e.to)).toEqual(['/dashboard', '/super']);
});

it('lists only screens that exist', async () => {
  const { pages } = await import('./pages');
  for (const entry of menu) expect(pages.map((p) => `/${p.path}`)).toContain(entry.to);
});
