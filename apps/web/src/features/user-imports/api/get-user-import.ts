/** GET user-import/{id}: one import's details and progress, polled while it runs. */
import type { UserImportView } from '@console/contracts/user-imports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { isLive, LIVE_POLL_MS, userImportsKey } from './list-user-imports';

export const userImportQuery = (id: string) =>
  queryOptions({
    queryKey: [...userImportsKey, 'one', id],
    queryFn: ({ signal }) =>
      http<{ userImport: UserImportView }>(`user-import/${encodeURIComponent(id)}`, { signal }).then((r) => r.userImport),
  });

export function useUserImport(id: string | undefined) {
  return useQuery({
    ...userImportQuery(id ?? ''),
    enabled: !!id,
    refetchInterval: (query) => (query.state.data && isLive(query.state.data) ? LIVE_POLL_MS : false),
  });
}
