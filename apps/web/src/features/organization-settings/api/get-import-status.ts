/** GET organization/{id}/importStatus: how the organization's user and workflow imports stand. */
import type { ImportStatusView } from '@console/contracts/organization-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const importStatusQuery = (id: string) =>
  queryOptions({
    queryKey: ['organizationImportStatus', id],
    queryFn: ({ signal }) => http<{ importStatus: ImportStatusView }>(`organization/${encodeURIComponent(id)}/importStatus`, { signal }),
    select: (data) => data.importStatus,
  });

export function useImportStatus(id: string) {
  return useQuery(importStatusQuery(id));
}
