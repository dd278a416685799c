/** The Provisioning screen's state (tokens, defaults, the admins setting), its events (20 a page) and the changes that refresh them. */
import type { GracePeriod } from '@console/contracts/access-keys';
import { type ProvisioningConfig, provisioningRoutes as routes, type ScimTokenBody } from '@console/contracts/provisioning';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pagedQuery } from '../../../lib/paged-query';

export const provisioningKeys = {
  all: ['provisioning'] as const,
  state: () => [...provisioningKeys.all, 'state'] as const,
  events: () => [...provisioningKeys.all, 'events'] as const,
};

export const useProvisioning = () =>
  useQuery({ queryKey: provisioningKeys.state(), queryFn: ({ signal }) => api(routes.get, {}, { signal }) });

export const scimEventsQuery = pagedQuery({
  queryKey: provisioningKeys.events(),
  fetchPage: (query, signal) => api(routes.events, { query }, { signal }),
  items: (page) => page.events,
});

export const useScimEvents = () => useInfiniteQuery(scimEventsQuery);

function useProvisioningChange<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: provisioningKeys.state() }) });
}

/** A new token, with the name given; the answer holds its secret, shown once. */
export const useCreateScimToken = () => useProvisioningChange((body: ScimTokenBody) => api(routes.createToken, { body }));
export const useRenameScimToken = () =>
  useProvisioningChange(({ id, name }: { id: string; name: string }) => api(routes.renameToken, { params: { id }, body: { name } }));
export const useRollScimToken = () =>
  useProvisioningChange(({ id, gracePeriod }: { id: string; gracePeriod: GracePeriod }) =>
    api(routes.rollToken, { params: { id }, body: { gracePeriod } }),
  );
export const useRevokeScimToken = () => useProvisioningChange((id: string) => api(routes.revokeToken, { params: { id } }));
export const useUpdateProvisioningConfig = () => useProvisioningChange((body: ProvisioningConfig) => api(routes.updateConfig, { body }));
/** Lets the identity provider change Organizational Admins, or stops it: saved on its own, never with the defaults. */
export const useUpdateManagesAdmins = () =>
  useProvisioningChange((managesAdmins: boolean) => api(routes.updateManagesAdmins, { body: { managesAdmins } }));
