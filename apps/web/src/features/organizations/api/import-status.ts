/** How an organization's user imports and workflow imports stand (the Import status tab). */
import { organizationRoutes as routes } from '@console/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const importStatusKeys = {
  all: ['organizationImportStatus'] as const,
  one: (organizationId: string) => [...importStatusKeys.all, organizationId] as const,
};

export const importStatusQuery = (id: string) =>
  queryOptions({
    queryKey: importStatusKeys.one(id),
    queryFn: ({ signal }) => api(routes.importStatus, { params: { id } }, { signal }),
    select: (data) => data.importStatus,
  });

export function useImportStatus(id: string) {
  return useQuery(importStatusQuery(id));
}
