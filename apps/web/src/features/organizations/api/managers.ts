/**
 * An organization's managers (20 a page, the most recent first), one manager with its
 * invitation state, adding one and resending an invitation. Under the organizations' key:
 * a change to an organization reloads its managers too, and a change of a manager reloads
 * the organization (its admins change).
 */
import { type ManagerCreateBody, organizationRoutes as routes } from '@console/contracts/organizations';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pagedQuery } from '../../../lib/paged-query';
import { organizationKeys } from '../../../lib/queries/organization';

export const managerKeys = {
  all: [...organizationKeys.all, 'managers'] as const,
  list: (organizationId: string) => [...managerKeys.all, 'list', organizationId] as const,
  one: (id: string) => [...managerKeys.all, 'one', id] as const,
};

export const managersQuery = (organizationId: string) =>
  pagedQuery({
    queryKey: managerKeys.list(organizationId),
    fetchPage: (query, signal) => api(routes.listManagers, { params: { id: organizationId }, query }, { signal }),
    items: (page) => page.managers,
  });

export function useManagers(organizationId: string) {
  return useInfiniteQuery(managersQuery(organizationId));
}

export const managerQuery = (id: string) =>
  queryOptions({
    queryKey: managerKeys.one(id),
    queryFn: ({ signal }) => api(routes.getManager, { params: { id } }, { signal }),
    select: (data) => data.manager,
  });

export function useManager(id: string) {
  return useQuery(managerQuery(id));
}

/** A change of a manager; the organization and its managers are read again after it. */
function useManagerChange<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: organizationKeys.all }) });
}

/**
 * Makes a person a manager (Organizational Admin) of the organization; a new e-mail is
 * invited. Answers `{ pendingInvitation, invitationEmail, manager }`.
 */
export const useAddManager = () =>
  useManagerChange(({ organizationId, ...body }: ManagerCreateBody & { organizationId: string }) =>
    api(routes.addManager, { params: { id: organizationId }, body }),
  );

/** E-mails a manager a new invitation (pending or expired ones only); the old link stops working. */
export const useResendManagerInvitation = () =>
  useManagerChange(({ organizationId, managerId }: { organizationId: string; managerId: string }) =>
    api(routes.resendManagerInvitation, { params: { id: organizationId, managerId } }),
  );
