/** DELETE user-import/{id}: removes an import (its users stay). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { userImportsKey } from './list-user-imports';

export const deleteUserImport = (id: string) => http<unknown>(`user-import/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteUserImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteUserImport,
    onSuccess: () => client.invalidateQueries({ queryKey: userImportsKey }),
  });
}
