/**
 * The People screen's reads (GET people, GET person/{id}): the organization's directory, by
 * name, 50 a page by keyset with "load more", searched and filtered; one person's profile.
 * Read-only: nothing here changes a user.
 */
import { type PersonStatus, peopleRoutes as routes, type UserSource } from '@console/contracts/people';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { keysetQuery } from '../../../lib/keyset-query';

export interface PeopleFilter {
  q: string;
  status?: PersonStatus;
  source?: UserSource;
}

export const peopleKeys = {
  all: ['people'] as const,
  list: (filter: PeopleFilter) => [...peopleKeys.all, 'list', filter] as const,
  one: (id: string) => [...peopleKeys.all, 'one', id] as const,
};

export const peopleQuery = ({ q, status, source }: PeopleFilter) =>
  keysetQuery({
    queryKey: peopleKeys.list({ q, status, source }),
    fetchPage: (after, signal) => api(routes.list, { query: { q: q || undefined, status, source, after } }, { signal }),
  });

export function usePeople(filter: PeopleFilter) {
  // While a new search loads, the previous rows stay (no flash of an empty list at each key stroke).
  return useInfiniteQuery({ ...peopleQuery(filter), placeholderData: keepPreviousData });
}

/** One person; "not found" (another organization's, or no one's) is an answer, not retried. */
export function usePerson(id: string) {
  return useQuery({
    queryKey: peopleKeys.one(id),
    queryFn: ({ signal }) => api(routes.get, { params: { id } }, { signal }),
    select: (data) => data.person,
    retry: false,
  });
}
