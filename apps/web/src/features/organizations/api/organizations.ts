/**
 * The Super area's organizations: the list (20 a page, filtered by a part of the name,
 * disabled ones on request) and the changes of an organization. One organization is read
 * with `useOrganization` (lib/queries/organization.ts), under `organizationKeys`; every
 * change here invalidates `organizationKeys.all`, so the list, the organization wherever it
 * is shown, and its managers are read again.
 */
import { type OrganizationCreateBody, type OrganizationUpdateBody, organizationRoutes as routes } from '@console/contracts/organizations';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pagedQuery } from '../../../lib/paged-query';
import { organizationKeys } from '../../../lib/queries/organization';

export interface OrganizationsFilter {
  q: string;
  includeDisabled: boolean;
}

export const organizationListKeys = {
  all: organizationKeys.lists(),
  list: (filter: OrganizationsFilter) => [...organizationListKeys.all, filter] as const,
};

export const organizationsQuery = ({ q, includeDisabled }: OrganizationsFilter) =>
  pagedQuery({
    queryKey: organizationListKeys.list({ q, includeDisabled }),
    fetchPage: (page, signal) =>
      api(routes.list, { query: { ...page, q: q || undefined, disabled: includeDisabled ? 'true' : undefined } }, { signal }),
    items: (page) => page.organizations,
  });

export function useOrganizations(filter: OrganizationsFilter) {
  // While a new filter loads, the previous rows stay (no flash of an empty list at each key stroke).
  return useInfiniteQuery({ ...organizationsQuery(filter), placeholderData: keepPreviousData });
}

/** A change of an organization; everything of the organizations is read again after it. */
function useOrganizationChange<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: organizationKeys.all }) });
}

/** A new organization with its first Organizational Admin; the body is the form plus the console's locale. */
export const useCreateOrganization = () => useOrganizationChange((body: OrganizationCreateBody) => api(routes.create, { body }));

/** A new name and plan type, or `disabled: true`, which disables the organization and all its users for good. */
export const useUpdateOrganization = () =>
  useOrganizationChange(({ id, ...body }: OrganizationUpdateBody & { id: string }) => api(routes.update, { params: { id }, body }));

/** Sets the client key of an organization that has none (it never changes after). */
export const useSetClientKey = () =>
  useOrganizationChange(({ id, clientKey }: { id: string; clientKey: string }) =>
    api(routes.setClientKey, { params: { id }, body: { clientKey } }),
  );

/**
 * Whether the server would take `clientKey` for this organization (GET
 * organization/{id}/clientKey/availability), asked before the irreversible set; off until
 * the key is well formed. Never cached: another organization may take the key any time.
 */
export function useClientKeyAvailability(id: string, clientKey: string, enabled: boolean) {
  return useQuery({
    queryKey: [...organizationKeys.one(id), 'clientKeyAvailability', clientKey],
    queryFn: ({ signal }) => api(routes.clientKeyAvailability, { params: { id }, query: { clientKey } }, { signal }),
    enabled,
    gcTime: 0,
    retry: false,
  });
}
