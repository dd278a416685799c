/** POST /integrations: a new key; the answer holds its secret, shown once. */
import type { IntegrationBody, IntegrationView } from '@console/contracts/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { integrationsKey } from './list-integrations';

export interface IntegrationWithKey {
  integration: IntegrationView;
  accessKey: string;
}

export function createIntegration(body: IntegrationBody) {
  return http<IntegrationWithKey>('integrations', { method: 'POST', body });
}

export function useCreateIntegration() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createIntegration, onSuccess: () => client.invalidateQueries({ queryKey: integrationsKey }) });
}
