/** GET user-import/{id}/errors?email: the grouped errors, filtered by e-mail (any case), 50 a page. */
import type { UserImportErrorView } from '@console/contracts/user-imports';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { userImportsKey } from './list-user-imports';

const LIMIT = 50;

export const userImportErrorsQuery = (id: string, email: string) =>
  infiniteQueryOptions({
    queryKey: [...userImportsKey, 'errors', id, email],
    queryFn: ({ pageParam, signal }) =>
      http<{ errors: UserImportErrorView[]; total: number }>(`user-import/${encodeURIComponent(id)}/errors`, {
        query: { page: pageParam, limit: LIMIT, email: email || undefined },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * LIMIT < last.total ? pages.length + 1 : undefined),
  });

export function useUserImportErrors(id: string, email: string) {
  return useInfiniteQuery({ ...userImportErrorsQuery(id, email), placeholderData: keepPreviousData });
}
