/** GET organizationManagers/{id}: one organization manager with its invitation state. */
import type { ManagerView } from '@console/contracts/org-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { organizationsKey } from './list-organizations';

export const managerQuery = (id: string) =>
  queryOptions({
    queryKey: [...organizationsKey, 'manager', id],
    queryFn: ({ signal }) => http<{ manager: ManagerView }>(`organizationManagers/${encodeURIComponent(id)}`, { signal }),
    select: (data) => data.manager,
  });

export function useManager(id: string) {
  return useQuery(managerQuery(id));
}
