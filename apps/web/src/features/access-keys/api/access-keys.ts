/** The access keys of the signed-in admin's organization: the list (20 a page) and the changes that refresh it. */
import { type AccessKeyBody, type GracePeriod, accessKeyRoutes as routes, type UpdateAccessKeyBody } from '@console/contracts/access-keys';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pagedQuery } from '../../../lib/paged-query';

export const accessKeyKeys = {
  all: ['access-keys'] as const,
  list: () => [...accessKeyKeys.all, 'list'] as const,
};

export const accessKeysQuery = pagedQuery({
  queryKey: accessKeyKeys.list(),
  fetchPage: (query, signal) => api(routes.list, { query }, { signal }),
  items: (page) => page.integrations,
});

export function useAccessKeys() {
  return useInfiniteQuery(accessKeysQuery);
}

/** A change of a key; the list is read again after it. */
function useAccessKeyChange<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: accessKeyKeys.all }) });
}

/** A new key; the answer holds its secret, shown once. */
export const useCreateAccessKey = () => useAccessKeyChange((body: AccessKeyBody) => api(routes.create, { body }));

export const useUpdateAccessKey = () =>
  useAccessKeyChange(({ id, ...body }: UpdateAccessKeyBody & { id: string }) => api(routes.update, { params: { id }, body }));

/** The key stops working at once. */
export const useDeleteAccessKey = () => useAccessKeyChange((id: string) => api(routes.remove, { params: { id } }));

/** A new secret (shown once); the old one works for the grace period. */
export const useRollAccessKey = () =>
  useAccessKeyChange(({ id, gracePeriod }: { id: string; gracePeriod: GracePeriod }) =>
    api(routes.roll, { params: { id }, body: { gracePeriod } }),
  );
