/**
 * The left menu, in order. An entry appears here when its screen exists (routes.tsx);
 * the full menu (docs/product.md, "Screens") is Dashboard, People, Keys, Provisioning, User imports, Analytics, API Docs, and Super
 * for staff.
 */

import type { SvgIconComponent } from '@mui/icons-material';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AssessmentIcon from '@mui/icons-material/Assessment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PeopleIcon from '@mui/icons-material/People';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import type { ParseKeys } from 'i18next';
import { paths } from '../lib/paths';

export interface MenuEntry {
  /** English-form path, as in routes.tsx. */
  to: string;
  label: ParseKeys<'common'>;
  icon: SvgIconComponent;
  staffOnly?: boolean;
}

export const menu: MenuEntry[] = [
  { to: '/dashboard', label: 'nav.dashboard', icon: DashboardIcon },
  { to: paths.people(), label: 'nav.people', icon: PeopleIcon },
  { to: paths.accessKeys(), label: 'nav.keys', icon: VpnKeyIcon },
  { to: paths.provisioning(), label: 'nav.provisioning', icon: SyncAltIcon },
  { to: '/user-imports', label: 'nav.userImports', icon: UploadFileIcon },
  { to: '/analytics', label: 'nav.analytics', icon: AssessmentIcon },
  { to: paths.documentation(), label: 'nav.documentation', icon: MenuBookIcon },
  { to: '/super', label: 'nav.super', icon: AdminPanelSettingsIcon, staffOnly: true },
];

export function visibleMenu(entries: readonly MenuEntry[], isStaff: boolean): MenuEntry[] {
  return entries.filter((entry) => !entry.staffOnly || isStaff);
}
