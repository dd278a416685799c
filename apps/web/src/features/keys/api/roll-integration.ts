/** POST /integration/{id}/roll: a new secret (shown once); the old one works for the grace period. */
import type { GracePeriod } from '@console/contracts/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { IntegrationWithKey } from './create-integration';
import { integrationsKey } from './list-integrations';

export function rollIntegration({ id, gracePeriod }: { id: string; gracePeriod: GracePeriod }) {
  return http<IntegrationWithKey>(`integration/${encodeURIComponent(id)}/roll`, { method: 'POST', body: { gracePeriod } });
}

export function useRollIntegration() {
  const client = useQueryClient();
  return useMutation({ mutationFn: rollIntegration, onSuccess: () => client.invalidateQueries({ queryKey: integrationsKey }) });
}
