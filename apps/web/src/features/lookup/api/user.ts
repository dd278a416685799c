/** A user of any organization by e-mail (GET user/{email}), for the user look-up. */
import { lookupRoutes as routes } from '@console/contracts/lookup';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const userLookupKeys = {
  all: ['lookup', 'user'] as const,
  /** E-mails are compared without case: one cache entry whatever the case typed. */
  one: (email: string) => [...userLookupKeys.all, email.toLowerCase()] as const,
};

/** Asks only once there is an e-mail to look up; "not found" is an answer, not retried. */
export function useLookupUser(email: string) {
  return useQuery({
    queryKey: userLookupKeys.one(email),
    queryFn: ({ signal }) => api(routes.user, { params: { email } }, { signal }),
    select: (data) => data.user,
    retry: false,
    enabled: email !== '',
  });
}
