/** Users of every organization whose e-mail starts with a text (GET users?email=), by keyset pages, for the user look-up. */
import { lookupRoutes as routes } from '@console/contracts/lookup';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { keysetQuery } from '../../../lib/keyset-query';
import { userLookupKeys } from './user';

/** Asks only once there is a text; compared without case, so one cache entry whatever the case typed. */
export function useUsersByEmailStart(start: string) {
  return useInfiniteQuery(
    keysetQuery({
      queryKey: [...userLookupKeys.all, 'start', start.toLowerCase()] as const,
      fetchPage: (after, signal) => api(routes.searchUsers, { query: { email: start, after } }, { signal }),
      enabled: start !== '',
    }),
  );
}
