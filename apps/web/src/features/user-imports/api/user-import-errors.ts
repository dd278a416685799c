/** The grouped errors of an import, filtered by e-mail (any case), 50 a page with "load more"; and the CSV of them all. */
import { userImportRoutes as routes } from '@console/contracts/user-imports';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, apiHref } from '../../../lib/api';
import { pagedQuery } from '../../../lib/paged-query';
import { userImportKeys } from './user-imports';

const LIMIT = 50;

export const userImportErrorsQuery = (id: string, email: string) =>
  pagedQuery({
    queryKey: userImportKeys.errors(id, email),
    fetchPage: (page, signal) => api(routes.errors, { params: { id }, query: { ...page, email: email || undefined } }, { signal }),
    items: (page) => page.errors,
    limit: LIMIT,
  });

export function useUserImportErrors(id: string, email: string) {
  return useInfiniteQuery({ ...userImportErrorsQuery(id, email), placeholderData: keepPreviousData });
}

/** Every error as CSV: a plain link, the browser downloads it with the session cookie. */
export const userImportErrorsCsvHref = (id: string) => apiHref(routes.errorsCsv, { params: { id } });
