/**
 * The audit trail's reads (docs/product.md, "Audit trail"): an organization's events, newest
 * first, 50 a page by keyset with "load more", filtered; and the export's address, which the
 * browser downloads itself. An Organizational Admin reads their own organization (`/events`),
 * staff any organization (`/organization/{id}/events`).
 */
import { eventRoutes as routes } from '@console/contracts/events';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, apiHref } from '../../../lib/api';
import { keysetQuery } from '../../../lib/keyset-query';
import { serverFilter, type TrailFilter } from '../trail-filter';

/** Whose trail: the signed-in admin's own organization, or (staff) the one named. */
export interface TrailScope {
  organizationId?: string;
}

export type ExportFormat = 'csv' | 'jsonl';

export const eventKeys = {
  all: ['events'] as const,
  list: (scope: TrailScope, filter: TrailFilter) => [...eventKeys.all, scope.organizationId ?? 'own', filter] as const,
};

export function useEvents(scope: TrailScope, filter: TrailFilter) {
  const query = serverFilter(filter);
  return useInfiniteQuery({
    ...keysetQuery({
      queryKey: eventKeys.list(scope, filter),
      fetchPage: (after, signal) =>
        scope.organizationId
          ? api(routes.listForOrganization, { params: { id: scope.organizationId }, query: { ...query, after } }, { signal })
          : api(routes.list, { query: { ...query, after } }, { signal }),
    }),
    // While a new filter loads, the previous events stay (no flash of an empty trail).
    placeholderData: keepPreviousData,
  });
}

/** The download of the filtered trail: the same filters as the list, in one file. */
export function exportHref(scope: TrailScope, filter: TrailFilter, format: ExportFormat): string {
  const query = { ...serverFilter(filter), format };
  return scope.organizationId
    ? apiHref(routes.exportForOrganization, { params: { id: scope.organizationId }, query })
    : apiHref(routes.export, { query });
}
