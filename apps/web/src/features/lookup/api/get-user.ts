/** GET user/{email}: a user of any organization by e-mail (staff), for the user look-up. */
import type { LookupUserView } from '@console/contracts/lookup';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const lookupUserQuery = (email: string) =>
  queryOptions({
    queryKey: ['lookup', 'user', email.toLowerCase()],
    queryFn: ({ signal }) => http<{ user: LookupUserView }>(`user/${encodeURIComponent(email)}`, { signal }),
    select: (data) => data.user,
    retry: false,
  });

/** Asks only once there is an e-mail to look up. */
export function useLookupUser(email: string) {
  return useQuery({ ...lookupUserQuery(email), enabled: email !== '' });
}
