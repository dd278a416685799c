/**
 * GET organization/{id}, for the settings screen's heading and whether the organization is
 * disabled. The same cache entry as the organization details (the Super organizations'
 * key), so a change made there shows here too.
 */
import type { OrganizationView } from '@console/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const organizationHeaderQuery = (id: string) =>
  queryOptions({
    queryKey: ['organizations', 'one', id],
    queryFn: ({ signal }) => http<{ organization: OrganizationView }>(`organization/${encodeURIComponent(id)}`, { signal }),
    select: (data) => data.organization,
  });

export function useOrganizationHeader(id: string) {
  return useQuery(organizationHeaderQuery(id));
}
