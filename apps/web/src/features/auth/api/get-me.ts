/** GET auth/me: the signed-in user, checked by the server. */
import type { AuthenticatedUser } from '@console/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const meQuery = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: ({ signal }) => http<{ user: AuthenticatedUser }>('auth/me', { signal }).then((r) => r.user),
  staleTime: 60_000,
  retry: false,
});

export function useMe() {
  return useQuery(meQuery);
}
