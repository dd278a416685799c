/** The dashboard's integration health: one call, whose parts are the webhooks', provisioning's and the audit trail's own figures. */
import { dashboardRoutes } from '@console/contracts/dashboard-calls';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const integrationHealthKeys = { all: ['integration-health'] as const };

export const useIntegrationHealth = () =>
  useQuery({ queryKey: integrationHealthKeys.all, queryFn: ({ signal }) => api(dashboardRoutes.integrationHealth, {}, { signal }) });
