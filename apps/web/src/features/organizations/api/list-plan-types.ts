/** GET organization/planTypes: the plan types an organization can have, by name. */
import type { PlanTypeView } from '@console/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const planTypesQuery = queryOptions({
  queryKey: ['planTypes'],
  queryFn: ({ signal }) => http<{ planTypes: PlanTypeView[] }>('organization/planTypes', { signal }),
  select: (data) => data.planTypes,
  staleTime: 5 * 60_000,
});

export function usePlanTypes() {
  return useQuery(planTypesQuery);
}
