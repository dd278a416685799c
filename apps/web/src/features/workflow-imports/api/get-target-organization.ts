/** GET organization/{id}: the target organization's name and state, for the screen's heading. */
import type { OrganizationView } from '@console/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { workflowImportKey } from './keys';

export const targetOrganizationQuery = (id: string) =>
  queryOptions({
    queryKey: [...workflowImportKey, 'target', id],
    queryFn: ({ signal }) => http<{ organization: OrganizationView }>(`organization/${encodeURIComponent(id)}`, { signal }),
    select: (data) => data.organization,
  });

export function useTargetOrganization(id: string) {
  return useQuery(targetOrganizationQuery(id));
}
