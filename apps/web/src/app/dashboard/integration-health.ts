/** The dashboard's integration health: one call, whose parts are the webhooks', provisioning's and the audit trail's own figures. */
import { integrationHealthRoutes as routes } from '@console/contracts/integration-health';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const integrationHealthKeys = { all: ['integration-health'] as const };

export const useIntegrationHealth = () =>
  useQuery({ queryKey: integrationHealthKeys.all, queryFn: ({ signal }) => api(routes.get, {}, { signal }) });
