/** PUT organization/{id}/clientKey: sets the client key of an organization that has none (it never changes after). */
import type { OrganizationView } from '@console/contracts/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { organizationsKey } from './list-organizations';

export function setClientKey({ id, clientKey }: { id: string; clientKey: string }) {
  return http<{ organization: OrganizationView }>(`organization/${encodeURIComponent(id)}/clientKey`, {
    method: 'PUT',
    body: { clientKey },
  });
}

export function useSetClientKey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setClientKey, onSuccess: () => client.invalidateQueries({ queryKey: organizationsKey }) });
}
