/** DELETE /integration/{id}: the key stops working at once; answers removedIntegration. */
import type { IntegrationView } from '@console/contracts/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { integrationsKey } from './list-integrations';

export function deleteIntegration(id: string) {
  return http<{ removedIntegration: IntegrationView }>(`integration/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteIntegration() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteIntegration, onSuccess: () => client.invalidateQueries({ queryKey: integrationsKey }) });
}
