/**
 * The left menu, in order. An entry appears here when its screen exists (routes.tsx);
 * the full menu (docs/product.md, "Screens") is Dashboard, People, Keys, Provisioning, Webhooks, Single sign-on, User imports, Analytics, API Docs, Audit trail, Request log, and Super
 * for staff. An entry shows only to those who may use its screen (lib/permissions.ts): the
 * regular area's to Organizational Admins, Super to staff.
 */

import type { SvgIconComponent } from '@mui/icons-material';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AssessmentIcon from '@mui/icons-material/Assessment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import HistoryIcon from '@mui/icons-material/History';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import WebhookIcon from '@mui/icons-material/Webhook';
import type { ParseKeys } from 'i18next';
import { paths } from '../lib/paths';
import type { Permission, Permissions } from '../lib/permissions';

export interface MenuEntry {
  /** English-form path, as in routes.tsx. */
  to: string;
  label: ParseKeys<'common'>;
  icon: SvgIconComponent;
  /** What the person needs to see the entry (its page's guard asks the same). */
  needs?: Permission;
}

export const menu: MenuEntry[] = [
  { to: '/dashboard', label: 'nav.dashboard', icon: DashboardIcon },
  { to: paths.people(), label: 'nav.people', icon: PeopleIcon, needs: 'adminArea' },
  { to: paths.accessKeys(), label: 'nav.keys', icon: VpnKeyIcon, needs: 'adminArea' },
  { to: paths.provisioning(), label: 'nav.provisioning', icon: SyncAltIcon, needs: 'adminArea' },
  { to: paths.webhooks(), label: 'nav.webhooks', icon: WebhookIcon, needs: 'adminArea' },
  { to: paths.singleSignOn(), label: 'nav.singleSignOn', icon: VerifiedUserIcon, needs: 'adminArea' },
  { to: '/user-imports', label: 'nav.userImports', icon: UploadFileIcon, needs: 'adminArea' },
  { to: '/analytics', label: 'nav.analytics', icon: AssessmentIcon, needs: 'adminArea' },
  { to: paths.documentation(), label: 'nav.documentation', icon: MenuBookIcon, needs: 'adminArea' },
  { to: paths.auditTrail(), label: 'nav.auditTrail', icon: HistoryIcon, needs: 'adminArea' },
  { to: paths.requestLog(), label: 'nav.requestLog', icon: ReceiptLongIcon, needs: 'adminArea' },
  { to: '/super', label: 'nav.super', icon: AdminPanelSettingsIcon, needs: 'superArea' },
];

export function visibleMenu(entries: readonly MenuEntry[], permissions: Permissions): MenuEntry[] {
  return entries.filter((entry) => !entry.needs || permissions[entry.needs]);
}
