/** PUT /integration/{id}: a new name and description. */
import type { IntegrationBody, IntegrationView } from '@console/contracts/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { integrationsKey } from './list-integrations';

export function updateIntegration({ id, ...body }: IntegrationBody & { id: string }) {
  return http<{ integration: IntegrationView }>(`integration/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateIntegration() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateIntegration, onSuccess: () => client.invalidateQueries({ queryKey: integrationsKey }) });
}
