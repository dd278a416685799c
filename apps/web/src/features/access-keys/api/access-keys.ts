/** The changes to the signed-in admin's access keys, each refreshing the list (access-keys-list.ts). */
import { type AccessKeyBody, type GracePeriod, accessKeyRoutes as routes, type UpdateAccessKeyBody } from '@console/contracts/access-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { accessKeyKeys } from './access-keys-list';

export { accessKeyKeys, accessKeysQuery, useAccessKeys } from './access-keys-list';

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
