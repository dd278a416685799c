/** PUT user-import/{id}/retry: runs again what failed. */
import type { UserImportView } from '@console/contracts/user-imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { userImportsKey } from './list-user-imports';

export const retryUserImport = (id: string) =>
  http<{ userImport: UserImportView }>(`user-import/${encodeURIComponent(id)}/retry`, { method: 'PUT' }).then((r) => r.userImport);

export function useRetryUserImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryUserImport,
    onSuccess: () => client.invalidateQueries({ queryKey: userImportsKey }),
  });
}
