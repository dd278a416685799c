/**
 * The People screen's calls (GET people, GET person/{id}, POST person/{id}/invitation): the
 * organization's directory, by name, 50 a page by keyset with "load more", searched and
 * filtered; one person's profile and where they stand; their invitation sent again. Nothing
 * here changes a user's own fields.
 */
import { type PersonStatus, peopleRoutes as routes, type UserSource } from '@console/contracts/people';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** Sends the person a new invitation (the old link stops working); the person and the list are read again after it. */
export function useResendInvitation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(routes.resendInvitation, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}
