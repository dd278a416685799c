/** The dashboard's integration health: one call, whose parts are the webhooks', provisioning's and the audit trail's own figures. */
import { dashboardRoutes } from '@console/contracts/dashboard-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const integrationHealthKeys = { all: ['integration-health'] as const };

/** The call, as the card reads it and as the page asks for it ahead of the card's code (DashboardPage). */
export const integrationHealthQuery = queryOptions({
  queryKey: integrationHealthKeys.all,
  queryFn: ({ signal }) => api(dashboardRoutes.integrationHealth, {}, { signal }),
});

export const useIntegrationHealth = () => useQuery(integrationHealthQuery);
