/** An organization as the Super area's API lists and shows it, for screen tests: organization `n`, with `overrides`. */
import type { OrganizationListItem, OrganizationView } from '@console/contracts/organizations';

export const organizationId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function anOrganizationListItem(n: number, overrides: Partial<OrganizationListItem> = {}): OrganizationListItem {
  return {
    id: organizationId(n),
    name: `Org ${n}`,
    planType: 'Team',
    defaultGroup: null,
    clientKey: `org${n}`,
    isStaff: false,
    disabled: false,
    disabledAt: null,
    createdAt: '2026-01-15T09:30:00.000Z',
    locale: 'en',
    platformAppUrl: null,
    regularUsersCount: 5,
    adminsCount: 1,
    ...overrides,
  };
}

export function anOrganization(n: number, overrides: Partial<OrganizationView> = {}): OrganizationView {
  return { ...anOrganizationListItem(n), workspacesCount: 0, admins: [], moreAdmins: 0, ...overrides };
}
