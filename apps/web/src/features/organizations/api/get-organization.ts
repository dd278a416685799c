/** GET organization/{id}: one organization with its admins, for the details dialog. */
import type { OrganizationView } from '@console/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { organizationsKey } from './list-organizations';

export const organizationQuery = (id: string) =>
  queryOptions({
    queryKey: [...organizationsKey, 'one', id],
    queryFn: ({ signal }) => http<{ organization: OrganizationView }>(`organization/${encodeURIComponent(id)}`, { signal }),
    select: (data) => data.organization,
  });

export function useOrganization(id: string) {
  return useQuery(organizationQuery(id));
}
