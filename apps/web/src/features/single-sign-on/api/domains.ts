/** The organization's verified domains (the Single sign-on screen), and an organization's in the Super area. */
import { domainRoutes as routes, organizationDomainRoutes as staffRoutes } from '@console/contracts/domains';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const domainKeys = {
  all: ['domains'] as const,
  own: () => [...domainKeys.all, 'own'] as const,
  organization: (organizationId: string) => [...domainKeys.all, 'organization', organizationId] as const,
};

export const useDomains = () => useQuery({ queryKey: domainKeys.own(), queryFn: ({ signal }) => api(routes.list, {}, { signal }) });

export const useOrganizationDomains = (organizationId: string) =>
  useQuery({
    queryKey: domainKeys.organization(organizationId),
    queryFn: ({ signal }) => api(staffRoutes.list, { params: { id: organizationId } }, { signal }),
  });

/** A change of a domain; the lists are read again after it, whether it succeeded or not (a failed look is recorded). */
function useDomainChange<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: domainKeys.all }) });
}

export const useClaimDomain = () => useDomainChange((domain: string) => api(routes.claim, { body: { domain } }));
export const useVerifyDomain = () => useDomainChange((id: string) => api(routes.verify, { params: { id } }));
export const useRemoveDomain = () => useDomainChange((id: string) => api(routes.remove, { params: { id } }));
export const useVerifyByHand = () =>
  useDomainChange(({ organizationId, domainId }: { organizationId: string; domainId: string }) =>
    api(staffRoutes.verify, { params: { id: organizationId, domainId } }),
  );
