/**
 * One organization (GET organization/{id}), under one cache key wherever it is shown: the
 * Super area's details dialog, the settings screen's heading and the workflow-import
 * screen's target. An edit invalidates `organizationKeys.all` and every screen sees it.
 * Shared here because several features show it and a feature never imports another.
 */
import { organizationRoutes } from '@console/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

export const organizationKeys = {
  all: ['organizations'] as const,
  lists: () => [...organizationKeys.all, 'list'] as const,
  one: (id: string) => [...organizationKeys.all, 'one', id] as const,
};

export const organizationQuery = (id: string) =>
  queryOptions({
    queryKey: organizationKeys.one(id),
    queryFn: ({ signal }) => api(organizationRoutes.get, { params: { id } }, { signal }),
    select: (data) => data.organization,
  });

export function useOrganization(id: string) {
  return useQuery(organizationQuery(id));
}
