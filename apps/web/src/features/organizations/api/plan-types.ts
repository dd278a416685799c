/** The plan types an organization can have, by name (the create and edit forms' select). */
import { organizationRoutes as routes } from '@console/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const planTypeKeys = {
  all: ['planTypes'] as const,
};

export const planTypesQuery = queryOptions({
  queryKey: planTypeKeys.all,
  queryFn: ({ signal }) => api(routes.planTypes, {}, { signal }),
  select: (data) => data.planTypes,
  staleTime: 5 * 60_000,
});

export function usePlanTypes() {
  return useQuery(planTypesQuery);
}
