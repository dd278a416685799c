/** GET organization/{id}/settings: every setting of an organization, defaults included. */
import type { OrganizationSettingView } from '@console/contracts/organization-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const organizationSettingsKey = (id: string) => ['organizationSettings', id] as const;

export const organizationSettingsQuery = (id: string) =>
  queryOptions({
    queryKey: organizationSettingsKey(id),
    queryFn: ({ signal }) => http<{ settings: OrganizationSettingView[] }>(`organization/${encodeURIComponent(id)}/settings`, { signal }),
    select: (data) => data.settings,
  });

export function useOrganizationSettings(id: string) {
  return useQuery(organizationSettingsQuery(id));
}
